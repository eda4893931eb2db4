/**
 * The provider's differential test against the vendor documents (issue 20 item 4): for every
 * resource that maps to a vendor-documented write route, a valid sample of the route's request
 * body (test/support/vendor-samples.ts) passes `check` as the resource's inputs, and every
 * one-defect mutant of it fails `check` naming the property the defect is in, from the resource's
 * own schema or the vendor's request schema, before any platform call.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TravelClient } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { vendorRequestSchema } from "../../src/contract";
import { propertyPath } from "../../src/provider/check";
import type { ResourceDefinition, Values } from "../../src/provider/definition";
import { buildDynamicProvider } from "../../src/provider/dynamic-provider";
import { apiUserResource } from "../../src/resources/api-user";
import { companyResource } from "../../src/resources/company";
import { companyConfigResource } from "../../src/resources/company-config";
import { companyFeaturesResource } from "../../src/resources/company-features";
import { costCenterResource } from "../../src/resources/cost-center";
import { departmentResource } from "../../src/resources/department";
import { gradeResource } from "../../src/resources/grade";
import { legalEntityResource } from "../../src/resources/legal-entity";
import { officeResource } from "../../src/resources/office";
import { perTripServiceChargeResource } from "../../src/resources/per-trip-service-charge";
import { clientFor, liveEmulator } from "../support/live-emulator";
import {
  type Json,
  type Mutant,
  type Sample,
  type ValuePath,
  vendorMutants,
  vendorSample,
  withValueAt,
} from "../support/vendor-samples";

const COMPANY_ID = "4974a66b-7493-4f41-908c-58ba81093947";

/** One vendor write route and the resource whose inputs map onto its body. */
interface Row {
  name: string;
  definition: ResourceDefinition<Values, Values>;
  method: string;
  pathTemplate: string;
  /** Where the body sits in the inputs (`[]`: its properties are inputs). */
  at: ValuePath;
  /** Inputs beside the body (parent ids, kind). */
  beside: Values;
  /**
   * Values of the sample replaced where the resource's own schema is stricter than the vendor's
   * (a currency must be a 3-letter code, a region a 2-letter one, ...), by body path.
   */
  stricter?: [ValuePath, Json][];
  /** Body properties the resource does not take, with the reason. */
  unmapped?: Record<string, string>;
  /**
   * The inputs that make the resource send `body`, for a resource whose inputs are not the body's
   * shape; undefined when no inputs can (the defect is not expressible as inputs).
   */
  toInputs?: (body: unknown) => Values | undefined;
  /** The input path of a body path (with `toInputs`); default: `at` followed by the body path. */
  inputPath?: (bodyPath: ValuePath, body: unknown) => ValuePath;
  /**
   * Required body properties the inputs may leave out because check fills in a default (so the
   * body still carries them): dropping one is accepted, with the default in the checked inputs.
   */
  defaulted?: readonly string[];
}

const definition = (resource: unknown) => resource as ResourceDefinition<Values, Values>;
const address: [ValuePath, Json][] = [[["regionCode"], "US"]];
const at = (prefix: ValuePath, pairs: [ValuePath, Json][]): [ValuePath, Json][] =>
  pairs.map(([path, value]) => [[...prefix, ...path], value]);

const child = (
  name: string,
  resource: unknown,
  segment: string,
  stricter: [ValuePath, Json][] = [],
): Row => ({
  name,
  definition: definition(resource),
  method: "POST",
  pathTemplate: `/v2/companies/{companyId}/${segment}`,
  at: [],
  beside: { companyId: COMPANY_ID },
  stricter,
});

const config = (kind: string, segment: string, companyRole?: string): Row => ({
  name: `CompanyConfig ${kind}`,
  definition: definition(companyConfigResource),
  method: "PUT",
  pathTemplate: `/v2/companies/{companyId}/${segment}`,
  at: ["config"],
  beside: { companyId: COMPANY_ID, kind, ...(companyRole ? { companyRole } : {}) },
});

const ROWS: Row[] = [
  {
    name: "Company",
    definition: definition(companyResource),
    method: "POST",
    pathTemplate: "/v2/companies",
    at: [],
    beside: {},
    stricter: [
      [["billingCurrency"], "USD"],
      [["emailDomains", 0], "example.com"],
      [["loyaltyBlockedCountries", 0], "US"],
      [["companyRoles", 0], "ORG"],
      ...at(["postalAddress"], address),
    ],
    defaulted: ["companyRoles"],
  },
  child("LegalEntity", legalEntityResource, "legal-entities", [
    [["billingCurrency"], "USD"],
    [["registeredEmail"], "registered@example.com"],
    ...at(["address"], address),
  ]),
  child("CostCenter", costCenterResource, "cost-centers"),
  {
    ...child("Office", officeResource, "legal-entities/{legalEntityId}/offices", at(["address"], address)),
    beside: { companyId: COMPANY_ID, legalEntityId: "le-1" },
  },
  child("Department", departmentResource, "departments"),
  child("Grade", gradeResource, "grades"),
  config("travel-content", "travel-content-config"),
  config("white-label", "white-label-config", "ORG"),
  config("managers", "managers-config", "ORG"),
  config("color", "color-config", "ORG"),
  config("preference-tiers", "preference-tiers"),
  config("enrollment", "enrollment-config"),
  config("tier", "tier-config"),
  config("stealth", "stealth-config"),
  {
    name: "PerTripServiceCharge",
    definition: definition(perTripServiceChargeResource),
    method: "POST",
    pathTemplate: "/v2/license/company/{companyId}/service-charge/per-trip",
    at: [],
    beside: { companyId: COMPANY_ID },
  },
  {
    name: "CompanyFeatures",
    definition: definition(companyFeaturesResource),
    method: "PATCH",
    pathTemplate: "/v2/companies/{companyId}/features",
    at: [],
    beside: {},
    toInputs: featureInputs,
    inputPath: ([list, index], body) => {
      const entries = (body as { featuresToUpdate?: { name?: string }[] }).featuresToUpdate ?? [];
      const name = typeof index === "number" ? entries[index]?.name : undefined;
      return list === "featuresToUpdate" && name !== undefined ? ["features", name] : ["features"];
    },
    unmapped: { featuresToDelete: "a feature is deleted by leaving it out of features (on update)" },
  },
  {
    name: "ApiUser",
    definition: definition(apiUserResource),
    method: "POST",
    pathTemplate: "/v2/api-users",
    at: [],
    beside: {},
    stricter: [
      [["role"], "COMPANY_ADMIN"],
      [["credentialType"], "CLIENT_CREDENTIALS"],
    ],
    unmapped: { tmcId: "the API user's TMC is the caller's: the platform takes it from the token" },
  },
];

