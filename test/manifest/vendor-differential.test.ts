/**
 * `pulumi-travel validate` against the vendor documents: for every vendor write route a resource
 * maps (test/support/vendor-rows.ts, the rows of the provider's differential), the valid sample,
 * written as the resource's manifest entry, passes `readManifest`, and every one-defect mutant the
 * entry can express fails it at the manifest path of the defect: validate is at least as strict as
 * `check`, in every section and at every depth.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { vendorRequestSchema } from "../../src/contract";
import { readManifest } from "../../src/manifest";
import { KEYED_SECTIONS } from "../../src/manifest/schema";
import { PLAIN_SECTIONS } from "../../src/manifest/plain-sections";
import { formatPath } from "../../src/manifest/source-map";
import type { Values } from "../../src/provider/model/definition";
import { rowInputPath, rowInputs, rowSample, VENDOR_ROWS, type VendorRow } from "../support/vendor-rows";
import { type ValuePath, vendorMutants } from "../support/vendor-samples";

const dir = mkdtempSync(join(tmpdir(), "manifest-vendor-"));
let files = 0;

/** Validates `document` as a manifest file; the paths of its issues. */
function validate(document: Values): string[] {
  const file = join(dir, `tenant-${++files}.yaml`);
  writeFileSync(file, JSON.stringify(document));
  return readManifest(file).issues.map((issue) => `${issue.path}: ${issue.reason}`);
}

/** Inputs the manifest supplies (the company, a parent named by key, the API user's company). */
const SUPPLIED = ["companyId", "legalEntityId", "orgId"];
const COMPANY = { name: "Acme", billingCurrency: "USD" };

const legalEntityRow = VENDOR_ROWS.find((row) => row.name === "LegalEntity") as VendorRow;

/** A row's inputs without the ids the manifest supplies. */
const entryOf = (inputs: Values) =>
  Object.fromEntries(Object.entries(inputs).filter(([key]) => !SUPPLIED.includes(key)));

/** Where the row's resource sits in the manifest, and the manifest holding `inputs` there. */
function placement(row: VendorRow): {
  manifest: (inputs: Values) => Values;
  pathOf: (input: ValuePath) => ValuePath;
} {
  const manifest = row.definition.capabilities?.tenant?.manifest;
  if (manifest === undefined || !("section" in manifest)) throw new Error(`${row.name}: no manifest section`);
  const { section } = manifest;
  if (section === "company")
    return { manifest: (inputs) => ({ company: inputs }), pathOf: (at) => ["company", ...at] };
  // The features section is the `features` input itself.
  if (section === "features")
    return {
      manifest: (inputs) => ({ company: COMPANY, features: inputs.features }),
      pathOf: (at) => ["features", ...at.slice(1)],
    };
  if (!KEYED_SECTIONS.includes(section))
    return {
      manifest: (inputs) => ({ company: COMPANY, [section]: entryOf(inputs) }),
      pathOf: (at) => [section, ...at],
    };
  const parent = PLAIN_SECTIONS.find((plain) => plain.section === section)?.parent;
  const parentEntry = () => {
    const schema = vendorRequestSchema(legalEntityRow.method, legalEntityRow.pathTemplate) as Record<
      string,
      unknown
    >;
    return entryOf(rowInputs(legalEntityRow, rowSample(legalEntityRow, schema).value) as Values);
  };
  return {
    manifest: (inputs) => ({
      company: COMPANY,
      ...(parent ? { [parent.section]: { parent: parentEntry() } } : {}),
      [section]: { entry: { ...entryOf(inputs), ...(parent ? { [parent.entryKey]: "parent" } : {}) } },
    }),
    pathOf: (at) => [section, "entry", ...at],
  };
}

const totals = { valid: 0, validPassed: 0, mutants: 0, refused: 0, defaulted: 0, inexpressible: 0 };

describe("validate against the vendor documents: valid samples pass, every one-defect mutant fails at its path", () => {
  afterAll(() => {
    console.log(
      `vendor differential (pulumi-travel validate): ${VENDOR_ROWS.length} routes; valid samples ` +
        `${totals.validPassed}/${totals.valid} accepted; mutants ${totals.refused}/` +
        `${totals.mutants - totals.defaulted - totals.inexpressible} refused at their manifest path ` +
        `(of ${totals.mutants}: ${totals.defaulted} dropped required properties the resource fills in; ` +
        `${totals.inexpressible} defects no entry can express)`,
    );
  });

  it.each(VENDOR_ROWS)("$name", (row) => {
    const schema = vendorRequestSchema(row.method, row.pathTemplate) as Record<string, unknown>;
    const { manifest, pathOf } = placement(row);
    const sample = rowSample(row, schema);
    totals.valid++;
    expect(validate(manifest(rowInputs(row, sample.value) as Values)), "the valid sample").toEqual([]);
    totals.validPassed++;

    const missed: string[] = [];
    for (const mutant of vendorMutants(sample).filter((m) => !(String(m.path[0]) in (row.unmapped ?? {})))) {
      totals.mutants++;
      const inputs = rowInputs(row, mutant.body);
      const at = rowInputPath(row, mutant.path, mutant.body);
      if (inputs === undefined || SUPPLIED.includes(String(at[0]))) {
        totals.inexpressible++;
        continue;
      }
      const issues = validate(manifest(inputs));
      if (row.defaulted?.some((path) => mutant.defect === "required" && path === formatPath(mutant.path))) {
        expect(issues, mutant.label).toEqual([]);
        totals.defaulted++;
        continue;
      }
      const expected = formatPath(pathOf(at));
      if (issues.some((issue) => issue.startsWith(`${expected}: `))) totals.refused++;
      else missed.push(`${mutant.label}: ${issues.length === 0 ? "accepted" : issues.join("; ")}`);
    }
    expect(missed, `${row.name}: mutants validate did not refuse at their path`).toEqual([]);
  });

  it("an adoptId that is not a uuid, where the vendor's path takes a uuid", () => {
    const issues = validate({
      company: { ...COMPANY, adoptId: "acme" },
      costCenters: { ops: { name: "Ops", adoptId: "cc-1" } },
    });
    expect(issues).toEqual([
      expect.stringMatching(/^company\.adoptId: must be a uuid\b.*\{companyId\} path parameter of PUT/),
      expect.stringMatching(
        /^costCenters\.ops\.adoptId: must be a uuid\b.*\{costCenterId\} path parameter of PUT/,
      ),
    ]);
  });
});
