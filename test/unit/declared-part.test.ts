/**
 * `vendorDeclaredPart` (src/contract/declared-part.ts): what a full-replacement write may send back
 * of an object it read. For every request body the vendor documents, a full sample with a property
 * the schema does not declare planted in any one of its objects comes back as the sample, and the
 * sample itself comes back whole.
 */
import { describe, expect, it } from "vitest";
import {
  vendorDeclaredPart,
  vendorOperations,
  vendorRequestIssues,
  vendorRequestSchema,
} from "../../src/contract";
import { vendorMutants, vendorSample } from "../support/vendor-samples";

const COMPANY = "4974a66b-7493-4f41-908c-58ba81093947";

/** Every documented JSON request body, with a concrete path of its operation. */
const bodies = vendorOperations()
  .filter((operation) => operation.request?.contentType === "application/json")
  .map((operation) => {
    const schema = vendorRequestSchema(operation.method, operation.pathTemplate) as Record<string, unknown>;
    const path = operation.pathTemplate.replace(/\{[^}]+\}/g, COMPANY);
    return { name: `${operation.method} ${operation.pathTemplate}`, method: operation.method, path, schema };
  });

describe("vendorDeclaredPart", () => {
  it("covers every PUT the vendor documents, each with a JSON body", () => {
    const puts = vendorOperations().filter((operation) => operation.method === "PUT");
    expect(puts.length).toBeGreaterThanOrEqual(6);
    expect(bodies.filter((body) => body.method === "PUT")).toHaveLength(puts.length);
  });

  it.each(bodies)(
    "$name: keeps a full sample whole and leaves out what is planted",
    ({ method, path, schema }) => {
      const sample = vendorSample(schema);
      expect(vendorDeclaredPart(method, path, sample.value)).toEqual(sample.value);
      const planted = vendorMutants(sample).filter((mutant) => mutant.defect === "undeclared");
      expect(planted.length).toBeGreaterThan(0);
      for (const mutant of planted) {
        expect(vendorDeclaredPart(method, path, mutant.body), mutant.label).toEqual(sample.value);
      }
    },
  );

  it("makes a company read back with added properties a valid PUT, its declared values kept", () => {
    const read = {
      id: { id: COMPANY, variationExtra: { n: 1 } },
      name: "Acme",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
      contractedBy: { id: COMPANY, variationExtra: { n: 1 } },
      phoneNumbers: [{ countryCode: 1, nationalNumber: 5550100, variationExtra: 1 }],
      postalAddress: { addressLines: ["1 Main St"], regionCode: "US", variationExtra: "x" },
      variationExtra: { note: "not in the vendor's schema" },
    };
    const path = `/v2/companies/${COMPANY}`;
    expect(vendorRequestIssues("PUT", path, read)).not.toEqual([]);
    const part = vendorDeclaredPart("PUT", path, read);
    expect(vendorRequestIssues("PUT", path, part)).toEqual([]);
    expect(part).toEqual({
      id: { id: COMPANY },
      name: "Acme",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
      contractedBy: { id: COMPANY },
      phoneNumbers: [{ countryCode: 1, nationalNumber: 5550100 }],
      postalAddress: { addressLines: ["1 Main St"], regionCode: "US" },
    });
  });

  it("returns the value itself where the vendor documents no body", () => {
    const value = { anything: 1 };
    expect(vendorDeclaredPart("GET", `/v2/companies/${COMPANY}`, value)).toBe(value);
    expect(vendorDeclaredPart("PUT", "/not/documented", value)).toBe(value);
  });
});
