/**
 * The state normalizer (`provider/model/normalize.ts`) on the registry's own definitions: read keeps
 * only what the program declared, at every depth; unordered arrays are sets in the program's order;
 * an omitted empty value equals its explicit form; diff sees no change in any of these, and still
 * sees a property the program stops declaring.
 */
import { describe, expect, it } from "vitest";
import { comparable, normalizeObserved, normalizingSchema } from "../../src/provider/model/normalize";
import { diffDeclared } from "../../src/provider/planning/diff";
import { companyConfigResource } from "../../src/resources/company-config";
import { companyResource } from "../../src/resources/company";

const declared = {
  name: "Acme",
  billingCurrency: "USD",
  companyRoles: ["ORG"],
  emailDomains: ["a.example", "b.example"],
  isSelfSignUpEnabled: false,
  phoneNumbers: [{ countryCode: 1, nationalNumber: 5550100 }],
  postalAddress: { addressLines: ["1 Main St"], regionCode: "US" },
};

/** A vendor-valid answer in another form: reordered set, extra properties, a default left out. */
const answered = {
  name: "Acme",
  billingCurrency: "USD",
  companyRoles: ["ORG"],
  emailDomains: ["b.example", "a.example"],
  phoneNumbers: [
    { countryCode: 1, nationalNumber: 5550100, countryCodeSource: "UNSPECIFIED", type: "MOBILE" },
  ],
  postalAddress: { addressLines: ["1 Main St"], regionCode: "US", undocumented: 1, locality: "Springfield" },
};

describe("normalizer", () => {
  it("reads an answer in another vendor-valid form as the declared inputs", () => {
    expect(normalizeObserved(companyResource.inputs, answered, declared)).toEqual(declared);
  });

  it("keeps a real change: a missing set member, a changed nested value", () => {
    const drifted = { ...answered, emailDomains: ["b.example"], phoneNumbers: [{ countryCode: 44 }] };
    const observed = normalizeObserved(companyResource.inputs, drifted, declared);
    expect(observed.emailDomains).toEqual(["b.example"]);
    expect(observed.phoneNumbers).toEqual([{ countryCode: 44 }]);
    expect(diffDeclared(companyResource, observed, declared).changed).toEqual([
      "emailDomains",
      "phoneNumbers",
    ]);
  });

  it("diffs sets as sets and an omitted false as false, both ways", () => {
    const reordered = { ...declared, emailDomains: ["b.example", "a.example"] };
    const { isSelfSignUpEnabled: _omitted, ...withoutFalse } = declared;
    expect(diffDeclared(companyResource, declared, reordered).changed).toEqual([]);
    expect(diffDeclared(companyResource, withoutFalse, declared).changed).toEqual([]);
    expect(diffDeclared(companyResource, declared, withoutFalse).changed).toEqual([]);
    const { postalAddress: _dropped, ...stopped } = declared;
    expect(diffDeclared(companyResource, declared, stopped).changed).toEqual(["postalAddress"]);
    const both = comparable(companyResource.inputs, { emailDomains: ["x.example"] }, { emailDomains: [] });
    expect(both.olds).not.toEqual(both.news);
  });

  it("judges a config document by its kind's schema: sets in the program's order, unknown fields gone", () => {
    const config = {
      stealthModes: [
        { stealthType: "STEALTH_TYPE_1", label: "One" },
        { stealthType: "STEALTH_TYPE_2", label: "Two" },
      ],
    };
    const inputs = { companyId: "c1", kind: "stealth", config };
    const answer = {
      ...inputs,
      config: {
        etag: "W/1",
        stealthModes: [{ ...config.stealthModes[1], extra: true }, config.stealthModes[0]],
      },
    };
    const schema = normalizingSchema(companyConfigResource, inputs);
    expect(normalizeObserved(schema, answer, inputs)).toEqual(inputs);
    const reordered = { ...inputs, config: { stealthModes: [...config.stealthModes].reverse() } };
    expect(diffDeclared(companyConfigResource, inputs, reordered).changed).toEqual([]);
  });
});
