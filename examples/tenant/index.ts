/**
 * The example tenant: the program `npm run demo` deploys to the emulator. It imports the package
 * by its published name, exactly as a user's program would.
 */
import {
  Company,
  CompanyConfig,
  CompanyFeatures,
  CostCenter,
  Department,
  Grade,
  LegalEntity,
  Office,
  PerTripServiceCharge,
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
