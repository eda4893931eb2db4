/**
 * The provider's differential test against the vendor documents: for every
 * resource that maps to a vendor-documented write route (test/support/vendor-rows.ts; a walk of
 * the registry fails when a type that declares `vendorRequests` has no row), a valid sample of the
 * route's request body (test/support/vendor-samples.ts) passes `check` as the resource's inputs,
 * and every one-defect mutant of it fails `check` naming the property the defect is in, from the
 * resource's own schema or the vendor's request schema, before any platform call.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearSharedTokens, type TravelClient } from "../../src/client";
import { vendorOperation, vendorRequestSchema } from "../../src/contract";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { propertyPath } from "../../src/provider/planning/check";
import type { Values } from "../../src/provider/model/definition";
import { buildTypeProvider } from "../../src/provider/operations/type-provider";
import { valueAt } from "../../src/provider/model/value-path";
import { definitions } from "../../src/resources/registry";
import { CONFIG_DOCUMENTS } from "../../src/schemas/company-config-documents";
import { clientFor } from "../support/live-emulator";
import {
  COMPANY_ID,
  rowInputPath,
  rowInputs,
  rowSample,
  UNDOCUMENTED_CHILDREN,
  VENDOR_ROWS,
} from "../support/vendor-rows";
import { label, type Mutant, vendorMutants } from "../support/vendor-samples";
import { testRun } from "../support/test-run";

describe("every resource that declares vendor requests has a differential row", () => {
  const vendorMapped = Object.values(definitions).filter(
    (definition) => definition.capabilities?.preview?.vendorRequests !== undefined,
  );

  it("walks the registry: each such type has a row, each CompanyConfig kind too", () => {
    const covered = new Set(VENDOR_ROWS.map((row) => row.definition.type));
    const missing = vendorMapped
      .map((definition) => definition.type)
      .filter((type) => !covered.has(type) && !UNDOCUMENTED_CHILDREN.includes(type));
    expect(missing, "types with vendorRequests and no row in test/support/vendor-rows.ts").toEqual([]);
    const kinds = new Set(VENDOR_ROWS.map((row) => row.beside.kind).filter((kind) => kind !== undefined));
    expect(Object.keys(CONFIG_DOCUMENTS).filter((kind) => !kinds.has(kind))).toEqual([]);
    console.log(
      `vendor differential (provider check): ${vendorMapped.length} of ${Object.keys(definitions).length} ` +
        `registered types declare vendor requests, all ${covered.size} covered by ${VENDOR_ROWS.length} rows` +
        ` (company children on routes the vendor does not document: ${UNDOCUMENTED_CHILDREN.join(", ") || "none"})`,
    );
  });
});

const totals = { valid: 0, validPassed: 0, mutants: 0, refused: 0, defaulted: 0, inexpressible: 0 };

describe("check against the vendor documents: valid samples pass, every one-defect mutant fails at its path", () => {
  // The valid samples pass on to preflight (ApiUser's quota, PartnerPublicKey's active keys of
  // the company), which asks the platform: the rows' company exists there.
  let emulator: RunningEmulator;
  let client: TravelClient;
  beforeAll(async () => {
    clearSharedTokens();
    emulator = await startEmulator({
      logErrors: false,
      seed: {
        companies: [
          { id: COMPANY_ID, name: "Differential Co", billingCurrency: "USD", companyRoles: ["ORG"] },
        ],
      },
    });
    client = clientFor(emulator);
  });
  afterAll(async () => {
    await client.close();
    await emulator.close();
    console.log(
      `vendor differential (provider check): ${VENDOR_ROWS.length} routes; valid samples ` +
        `${totals.validPassed}/${totals.valid} accepted; mutants ${totals.refused}/` +
        `${totals.mutants - totals.defaulted - totals.inexpressible} refused at their property path ` +
        `(of ${totals.mutants}: ${totals.defaulted} dropped required properties the resource fills in, ` +
        `accepted; ${totals.inexpressible} defects no inputs can express)`,
    );
  });

  it.each(VENDOR_ROWS)("$name", async (row) => {
    const schema = vendorRequestSchema(row.method, row.pathTemplate) as Record<string, unknown> | undefined;
    expect(schema, `${row.method} ${row.pathTemplate} has a documented body`).toBeDefined();
    if (!schema) return;
    const provider = buildTypeProvider(row.definition, testRun(client));
    /** The bodies the resource would send for checked inputs. */
    const bodiesOf = (inputs: unknown) =>
      row.definition.capabilities?.preview?.vendorRequests?.(inputs as Values) ?? [];
    const sample = rowSample(row, schema);
    totals.valid++;
    const validInputs = rowInputs(row, sample.value);
    expect(validInputs, "the valid sample is expressible as inputs").toBeDefined();
    const valid = await provider.check({}, validInputs ?? {});
    expect(valid.failures, "the valid sample").toEqual([]);
    // The row is the route the resource sends.
    const routes = bodiesOf(valid.inputs).map((request) => {
      const operation = vendorOperation(request.method, request.path);
      return `${operation?.method} ${operation?.pathTemplate}`;
    });
    expect(routes).toContain(`${row.method} ${row.pathTemplate}`);
    totals.validPassed++;

    const missed: string[] = [];
    const mutants = vendorMutants(sample).filter(
      (mutant: Mutant) => !(String(mutant.path[0]) in (row.unmapped ?? {})),
    );
    for (const mutant of mutants) {
      totals.mutants++;
      const expected = propertyPath(rowInputPath(row, mutant.path, mutant.body));
      const inputs = rowInputs(row, mutant.body);
      if (inputs === undefined) {
        totals.inexpressible++;
        continue;
      }
      const result = await provider.check({}, inputs);
      if (mutant.defect === "required" && row.defaulted?.includes(label(mutant.path))) {
        expect(result.failures, mutant.label).toEqual([]);
        const sent = bodiesOf(result.inputs).map((request) => valueAt(request.body, mutant.path));
        expect(sent, `${label(mutant.path)} is filled in by the resource`).not.toContain(undefined);
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
