/**
 * The example programs the resource pages take their YAML and Python examples from
 * (examples/resources/yaml, examples/resources/python) are checked against what they run on: the
 * YAML program against the package schema the plugin serves (schemas/pulumi-package.json), the
 * Python program against the generated SDK (sdk/python), compiled and each call and dict literal
 * read against the SDK's signatures (without the `pulumi` Python package, so no type checker loads
 * the SDK), and the Go program type-checked against the generated SDK (sdk/go)
 * by `go vet`. The TypeScript examples are type-checked by `npm run typecheck`.
 *
 * `go vet` compiles the SDK and Pulumi's Go SDK into Go's build cache: minutes the first time on
 * a machine, seconds after. It builds with the flags scripts/bootstrap warms that cache with
 * (GOFLAGS=-trimpath), so after bootstrap only the example itself is compiled.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOnPath } from "../support/on-path";
import { type PackageSchema, yamlProgramProblems } from "../support/yaml-program-check";

const ROOT = resolve(__dirname, "..", "..");
const YAML_PROGRAM = join(ROOT, "examples", "resources", "yaml", "Pulumi.yaml");
const PYTHON_PROGRAM = join(ROOT, "examples", "resources", "python", "__main__.py");
const PYTHON_CHECK = join(ROOT, "test", "support", "python-sdk-calls.py");
const PYTHON_SDK = join(ROOT, "sdk", "python", "pulumi_travel");
const GO_PROGRAM_DIR = join(ROOT, "examples", "resources", "go");

const schema = JSON.parse(
  readFileSync(join(ROOT, "schemas", "pulumi-package.json"), "utf8"),
) as PackageSchema;

describe("examples/resources/yaml against the package schema", () => {
  const program = readFileSync(YAML_PROGRAM, "utf8");

  it("declares every resource type of the schema, each with known inputs of the right types", () => {
    expect(yamlProgramProblems(program, schema)).toEqual([]);
    const types = [...program.matchAll(/^ {4}type: (travel:index:\w+)$/gm)].map((match) => match[1]);
    expect(new Set(types)).toEqual(new Set(Object.keys(schema.resources)));
  });

  it("finds a misspelled input, a wrong enum value, a wrong type, a missing input and an unknown lookup", () => {
    const broken = program
      .replace("externalId: cc-sales", "externalID: cc-sales")
      .replace("kind: stealth", "kind: stealthy")
      .replace("enabled: true", "enabled: yes please")
      .replace("      kid: partner-a-2026\n", "")
      .replace("function: travel:index:getRole", "function: travel:index:getRoles");
    expect(yamlProgramProblems(broken, schema)).toEqual([
      expect.stringMatching(/^sales \(travel:index:CostCenter\): externalID is not a property/),
      expect.stringMatching(/^stealth \(travel:index:CompanyConfig\)\.kind: "stealthy" is not one of /),
      'project-code (travel:index:CustomField).enabled: expected a boolean, got "yes please"',
      "partner-a-2026 (travel:index:PartnerPublicKey): the required property kid is missing",
      expect.stringMatching(/the schema has no function travel:index:getRoles$/),
    ]);
  });
});

/** Why a check cannot run here, without `program` on PATH; under CI=true that is a failure. */
function skipReasonWithout(program: string): string {
  if (findOnPath(program) !== undefined) return "";
  if (process.env.CI === "true") throw new Error(`CI=true: the example checks need ${program} on PATH`);
  return `${program} not found on PATH`;
}

describe.skipIf(skipReasonWithout("go") !== "")("examples/resources/go against sdk/go", () => {
  it("type-checks with `go vet`", async () => {
    const env = { ...process.env, GOTOOLCHAIN: "local", GOFLAGS: "-mod=readonly -trimpath" };
    const vet = promisify(execFile)("go", ["vet", "."], { cwd: GO_PROGRAM_DIR, env }).catch(
      (error: unknown) => {
        const { stdout, stderr } = error as { stdout?: string; stderr?: string };
        throw new Error(`go vet failed in examples/resources/go:\n${stdout ?? ""}${stderr ?? ""}`, {
          cause: error,
        });
      },
    );
    await expect(vet).resolves.toMatchObject({ stderr: "" });
  }, 600_000);
});

describe.skipIf(skipReasonWithout("python3") !== "")("examples/resources/python against sdk/python", () => {
  const dir = mkdtempSync(join(tmpdir(), "pulumi-travel-python-examples-"));
  const broken = join(dir, "__main__.py");
  /** The problems the check printed, by program. */
  let problems: Record<string, string[]> = {};

  beforeAll(async () => {
    // The example with one mistake of each kind the check is there to find.
    writeFileSync(
      broken,
      readFileSync(PYTHON_PROGRAM, "utf8")
        .replace('external_id="cc-sales"', 'externalId="cc-sales"')
        .replace('"currency_code": "USD"', '"currencyCode": "USD"')
        .replace(
          'travel.Grade("manager", company_id=company_id, name="Manager")',
          'travel.Grade("manager", company_id=company_id)',
        )
        .replace("springfield.office_id", "springfield.office")
        .replace("ApiUserRole.", "ApiUserRole.NO_"),
    );
    let stdout = "";
    try {
      await promisify(execFile)("python3", [PYTHON_CHECK, PYTHON_SDK, "travel", PYTHON_PROGRAM, broken]);
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      if (failed.code !== 1)
        throw new Error(`the Python check failed to run: ${failed.stderr ?? ""}`, { cause: error });
      stdout = failed.stdout ?? "";
    }
    problems = {};
    for (const line of stdout.trim().split("\n").filter(Boolean)) {
      const [, program = "", problem = ""] = /^(.*?): line \d+: (.*)$/.exec(line) ?? [];
      (problems[program] ??= []).push(problem);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("compiles, and calls the SDK only with its names, arguments, keys and outputs", () => {
    expect(problems[PYTHON_PROGRAM]).toBeUndefined();
  });

  it("finds a camelCase argument or key, a missing required one, an unknown output and enum member", () => {
    expect(problems[broken]).toEqual(
      expect.arrayContaining([
        "CostCenter takes no argument externalId",
        expect.stringMatching(/^PerTripServiceCharge\.config\.charges\[\]: \w+ has no key 'currencyCode'/),
        "Grade needs the argument name",
        "Office has no output office",
        expect.stringMatching(/^ApiUserRole has no member NO_/),
      ]),
    );
  });
});
