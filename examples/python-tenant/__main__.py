"""A travel tenant declared in Python with the generated SDK of the provider plugin `travel`
(sdk/python of pulumi-travel, the package `pulumi_travel`): a company, a legal entity, an office,
cost centers read from cost-centers.csv, a checkout question (custom field) with an arm for the
legal entity's staff and that arm's options, and a lookup of the company's standard group
`Travelers`. The same tenant as examples/go-tenant."""

import csv

import pulumi
import pulumi_travel as travel


def read_cost_centers(path: str) -> list[tuple[str, str]]:
    """The (name, externalId) rows of a CSV file with the header `name,externalId`."""
    with open(path, newline="", encoding="utf-8") as file:
        reader = csv.DictReader(file)
        if reader.fieldnames != ["name", "externalId"]:
            raise ValueError(f"{path}: the first row must be the header name,externalId")
        rows = []
        for number, row in enumerate(reader, start=2):
            if not row["name"]:
                raise ValueError(f"{path}, row {number}: the name is empty")
            rows.append((row["name"], row["externalId"]))
        return rows


acme = travel.Company(
    "acme",
    name="Acme Corporation",
    billing_currency="USD",
    email_domains=["acme.example"],
    external_id="acme",
    postal_address=travel.CompanyPostalAddressArgs(
        address_lines=["1 Main Street"],
        region_code="US",
        locality="Springfield",
        postal_code="12345",
    ),
)

acme_us = travel.LegalEntity(
    "acme-us",
    company_id=acme.company_id,
    name="Acme US Inc.",
    billing_currency="USD",
    external_id="acme-us",
    address=travel.LegalEntityAddressArgs(
        address_lines=["1 Main Street"],
        region_code="US",
        locality="Springfield",
        postal_code="12345",
    ),
)

office = travel.Office(
    "springfield",
    company_id=acme.company_id,
    legal_entity_id=acme_us.legal_entity_id,
    name="Springfield HQ",
    address=travel.OfficeAddressArgs(
        address_lines=["1 Main Street"],
        region_code="US",
        locality="Springfield",
        postal_code="12345",
    ),
)

cost_center_ids = {}
for name, external_id in read_cost_centers("cost-centers.csv"):
    center = travel.CostCenter(
        external_id,
        company_id=acme.company_id,
        name=name,
        external_id=external_id,
    )
    cost_center_ids[external_id] = center.cost_center_id

# A checkout question; its arm says who answers it and how. A USER + MANUAL arm lists its options
# in the option group the platform made with it.
project_code = travel.CustomField(
    "project-code",
    company_id=acme.company_id,
    name="Project code",
    description="The project this trip is billed to",
    enabled=True,
)
arm = travel.Arm(
    "project-code-us",
    company_id=acme.company_id,
    custom_field_id=project_code.custom_field_id,
    name="US staff pick a project",
    action={"type": "USER", "userOptionSource": {"type": "MANUAL"}},
    audiences=[{"predicates": [{"type": "LEGAL_ENTITY", "id": acme_us.legal_entity_id}]}],
)
travel.OptionGroup(
    "project-codes",
    company_id=acme.company_id,
    custom_field_id=project_code.custom_field_id,
    option_group_id=arm.option_group_id.apply(lambda group_id: group_id or ""),
    options=[
        travel.OptionGroupOptionsArgs(name="P-100", description="Apollo"),
        travel.OptionGroupOptionsArgs(name="P-200", description="Zephyr"),
    ],
)

# The company's standard group of every traveler, found by name (the platform seeds it with the
# company). The company is made by this program, so the result is known only during `pulumi up`.
travelers = travel.get_user_group_output(company_id=acme.company_id, name="Travelers")

pulumi.export("companyId", acme.company_id)
pulumi.export("officeId", office.office_id)
pulumi.export("costCenterIds", cost_center_ids)
pulumi.export("travelersGroupId", travelers.id)
