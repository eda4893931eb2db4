// Command resource-examples declares every resource type of the provider plugin `travel` in Go, on
// the generated SDK (sdk/go, through the replace directive in go.mod). The Go examples of the
// resource pages (docs/resources, `npm run docs`) are taken from it, and
// test/unit/resource-examples.test.ts compiles it (`go vet`, which type-checks), so they cannot go
// stale. The same tenant as examples/resources/index.ts.
package main

import (
	"github.com/pulumi-travel/pulumi-travel/sdk/go/travel"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(tenant)
}

// tenant declares the example company and one object of every other type in it.
func tenant(ctx *pulumi.Context) error {
	hqAddress := &travel.CompanyPostalAddressArgs{
		AddressLines: pulumi.StringArray{pulumi.String("1 Main Street")},
		RegionCode:   pulumi.String("US"),
		Locality:     pulumi.String("Springfield"),
		PostalCode:   pulumi.String("12345"),
	}
	company, err := travel.NewCompany(ctx, "acme", &travel.CompanyArgs{
		Name:            pulumi.String("Acme Corporation"),
		BillingCurrency: pulumi.String("USD"),
		EmailDomains:    pulumi.StringArray{pulumi.String("acme.example")},
		ExternalId:      pulumi.String("acme"),
		PostalAddress:   hqAddress,
	})
	if err != nil {
		return err
	}
	companyId := company.CompanyId

	acmeUs, err := travel.NewLegalEntity(ctx, "acme-us", &travel.LegalEntityArgs{
		CompanyId:       companyId,
		Name:            pulumi.String("Acme US Inc."),
		BillingCurrency: pulumi.String("USD"),
		Address: &travel.LegalEntityAddressArgs{
			AddressLines: pulumi.StringArray{pulumi.String("1 Main Street")},
			RegionCode:   pulumi.String("US"),
			Locality:     pulumi.String("Springfield"),
			PostalCode:   pulumi.String("12345"),
		},
		ExternalId: pulumi.String("acme-us"),
	})
	if err != nil {
		return err
	}

	springfield, err := travel.NewOffice(ctx, "springfield", &travel.OfficeArgs{
		CompanyId:     companyId,
		LegalEntityId: acmeUs.LegalEntityId,
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

	sales, err := travel.NewCostCenter(ctx, "sales", &travel.CostCenterArgs{
		CompanyId:  companyId,
		Name:       pulumi.String("Sales"),
		ExternalId: pulumi.String("cc-sales"),
	})
	if err != nil {
		return err
	}
	_, err = travel.NewDepartment(ctx, "product", &travel.DepartmentArgs{
		CompanyId: companyId,
		Name:      pulumi.String("Product"),
	})
	if err != nil {
		return err
	}
	_, err = travel.NewGrade(ctx, "manager", &travel.GradeArgs{
		CompanyId: companyId,
		Name:      pulumi.String("Manager"),
	})
	if err != nil {
		return err
	}

	_, err = travel.NewCompanyFeatures(ctx, "features", &travel.CompanyFeaturesArgs{
		CompanyId: companyId,
		Features:  pulumi.Map{"FEATURE_PERSONAL_TRAVEL": pulumi.Bool(true)},
	})
	if err != nil {
		return err
	}
	_, err = travel.NewCompanyConfig(ctx, "stealth", &travel.CompanyConfigArgs{
		CompanyId: companyId,
		Kind:      travel.CompanyConfigKindStealth,
		Config: pulumi.Map{
			"stealthModes": pulumi.Array{pulumi.Map{
				"stealthType": pulumi.String("STEALTH_TYPE_1"),
				"label":       pulumi.String("Executive travel"),
			}},
		},
	})
	if err != nil {
		return err
	}
	_, err = travel.NewPerTripServiceCharge(ctx, "service-charge", &travel.PerTripServiceChargeArgs{
		CompanyId: companyId,
		Config: &travel.PerTripServiceChargeConfigArgs{
			Charges: travel.PerTripServiceChargeConfigChargesArray{
				&travel.PerTripServiceChargeConfigChargesArgs{
					Amount:       pulumi.Float64(15),
					CurrencyCode: pulumi.String("USD"),
				},
			},
		},
	})
	if err != nil {
		return err
	}

	project, err := travel.NewCustomField(ctx, "project-code", &travel.CustomFieldArgs{
		CompanyId:   companyId,
		Name:        pulumi.String("Project code"),
		Description: pulumi.String("The project this trip is billed to"),
		Enabled:     pulumi.Bool(true),
	})
	if err != nil {
		return err
	}
	projectArm, err := travel.NewArm(ctx, "project-code-everyone", &travel.ArmArgs{
		CompanyId:     companyId,
		CustomFieldId: project.CustomFieldId,
		Name:          pulumi.String("Everyone picks a project"),
		Action: pulumi.Map{
			"type":             pulumi.String("USER"),
			"userOptionSource": pulumi.Map{"type": pulumi.String("MANUAL")},
		},
	})
	if err != nil {
		return err
	}
	// Only USER + MANUAL arms have an option group.
	_, err = travel.NewOptionGroup(ctx, "project-codes", &travel.OptionGroupArgs{
		CompanyId:     companyId,
		CustomFieldId: project.CustomFieldId,
		OptionGroupId: projectArm.OptionGroupId.Elem(),
		Options: travel.OptionGroupOptionsArray{
			&travel.OptionGroupOptionsArgs{Name: pulumi.String("P-100"), Description: pulumi.String("Apollo")},
			&travel.OptionGroupOptionsArgs{Name: pulumi.String("P-200"), Description: pulumi.String("Zephyr")},
		},
	})
	if err != nil {
		return err
	}
	_, err = travel.NewCustomFieldOrder(ctx, "checkout-order", &travel.CustomFieldOrderArgs{
		CompanyId: companyId,
		FieldIds:  pulumi.StringArray{project.CustomFieldId},
	})
	if err != nil {
		return err
	}

	// A custom user group made on the platform (there is no API to create one), and a platform role,
	// both found by name (docs/lookups.md).
	_, err = travel.NewUserGroupRoles(ctx, "travel-arrangers", &travel.UserGroupRolesArgs{
		CompanyId: companyId,
		GroupId: travel.GetUserGroupOutput(ctx, travel.GetUserGroupOutputArgs{
			CompanyId: companyId,
			Name:      pulumi.String("Travel arrangers desk"),
		}).Id(),
		Roles: travel.UserGroupRolesRolesArray{
			&travel.UserGroupRolesRolesArgs{
				RoleId: travel.GetRoleOutput(ctx, travel.GetRoleOutputArgs{
					CompanyId: companyId,
					Name:      pulumi.String("Travel arranger"),
				}).Id(),
			},
		},
	})
	if err != nil {
		return err
	}

	// A company admin for the company's HR integration; its client secret is a secret output.
	hrSync, err := travel.NewApiUser(ctx, "hr-sync", &travel.ApiUserArgs{
		Role:     travel.ApiUserRoleCompanyAdmin,
		OrgId:    companyId,
		Rotation: pulumi.String("2026-11"),
	})
	if err != nil {
		return err
	}

	// The public key a partner signs token-exchange JWTs with, as PEM from stack config.
	_, err = travel.NewPartnerPublicKey(ctx, "partner-a-2026", &travel.PartnerPublicKeyArgs{
		CompanyId:    companyId,
		Kid:          pulumi.String("partner-a-2026"),
		PublicKeyPem: pulumi.String(config.Require(ctx, "partnerAPublicKeyPem")),
	})
	if err != nil {
		return err
	}

	// The company's managed encryption key; a new `rotation` value rotates it on the next `pulumi up`.
	_, err = travel.NewTenantKey(ctx, "acme-key", &travel.TenantKeyArgs{
		CompanyId: companyId,
		Rotation:  pulumi.String("2026-11"),
	})
	if err != nil {
		return err
	}

	ctx.Export("companyId", companyId)
	ctx.Export("officeId", springfield.OfficeId)
	ctx.Export("salesCostCenterId", sales.CostCenterId)
	ctx.Export("hrSyncClientId", hrSync.ClientId)
	return nil
}
