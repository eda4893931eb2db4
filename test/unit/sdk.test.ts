/**
 * The committed SDKs (sdk/go, sdk/python, sdk/dotnet, sdk/nodejs) are what scripts/gen-sdk writes
 * from schemas/pulumi-package.json now (`npm run sdk` regenerates them), and the check names a file
 * that a one-character edit changed. The lookups come out as each language expects them, and the
 * Node.js SDK's nested files import the package root from one folder up (gen-sdk's correction of
 * codegen/nodejs under Go 1.26).
 * Under CI=true a missing Go toolchain fails the file instead of skipping it.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { checkSdks, goBinary } from "../support/sdk-check";

const ROOT = resolve(__dirname, "..", "..");
/** The first build of the generator compiles Pulumi's codegen: minutes; later runs take about 1 s. */
const FIRST_BUILD_MS = 20 * 60_000;

function skipReason(): string {
  if (goBinary() !== undefined) return "";
  const reason = "no Go toolchain to build scripts/gen-sdk; install Go >= 1.24.7";
  if (process.env.CI === "true") throw new Error(`CI=true: the SDK check needs Go: ${reason}`);
  return reason;
}

describe.skipIf(skipReason() !== "")("the generated SDKs in sdk/", () => {
  it(
    "are what scripts/gen-sdk writes from the package schema now (npm run sdk)",
    () => {
      expect(checkSdks(ROOT), "stale SDK files; run `npm run sdk` and commit sdk/").toEqual([]);
    },
    FIRST_BUILD_MS,
  );

  it(
    "fail the check after a one-character edit to a committed file, naming it",
    () => {
      const copy = mkdtempSync(join(tmpdir(), "pulumi-travel-sdk-copy-"));
      try {
        cpSync(join(ROOT, "sdk"), copy, { recursive: true });
        const file = join(copy, "go", "travel", "costCenter.go");
        const text = readFileSync(file, "utf8");
        const at = text.indexOf("CostCenterId");
        writeFileSync(file, `${text.slice(0, at)}X${text.slice(at + 1)}`);
        expect(checkSdks(ROOT, copy)).toEqual(["go/travel/costCenter.go: differs"]);
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    },
    FIRST_BUILD_MS,
  );

  it("has the lookups as each language expects them: LookupCompany, get_company, GetCompany, getCompany", () => {
    const sdk = (...path: string[]) => readFileSync(join(ROOT, "sdk", ...path), "utf8");
    expect(sdk("go", "travel", "getCompany.go")).toMatch(/^func LookupCompany\(ctx \*pulumi\.Context/m);
    expect(sdk("go", "travel", "getUserGroup.go")).toMatch(/^func GetUserGroup\(ctx \*pulumi\.Context/m);
    expect(sdk("python", "pulumi_travel", "get_company.py")).toMatch(/^def get_company\(/m);
    expect(sdk("python", "pulumi_travel", "__init__.py")).toContain("from .get_company import *");
    expect(sdk("dotnet", "GetCompany.cs")).toMatch(/public static Task<GetCompanyResult> InvokeAsync\(/);
    expect(sdk("nodejs", "getCompany.ts")).toMatch(/^export function getCompany\(/m);
  });

  it("has the Node.js SDK's nested files import the package root from their parent folder", () => {
    const sdk = (...path: string[]) => readFileSync(join(ROOT, "sdk", ...path), "utf8");
    expect(sdk("nodejs", "config", "vars.ts")).toContain('import * as utilities from "../utilities";');
    expect(sdk("nodejs", "types", "input.ts")).toContain('import * as inputs from "../types/input";');
    expect(sdk("nodejs", "types", "index.ts")).toContain('import * as enums from "./enums";');
  });
});
