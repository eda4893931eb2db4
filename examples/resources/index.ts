/**
 * A Pulumi program that declares every resource type in TypeScript: the examples of the resource
 * pages (docs/resources, `npm run docs`) are taken from it, and it is type-checked with the
 * package, so they cannot go stale (the generator fails on a type it finds no example of). (`npm run demo` deploys the same tenant from
 * examples/tenant/tenant.yaml.)
 */
import {
  ApiUser,
  Company,
  CompanyConfig,
  CompanyFeatures,
  CostCenter,
  Department,
  Grade,
  LegalEntity,
  Office,
  PerTripServiceCharge,
  Arm,
  CustomField,
  CustomFieldOrder,
  OptionGroup,
  PartnerPublicKey,
  TenantKey,
  UserGroupRoles,
  getRoleOutput,
  getUserGroupOutput,
} from "pulumi-travel";

const hqAddress = {
  addressLines: ["1 Main Street"],
  regionCode: "US",
  locality: "Springfield",
  postalCode: "12345",
};
const parisAddress = {
  addressLines: ["10 Rue de Rivoli"],
  regionCode: "FR",
  locality: "Paris",
  postalCode: "75001",
};

const company = new Company("acme", {
  name: "Acme Corporation",
  billingCurrency: "USD",
  emailDomains: ["acme.example"],
  externalId: "acme",
  postalAddress: hqAddress,
});
const companyId = company.companyId;

const acmeUs = new LegalEntity("acme-us", {
  companyId,
  name: "Acme US Inc.",
  billingCurrency: "USD",
  address: hqAddress,
  externalId: "acme-us",
});
const acmeFr = new LegalEntity("acme-fr", {
  companyId,
  name: "Acme France SAS",
  billingCurrency: "EUR",
  address: parisAddress,
  externalId: "acme-fr",
});

const offices = [
  new Office("springfield", {
    companyId,
    legalEntityId: acmeUs.legalEntityId,
    name: "Springfield HQ",
    address: hqAddress,
  }),
  new Office("paris", {
    companyId,
    legalEntityId: acmeFr.legalEntityId,
    name: "Paris",
    address: parisAddress,
  }),
];

const costCenters = ["Sales", "Engineering", "Operations"].map(
  (name) => new CostCenter(name.toLowerCase(), { companyId, name, externalId: `cc-${name.toLowerCase()}` }),
);
const departments = ["Product", "Finance"].map(
  (name) => new Department(name.toLowerCase(), { companyId, name }),
);
const grades = ["Associate", "Manager", "Director"].map(
  (name) => new Grade(name.toLowerCase(), { companyId, name }),
);

new CompanyFeatures("features", { companyId, features: { FEATURE_PERSONAL_TRAVEL: true } });
new CompanyConfig("stealth", {
  companyId,
  kind: "stealth",
  config: { stealthModes: [{ stealthType: "STEALTH_TYPE_1", label: "Executive travel" }] },
});
new PerTripServiceCharge("service-charge", {
  companyId,
  config: { charges: [{ amount: 15, currencyCode: "USD" }] },
});

const project = new CustomField("project-code", {
  companyId,
  name: "Project code",
  description: "The project this trip is billed to",
  enabled: true,
});
const projectArm = new Arm("project-code-everyone", {
  companyId,
  customFieldId: project.customFieldId,
  name: "Everyone picks a project",
  action: { type: "USER", userOptionSource: { type: "MANUAL" } },
});
new OptionGroup("project-codes", {
  companyId,
  customFieldId: project.customFieldId,
  // Only USER + MANUAL arms have an option group.
  optionGroupId: projectArm.optionGroupId.apply((id) => id ?? ""),
  options: [
    { name: "P-100", description: "Apollo" },
    { name: "P-200", description: "Zephyr" },
  ],
});
new CustomFieldOrder("checkout-order", { companyId, fieldIds: [project.customFieldId] });

// A custom user group made on the platform (there is no API to create one), and a platform role,
// both found by name (docs/lookups.md).
new UserGroupRoles("travel-arrangers", {
  companyId,
  groupId: getUserGroupOutput({ companyId, name: "Travel arrangers desk" }).id,
  roles: [{ roleId: getRoleOutput({ companyId, name: "Travel arranger" }).id }],
});

// A company admin for the company's HR integration; its client secret is a secret output.
const hrSync = new ApiUser("hr-sync", { role: "COMPANY_ADMIN", orgId: companyId, rotation: "2026-11" });

// The public key a partner signs token-exchange JWTs with, as PEM from stack config.
new PartnerPublicKey("partner-a-2026", {
  companyId,
  kid: "partner-a-2026",
  publicKeyPem: new pulumi.Config().require("partnerAPublicKeyPem"),
});

// The company's managed encryption key; a new `rotation` value rotates it on the next `pulumi up`.
new TenantKey("acme-key", { companyId, rotation: "2026-11" });

/** The platform id of the example company. */
export { companyId };
/** Legal entities by name. */
export const legalEntityIds = { us: acmeUs.legalEntityId, fr: acmeFr.legalEntityId };
/** Office ids. */
export const officeIds = offices.map((office) => office.officeId);
/** Cost center ids. */
export const costCenterIds = costCenters.map((costCenter) => costCenter.costCenterId);
/** Department ids. */
export const departmentIds = departments.map((department) => department.departmentId);
/** Grade ids. */
export const gradeIds = grades.map((grade) => grade.gradeId);
/** The HR integration's client id and secret. */
export const hrSyncCredentials = { clientId: hrSync.clientId, clientSecret: hrSync.clientSecret };
