"""Every resource type of the provider plugin `travel` in Python, on the generated SDK (sdk/python).

The Python examples of the resource pages (docs/resources, `npm run docs`) are taken from this
program, and test/unit/resource-examples.test.ts compiles it and checks each call of the SDK
against the SDK's own signatures, so they cannot go stale. The same tenant as
examples/resources/index.ts.
"""

import pulumi
import pulumi_travel as travel

hq_address = {
    "address_lines": ["1 Main Street"],
    "region_code": "US",
    "locality": "Springfield",
    "postal_code": "12345",
}

company = travel.Company(
    "acme",
    name="Acme Corporation",
    billing_currency="USD",
    email_domains=["acme.example"],
    external_id="acme",
    postal_address=hq_address,
)
company_id = company.company_id

acme_us = travel.LegalEntity(
    "acme-us",
    company_id=company_id,
    name="Acme US Inc.",
    billing_currency="USD",
    address=hq_address,
    external_id="acme-us",
)

springfield = travel.Office(
    "springfield",
    company_id=company_id,
    legal_entity_id=acme_us.legal_entity_id,
    name="Springfield HQ",
    address=hq_address,
)

sales = travel.CostCenter("sales", company_id=company_id, name="Sales", external_id="cc-sales")
travel.Department("product", company_id=company_id, name="Product")
travel.Grade("manager", company_id=company_id, name="Manager")

travel.CompanyFeatures("features", company_id=company_id, features={"FEATURE_PERSONAL_TRAVEL": True})
travel.CompanyConfig(
    "stealth",
    company_id=company_id,
    kind=travel.CompanyConfigKind.STEALTH,
    config={"stealthModes": [{"stealthType": "STEALTH_TYPE_1", "label": "Executive travel"}]},
)
travel.PerTripServiceCharge(
    "service-charge",
    company_id=company_id,
    config={"charges": [{"amount": 15, "currency_code": "USD"}]},
)

project = travel.CustomField(
    "project-code",
    company_id=company_id,
    name="Project code",
    description="The project this trip is billed to",
    enabled=True,
)
project_arm = travel.Arm(
    "project-code-everyone",
    company_id=company_id,
    custom_field_id=project.custom_field_id,
    name="Everyone picks a project",
    action={"type": "USER", "userOptionSource": {"type": "MANUAL"}},
)
# Only USER + MANUAL arms have an option group.
travel.OptionGroup(
    "project-codes",
    company_id=company_id,
    custom_field_id=project.custom_field_id,
    option_group_id=project_arm.option_group_id.apply(lambda id: id or ""),
    options=[
        {"name": "P-100", "description": "Apollo"},
        {"name": "P-200", "description": "Zephyr"},
    ],
)
travel.CustomFieldOrder("checkout-order", company_id=company_id, field_ids=[project.custom_field_id])

# A custom user group made on the platform (there is no API to create one), and a platform role,
# both found by name (docs/lookups.md).
travel.UserGroupRoles(
    "travel-arrangers",
    company_id=company_id,
    group_id=travel.get_user_group_output(company_id=company_id, name="Travel arrangers desk").id,
    roles=[{"role_id": travel.get_role_output(company_id=company_id, name="Travel arranger").id}],
)

# A company admin for the company's HR integration; its client secret is a secret output.
hr_sync = travel.ApiUser(
    "hr-sync",
    role=travel.ApiUserRole.COMPANY_ADMIN,
    org_id=company_id,
    rotation="2026-11",
)

# The public key a partner signs token-exchange JWTs with, as PEM from stack config.
travel.PartnerPublicKey(
    "partner-a-2026",
    company_id=company_id,
    kid="partner-a-2026",
    public_key_pem=pulumi.Config().require("partnerAPublicKeyPem"),
)

# The company's managed encryption key; a new `rotation` value rotates it on the next `pulumi up`.
travel.TenantKey("acme-key", company_id=company_id, rotation="2026-11")

pulumi.export("companyId", company_id)
pulumi.export("officeId", springfield.office_id)
pulumi.export("salesCostCenterId", sales.cost_center_id)
pulumi.export("hrSyncClientId", hr_sync.client_id)
