/**
 * The generated Python SDK (sdk/python) and examples/python-tenant compile (`python3 -m
 * compileall`), and the example's calls fit the SDK (test/support/python_sdk_calls.py: class and
 * function names, keyword arguments, required ones, output properties read), without the `pulumi`
 * Python package or the engine: test/e2e/python-tenant.test.ts runs the program through them.
 * Under CI=true a missing python3 fails the file instead of skipping it.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findOnPath } from "../support/on-path";

const ROOT = resolve(__dirname, "..", "..");
const EXAMPLE = join(ROOT, "examples", "python-tenant", "__main__.py");
const PACKAGE = join(ROOT, "sdk", "python", "pulumi_travel");
const CALL_CHECK = join(ROOT, "test", "support", "python_sdk_calls.py");

function skipReason(): string {
  if (findOnPath("python3") !== undefined) return "";
  if (process.env.CI === "true") throw new Error("CI=true: the Python SDK check needs python3 on PATH");
  return "python3 not found on PATH";
}

/** Runs python3 with `args`; its exit status and output (stdout and stderr). */
function python(args: string[], env: NodeJS.ProcessEnv = process.env): { status: number; output: string } {
  try {
    return { status: 0, output: execFileSync("python3", args, { encoding: "utf8", env, stdio: "pipe" }) };
  } catch (error) {
    const { status, stdout, stderr } = error as { status: number; stdout: string; stderr: string };
    return { status, output: `${stdout}${stderr}` };
  }
}

describe.skipIf(skipReason() !== "")("the generated Python SDK and examples/python-tenant", () => {
  const scratch = mkdtempSync(join(tmpdir(), "pulumi-travel-python-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("compile with python3 -m compileall", () => {
    // The bytecode goes to a scratch folder, not into the committed SDK.
    const env = { ...process.env, PYTHONPYCACHEPREFIX: join(scratch, "pycache") };
    const compiled = python(["-m", "compileall", "-q", join(ROOT, "sdk", "python"), EXAMPLE], env);
    expect(compiled).toEqual({ status: 0, output: "" });
  });

  it("has the example call only what the SDK declares, with every required argument", () => {
    expect(python([CALL_CHECK, PACKAGE, EXAMPLE])).toEqual({ status: 0, output: "" });
  });

  it("names a misspelt argument, a missing required one and an unknown output", () => {
    const broken = join(scratch, "__main__.py");
    const source = readFileSync(EXAMPLE, "utf8");
    const edited = source
      .replace("legal_entity_id=acme_us.legal_entity_id,", "legal_entity=acme_us.legal_entityid,")
      .replace('    billing_currency="USD",\n    email_domains', "    email_domains");
    expect(edited).not.toBe(source);
    writeFileSync(broken, edited);
    const { status, output } = python([CALL_CHECK, PACKAGE, broken]);
    expect(status).toBe(1);
    expect(
      output
        .trim()
        .split("\n")
        .map((line) => line.replace(/^\d+: /, "")),
    ).toEqual([
      "travel.Company needs the argument billing_currency",
      "travel.Office has no argument legal_entity",
      "travel.Office needs the argument legal_entity_id",
      "LegalEntity has no output legal_entityid",
    ]);
  });
});
