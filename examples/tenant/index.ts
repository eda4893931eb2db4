/**
 * The example tenant: the program `npm run demo` deploys to the emulator. It imports the package
 * by its published name, exactly as a user's program would.
 */
import { Company } from "pulumi-travel";

const company = new Company("acme", {
  name: "Acme Corporation",
  billingCurrency: "USD",
  emailDomains: ["acme.example"],
  externalId: "acme",
  postalAddress: { addressLines: ["1 Main Street"], regionCode: "US", locality: "Springfield" },
});

/** The platform id of the example company. */
export const companyId = company.companyId;
