/** Bad manifests, table-driven: each fails with the exact file, line, column and reason. */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadManifest, ManifestError, manifestJsonSchema, readManifest } from "../../src/manifest";

const dir = mkdtempSync(join(tmpdir(), "manifest-"));
let files = 0;

/** Writes `text` (and an overlay for stack `dev` when given) and reads it. */
function read(text: string, overlay?: string) {
  const file = join(dir, `tenant-${++files}.yaml`);
  writeFileSync(file, text);
  if (overlay !== undefined) writeFileSync(file.replace(/\.yaml$/, ".dev.yaml"), overlay);
  return { file, result: readManifest(file, { stack: "dev" }) };
}

const COMPANY = "company:\n  name: Acme\n  billingCurrency: USD\n";
const LE =
  "legalEntities:\n  acme-us:\n    name: Acme US\n    billingCurrency: USD\n    address: { addressLines: [x], regionCode: US }\n";

const cases: {
  name: string;
  text: string;
  overlay?: string;
  expected: [number, number, string, string | RegExp][];
}[] = [
  {
    name: "an unknown key at the top level",
    text: `${COMPANY}tenantName: acme\n`,
    expected: [[4, 1, "tenantName", "is not a known property"]],
  },
  {
    name: "a typo in an entry's field",
    text: `${COMPANY}costCenters:\n  eng: { name: Eng, numberOfEmploees: 5 }\n`,
    expected: [[5, 21, "costCenters.eng.numberOfEmploees", "is not a known property"]],
  },
  {
    name: "a missing required field",
    text: "company:\n  billingCurrency: USD\n",
    expected: [[1, 1, "company.name", "is required"]],
  },
  {
    name: "a bad value",
    text: "company:\n  name: Acme\n  billingCurrency: dollars\n",
    expected: [[3, 20, "company.billingCurrency", "must be a 3-letter ISO 4217 code such as USD"]],
  },
  {
    name: "a dangling reference",
    text: `${COMPANY}${LE}offices:\n  hq: { legalEntity: acme-uk, name: HQ }\n`,
    expected: [
      [
        10,
        22,
        "offices.hq.legalEntity",
        /refers to legalEntities "acme-uk", which this manifest does not declare/,
      ],
    ],
  },
  {
    name: "a duplicate key",
    text: `${COMPANY}grades:\n  a: { name: A }\n  a: { name: B }\n`,
    expected: [[6, 3, "grades.a", "duplicate key (each key may appear once in a map)"]],
  },
  {
    name: "a key that cannot name a resource",
    text: `${COMPANY}grades:\n  Senior Staff: { name: A }\n`,
    expected: [[5, 3, "grades.Senior Staff", /is not a valid key: it must be lowercase letters/]],
  },
  {
    name: "a config document that does not fit its kind",
    text: `${COMPANY}configs:\n  brand:\n    kind: color\n    config: { primary: 12 }\n`,
    expected: [[5, 3, "configs.brand.companyRole", "is required for kind color"]],
  },
  {
    name: "an alias cycle",
    text: `${COMPANY}departments: &d\n  x: *d\n`,
    expected: [[5, 6, "departments.x", "the YAML alias refers to a map that contains it (a cycle)"]],
  },
  {
    name: "a YAML syntax error",
    text: `${COMPANY}grades: [a\n`,
    expected: [[5, 1, "(document)", /./]],
  },
  {
    name: "errors in the base and the overlay, all in one pass",
    text: `${COMPANY}colour: red\n`,
    overlay: "company:\n  billingCurrency: EURO\n",
    expected: [
      [4, 1, "colour", "is not a known property"],
      [2, 20, "company.billingCurrency", "must be a 3-letter ISO 4217 code such as USD"],
    ],
  },
];

describe("manifest validation", () => {
  it.each(cases)("reports $name with its line, column and reason", ({ text, overlay, expected }) => {
    const { file, result } = read(text, overlay);
    expect(result.manifest).toBeUndefined();
    const got = result.issues.map((issue) => [
      issue.file,
      issue.line,
      issue.column,
      issue.path,
      issue.reason,
    ]);
    expect(got).toHaveLength(expected.length);
    expected.forEach(([line, column, path, reason], index) => {
      const [issueFile, issueLine, issueColumn, issuePath, issueReason] = got[index] ?? [];
      expect(issueFile).toBe(
        index === 0 || overlay === undefined ? file : file.replace(/\.yaml$/, ".dev.yaml"),
      );
      expect([issueLine, issueColumn, issuePath]).toEqual([line, column, path]);
      if (typeof reason === "string") expect(issueReason).toBe(reason);
      else expect(issueReason).toMatch(reason);
    });
  });

  it("throws one error listing every problem from loadManifest", () => {
    const { file } = read(`${COMPANY}colour: red\ngrades:\n  Bad: { name: x }\n`);
    const error = (() => {
      try {
        loadManifest(file);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as ManifestError).issues).toHaveLength(2);
    expect((error as Error).message).toContain(`${file}:4:1: colour: is not a known property`);
  });

  it("lets a placeholder stand for a value the stack supplies", () => {
    const { result } = read(
      `${COMPANY}legalEntities:\n  us:\n    name: US\n    billingCurrency: USD\n    registeredEmail: "\${config:billingEmail}"\n    address: { addressLines: [x], regionCode: US }\n`,
    );
    expect(result.issues).toEqual([]);
  });

  it("merges the overlay: maps by key, lists replaced, null removes", () => {
    const { result } = read(
      `${COMPANY}  emailDomains: [a.example, b.example]\ngrades:\n  a: { name: A }\n  b: { name: B }\n`,
      "company:\n  name: Acme Dev\n  emailDomains: [dev.example]\ngrades:\n  b: null\n  c: { name: C }\n",
    );
    expect(result.issues).toEqual([]);
    expect(result.manifest?.company).toMatchObject({
      name: "Acme Dev",
      billingCurrency: "USD",
      emailDomains: ["dev.example"],
    });
    expect(result.manifest?.grades).toEqual({ a: { name: "A" }, c: { name: "C" } });
  });
});

describe("the example manifest and the JSON Schema", () => {
  const root = resolve(__dirname, "../..");

  it("examples/tenant/tenant.yaml is valid", () => {
    expect(readManifest(join(root, "examples/tenant/tenant.yaml")).issues).toEqual([]);
  });

  it("schemas/tenant-manifest.schema.json is the one generated from the zod schema (npm run manifest-schema)", () => {
    const committed = JSON.parse(
      readFileSync(join(root, "schemas/tenant-manifest.schema.json"), "utf8"),
    ) as unknown;
    expect(committed).toEqual(manifestJsonSchema());
  });
});
