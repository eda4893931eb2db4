// A travel tenant declared in Go with the generated SDK of the provider plugin `travel`
// (sdk/go of pulumi-travel): a company, a legal entity, an office, cost centers read from
// cost-centers.csv, a checkout question (custom field) with an arm for the legal entity's staff
// and that arm's options, and a lookup of the company's standard group `Travelers`.
package main

import (
	"encoding/csv"
	"fmt"
	"os"

	"github.com/pulumi-travel/pulumi-travel/sdk/go/travel"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

// costCenter is one row of cost-centers.csv.
type costCenter struct{ name, externalID string }

// readCostCenters reads the rows of a CSV file with the header `name,externalId`.
func readCostCenters(path string) ([]costCenter, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	rows, err := csv.NewReader(file).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(rows) == 0 || len(rows[0]) != 2 || rows[0][0] != "name" || rows[0][1] != "externalId" {
		return nil, fmt.Errorf("%s: the first row must be the header name,externalId", path)
	}
	centers := make([]costCenter, 0, len(rows)-1)
	for i, row := range rows[1:] {
		if row[0] == "" {
			return nil, fmt.Errorf("%s, row %d: the name is empty", path, i+2)
		}
		centers = append(centers, costCenter{name: row[0], externalID: row[1]})
	}
	return centers, nil
}

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		centers, err := readCostCenters("cost-centers.csv")
		if err != nil {
			return err
		}

		acme, err := travel.NewCompany(ctx, "acme", &travel.CompanyArgs{
			Name:            pulumi.String("Acme Corporation"),
			BillingCurrency: pulumi.String("USD"),
			EmailDomains:    pulumi.StringArray{pulumi.String("acme.example")},
			ExternalId:      pulumi.String("acme"),
			PostalAddress: &travel.CompanyPostalAddressArgs{
				AddressLines: pulumi.StringArray{pulumi.String("1 Main Street")},
				RegionCode:   pulumi.String("US"),
				Locality:     pulumi.String("Springfield"),
				PostalCode:   pulumi.String("12345"),
			},
		})
		if err != nil {
			return err
		}

		acmeUS, err := travel.NewLegalEntity(ctx, "acme-us", &travel.LegalEntityArgs{
			CompanyId:       acme.CompanyId,
			Name:            pulumi.String("Acme US Inc."),
			BillingCurrency: pulumi.String("USD"),
			ExternalId:      pulumi.String("acme-us"),
			Address: &travel.LegalEntityAddressArgs{
				AddressLines: pulumi.StringArray{pulumi.String("1 Main Street")},
				RegionCode:   pulumi.String("US"),
				Locality:     pulumi.String("Springfield"),
				PostalCode:   pulumi.String("12345"),
			},
		})
		if err != nil {
			return err
		}

		office, err := travel.NewOffice(ctx, "springfield", &travel.OfficeArgs{
			CompanyId:     acme.CompanyId,
			LegalEntityId: acmeUS.LegalEntityId,
			Name:          pulumi.String("Springfield HQ"),
			Address: &travel.OfficeAddressArgs{
				AddressLines: pulumi.StringArray{pulumi.String("1 Main Street")},
				RegionCode:   pulumi.String("US"),
				Locality:     pulumi.String("Springfield"),
				PostalCode:   pulumi.String("12345"),
			},
		})
		if err != nil {
			return err
		}

		costCenterIDs := pulumi.StringMap{}
		for _, center := range centers {
			created, err := travel.NewCostCenter(ctx, center.externalID, &travel.CostCenterArgs{
				CompanyId:  acme.CompanyId,
				Name:       pulumi.String(center.name),
				ExternalId: pulumi.String(center.externalID),
			})
			if err != nil {
				return err
			}
			costCenterIDs[center.externalID] = created.CostCenterId
		}

		// A checkout question; its arm says who answers it and how. A USER + MANUAL arm lists
		// its options in the option group the platform made with it.
		projectCode, err := travel.NewCustomField(ctx, "project-code", &travel.CustomFieldArgs{
			CompanyId:   acme.CompanyId,
			Name:        pulumi.String("Project code"),
			Description: pulumi.String("The project this trip is billed to"),
			Enabled:     pulumi.Bool(true),
		})
		if err != nil {
			return err
		}
		arm, err := travel.NewArm(ctx, "project-code-us", &travel.ArmArgs{
			CompanyId:     acme.CompanyId,
			CustomFieldId: projectCode.CustomFieldId,
			Name:          pulumi.String("US staff pick a project"),
			Action: pulumi.Map{
				"type":             pulumi.String("USER"),
				"userOptionSource": pulumi.Map{"type": pulumi.String("MANUAL")},
			},
			Audiences: pulumi.MapArray{
				pulumi.Map{"predicates": pulumi.Array{
					pulumi.Map{"type": pulumi.String("LEGAL_ENTITY"), "id": acmeUS.LegalEntityId},
				}},
			},
		})
		if err != nil {
			return err
		}
		_, err = travel.NewOptionGroup(ctx, "project-codes", &travel.OptionGroupArgs{
			CompanyId:     acme.CompanyId,
			CustomFieldId: projectCode.CustomFieldId,
			OptionGroupId: arm.OptionGroupId.Elem(),
			Options: travel.OptionGroupOptionsArray{
				&travel.OptionGroupOptionsArgs{Name: pulumi.String("P-100"), Description: pulumi.String("Apollo")},
				&travel.OptionGroupOptionsArgs{Name: pulumi.String("P-200"), Description: pulumi.String("Zephyr")},
			},
		})
		if err != nil {
			return err
		}

		// The company's standard group of every traveler, found by name (the platform seeds it
		// with the company). The company is made by this program, so the result is known only
		// during `pulumi up`.
		travelers := travel.GetUserGroupOutput(ctx, travel.GetUserGroupOutputArgs{
			CompanyId: acme.CompanyId,
			Name:      pulumi.String("Travelers"),
		})

		ctx.Export("companyId", acme.CompanyId)
		ctx.Export("officeId", office.OfficeId)
		ctx.Export("costCenterIds", costCenterIDs)
		ctx.Export("travelersGroupId", travelers.Id())
		return nil
	})
}
