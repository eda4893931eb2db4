/** Issue 14 at the unit level: typos and defaults with unknowns, not-found codes, duplicates. */
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, isNotFound } from "../../src/client";
import { checkInputs } from "../../src/provider/planning/check";
import { assertKnownKeys, DuplicateIndex } from "../../src/provider/hosts/dynamic/duplicate-index";
import { UNKNOWN } from "../../src/provider/model/unknown-values";
import { companyInputsSchema } from "../../src/resources/company";
import { companyFeaturesInputsSchema } from "../../src/resources/company-features";
import { costCenterResource } from "../../src/resources/cost-center";
import { officeResource } from "../../src/resources/office";
import { observe } from "../../src/resources/observe";

describe("check with unknown inputs", () => {
  it("reports a root-level typo when another input is unknown", () => {
    const result = checkInputs(costCenterResource.inputs, {
      companyId: UNKNOWN,
      name: "CC",
      numberOfEmploees: 5,
    });
    expect(result.failures).toEqual([{ property: "numberOfEmploees", reason: "is not a known property" }]);
  });

  it("reports a nested typo next to an unknown value", () => {
    const schema = z.strictObject({ a: z.strictObject({ b: z.string(), c: z.string() }) });
    expect(checkInputs(schema, { a: { b: UNKNOWN, d: "x", c: "y" } }).failures).toEqual([
      { property: "a.d", reason: "is not a known property" },
    ]);
  });

  it("does not judge the keys of an object that is itself unknown", () => {
    const schema = z.strictObject({ a: z.strictObject({ b: z.string() }), n: z.number() });
    expect(checkInputs(schema, { a: UNKNOWN, n: UNKNOWN }).failures).toEqual([]);
  });

  it("applies defaults of the known fields", () => {
    const result = checkInputs(companyInputsSchema, { name: UNKNOWN, billingCurrency: "USD" });
    expect(result.failures).toEqual([]);
    expect(result.inputs).toEqual({ name: UNKNOWN, billingCurrency: "USD", companyRoles: ["ORG"] });
  });

  it("keeps an unknown value raw and still normalizes its siblings", () => {
    const result = checkInputs(companyFeaturesInputsSchema, {
      companyId: UNKNOWN,
      features: { FEATURE_PERSONAL_TRAVEL: true },
    });
    expect(result).toEqual({
      inputs: { companyId: UNKNOWN, features: { FEATURE_PERSONAL_TRAVEL: "true" } },
      failures: [],
    });
  });

  it("gives one error for an unknown feature name", () => {
    const result = checkInputs(companyFeaturesInputsSchema, { companyId: "c", features: { NOPE: true } });
    expect(result.failures).toEqual([{ property: "features.NOPE", reason: "is not a known property" }]);
    expect(checkInputs(companyFeaturesInputsSchema, { companyId: "c", features: {} }).failures).toEqual([
      { property: "features", reason: "must name at least one feature" },
    ]);
  });
});

describe("not-found codes", () => {
  const error = (code: string) =>
    new ApiError("not_found", { status: 404, code, message: "x", method: "GET", url: "https://h/x" });

  it("names each type's code, and its parents' read off their definitions", () => {
    expect(costCenterResource.notFoundCodes).toEqual(["COST_CENTER_NOT_FOUND", "COMPANY_NOT_FOUND"]);
    expect(officeResource.notFoundCodes).toEqual([
      "OFFICE_NOT_FOUND",
      "COMPANY_NOT_FOUND",
      "LEGAL_ENTITY_NOT_FOUND",
    ]);
  });

  it("matches only the given codes", () => {
    expect(isNotFound(error("ROUTE_NOT_FOUND"), ["COST_CENTER_NOT_FOUND"])).toBe(false);
    expect(isNotFound(error("COST_CENTER_NOT_FOUND"), ["COST_CENTER_NOT_FOUND"])).toBe(true);
    expect(isNotFound(error("ROUTE_NOT_FOUND"))).toBe(true);
  });
});

describe("ownership", () => {
  it("observes only the declared fields", () => {
    const server = { name: "A", ein: "12-3456789", dba: "Globex" };
    expect(observe(server, { name: "B" }, ["name", "ein", "dba"])).toEqual({ name: "A" });
  });
});

describe("duplicate externalIds in one program", () => {
  it("fails the second claim under the same parent, naming both resources", () => {
    const index = new DuplicateIndex();
    index.claim("CostCenter", "a", { companyId: "c1", externalId: "x" }, ["companyId"]);
    index.claim("CostCenter", "b", { companyId: "c2", externalId: "x" }, ["companyId"]);
    index.claim("Department", "c", { companyId: "c1", externalId: "x" }, ["companyId"]);
    expect(() => index.claim("CostCenter", "d", { companyId: "c1", externalId: "x" }, ["companyId"])).toThrow(
      'CostCenter "d" has externalId "x", already used by CostCenter "a" under the same companyId',
    );
  });

  it("compares an Output parent by identity while its value is unknown", () => {
    const index = new DuplicateIndex();
    const companyId = pulumi.output("c1");
    index.claim("Grade", "a", { companyId, externalId: "x" }, ["companyId"]);
    index.claim("Grade", "b", { companyId: pulumi.output("c2"), externalId: "y" }, ["companyId"]);
    expect(() => index.claim("Grade", "c", { companyId, externalId: "x" }, ["companyId"])).toThrow(
      /already used by Grade "a"/,
    );
  });
});

describe("unknown property names in the program", () => {
  it("names the resource and each unknown property", () => {
    expect(() =>
      assertKnownKeys(
        "CostCenter",
        "cc",
        { companyId: "c", numberOfEmploees: 5 },
        Object.keys(costCenterResource.inputs.shape),
      ),
    ).toThrow('CostCenter "cc": numberOfEmploees is not a known property');
    expect(() =>
      assertKnownKeys(
        "CostCenter",
        "cc",
        { companyId: "c", name: "n" },
        Object.keys(costCenterResource.inputs.shape),
      ),
    ).not.toThrow();
  });
});