/** The row's valid sample: the vendor's, with the stricter values and without unmapped properties. */
function rowSample(row: Row, schema: Record<string, unknown>): Sample {
  const sample = vendorSample(schema);
  let body = sample.value;
  for (const [path, value] of row.stricter ?? []) body = withValueAt(body, path, value);
  for (const key of Object.keys(row.unmapped ?? {})) body = withValueAt(body, [key], undefined);
  return { value: body, shape: sample.shape };
}

const inputsOf = (row: Row, body: unknown): Values | undefined => {
  if (row.toInputs) return row.toInputs(body);
  return row.at.length === 0
    ? { ...row.beside, ...(body as Values) }
    : { ...row.beside, [row.at[0] as string]: body };
};

/**
 * `CompanyFeatures` inputs name features in a map: the body's `featuresToUpdate` entries are its
 * entries (`features.<name>`). Entries of another shape, and other body properties, cannot be
 * written as inputs.
 */
function featureInputs(body: unknown): Values | undefined {
  const { featuresToUpdate, ...rest } = body as { featuresToUpdate?: unknown };
  if (Object.keys(rest).length > 0 || !Array.isArray(featuresToUpdate)) return undefined;
  const features: Record<string, unknown> = {};
  for (const entry of featuresToUpdate as unknown[]) {
    const { name, value, ...more } = (entry ?? {}) as { name?: unknown; value?: unknown };
    if (Object.keys(more).length > 0 || typeof name !== "string" || typeof value !== "string")
      return undefined;
    features[name] = value;
  }
  return { companyId: COMPANY_ID, features };
}

const totals = { valid: 0, validPassed: 0, mutants: 0, refused: 0, defaulted: 0, inexpressible: 0 };

describe("check against the vendor documents: valid samples pass, every one-defect mutant fails at its path", () => {
  // The valid samples pass on to preflight (ApiUser's quota), which asks the platform.
  let emulator: RunningEmulator;
  let client: TravelClient;
  beforeAll(async () => {
    emulator = await liveEmulator();
    client = clientFor(emulator);
  });
  afterAll(async () => {
    await client.close();
    await emulator.close();
    console.log(
      `vendor differential (provider check): valid samples ${totals.validPassed}/${totals.valid} accepted; ` +
        `mutants ${totals.refused}/${totals.mutants - totals.defaulted - totals.inexpressible} refused at ` +
        `their property path (${totals.defaulted} dropped required properties filled in by a default, ` +
        `accepted; ${totals.inexpressible} defects no inputs can express)`,
    );
  });

  it.each(ROWS)("$name", async (row) => {
    const schema = vendorRequestSchema(row.method, row.pathTemplate) as Record<string, unknown> | undefined;
    expect(schema, `${row.method} ${row.pathTemplate} has a documented body`).toBeDefined();
    if (!schema) return;
    const provider = buildDynamicProvider(row.definition, () => ({ client }));
    const sample = rowSample(row, schema);
    const body = sample.value;
    totals.valid++;
    const validInputs = inputsOf(row, body);
    expect(validInputs, "the valid sample is expressible as inputs").toBeDefined();
    const valid = await provider.check({}, validInputs ?? {});
    expect(valid.failures, "the valid sample").toEqual([]);
    totals.validPassed++;

    const missed: string[] = [];
    const mutants = vendorMutants(sample).filter(
      (mutant: Mutant) => !(String(mutant.path[0]) in (row.unmapped ?? {})),
    );
    for (const mutant of mutants) {
      totals.mutants++;
      const expected = propertyPath(
        row.inputPath ? row.inputPath(mutant.path, mutant.body) : [...row.at, ...mutant.path],
      );
      const inputs = inputsOf(row, mutant.body);
      if (inputs === undefined) {
        totals.inexpressible++;
        continue;
      }
      const result = await provider.check({}, inputs);
      const key = String(mutant.path[0]);
      if (mutant.defect === "required" && mutant.path.length === 1 && row.defaulted?.includes(key)) {
        expect(result.failures).toEqual([]);
        expect((result.inputs as Values)[key], `${key} is filled in by check`).toBeDefined();
        totals.defaulted++;
        continue;
      }
      const properties = (result.failures ?? []).map((failure) => failure.property);
      if (properties.includes(expected)) totals.refused++;
      else
        missed.push(
          `${mutant.label}: ${properties.length === 0 ? "accepted" : `failed at ${properties.join(", ")}`}`,
        );
    }
    expect(missed, `${row.name}: mutants check did not refuse at their path`).toEqual([]);
    expect(mutants.length).toBeGreaterThan(0);
  });
});
