import { Company, CompanyConfig, LegalEntity, Office } from "pulumi-travel";

const address = { addressLines: ["1 Main Street"], regionCode: "US", locality: "Springfield" };

const acme = new Company("acme", { name: "Acme Corporation", billingCurrency: "USD", externalId: "acme" });
const us = new LegalEntity("acme-us", {
  companyId: acme.companyId,
  name: "Acme US Inc.",
  billingCurrency: "USD",
  address,
});
const hq = new Office("hq", {
  companyId: acme.companyId,
  legalEntityId: us.legalEntityId,
  name: "HQ",
  address,
});
new CompanyConfig("colors", {
  companyId: acme.companyId,
  kind: "color",
  companyRole: "ORG",
  config: { profileColors: [{ title: "PROFILE_TIER_GOLD_COLOR", color: "#d4af37" }] },
});

export const companyId = acme.companyId;
export const officeId = hq.officeId;
