/**
 * The `pulumi-travel` bin as users get it: from the packed and installed package (the fast CLI
 * tests run the same commands from source). It starts, answers through the package's compiled
 * files, and maps an outcome to its exit code. The installed contract checks requests with the
 * validators the build compiled ahead, never loading Ajv's compiler.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator";
import { type Finished, ROOT, runProgram, travelEnv } from "../cli/harness";
import { liveEmulator } from "../support/live-emulator";
import { assertNoContractViolations, type ContractRecorder } from "../support/contract-recorder";
import { e2eSkipReason, startE2eRecorder } from "./harness";

/** Runs the installed bin with `env` on top of a clean environment. */
function installedCli(args: readonly string[], env: Record<string, string> = {}): Promise<Finished> {
  return runProgram(join(inject("packedProjectDir"), "node_modules", ".bin", "pulumi-travel"), args, env);
}

describe.skipIf(e2eSkipReason() !== "")("the installed pulumi-travel bin", () => {
  let emulator: RunningEmulator;
  let recorder: ContractRecorder;
  /** The bin's environment: the emulator's credentials, reached through the contract recorder. */
  const env = () => travelEnv({ ...emulator, url: recorder.url });
  beforeAll(async () => {
    emulator = await liveEmulator();
    recorder = await startE2eRecorder(emulator.url, "e2e installed-cli");
  });
  afterAll(async () => {
    await recorder?.close();
    await emulator?.close();
    if (recorder) assertNoContractViolations(recorder, "e2e installed-cli");
  });

  it("prints its help with every command and the exit codes", async () => {
    const help = await installedCli(["--help"]);
    expect(help.code, help.stderr).toBe(0);
    for (const command of ["emulator", "car", "validate", "reconcile", "export"])
      expect(help.stdout).toContain(command);
    expect(help.stdout).toMatch(/Exit codes:/);
  });

  it("validates the example manifest and lists the seeded trips", async () => {
    const valid = await installedCli(["validate", join(ROOT, "examples", "tenant", "tenant.yaml")]);
    expect(valid.code, valid.stderr).toBe(0);
    const trips = await installedCli(["car", "trips", "--json"], env());
    expect(trips.code, trips.stderr).toBe(0);
    expect(trips.stdout).toContain("1000000001");
  });

  it("exits 5 for a PNR that does not exist", async () => {
    const missing = await installedCli(
      ["car", "show", "--trip", "1000000001", "--pnr", "9999999999", "--json"],
      env(),
    );
    expect(missing.code).toBe(5);
    expect(missing.stdout).toContain("PNR_NOT_FOUND");
  });

  it("checks every request the vendor documents with the validators its build compiled, without Ajv's compiler", async () => {
    const contract = join(
      inject("packedProjectDir"),
      "node_modules",
      "pulumi-travel",
      "dist",
      "src",
      "contract",
    );
    const script = `
      const contract = require(${JSON.stringify(contract)});
      let issues = 0;
      for (const operation of contract.vendorOperations()) {
        const path = operation.pathTemplate.replace(/\\{[^}]+\\}/g, "not-a-uuid");
        if (operation.request) issues += contract.vendorRequestIssues(operation.method, path, { undeclared: 1 }).length;
        issues += contract.vendorPathIssues(operation.method, path).length;
        issues += contract.vendorQueryIssues(operation.method, path, { limit: "x" }).length;
      }
      const compiler = Object.keys(require.cache).some((file) => file.includes("/ajv/dist/compile/index.js"));
      console.log(JSON.stringify({ checks: contract.compiledSchemaCount(), issues, compiler }));`;
    const run = await runProgram(process.execPath, ["-e", script], {});
    expect(run.code, run.stderr).toBe(0);
    const { checks, issues, compiler } = JSON.parse(run.stdout) as {
      checks: number;
      issues: number;
      compiler: boolean;
    };
    expect(checks).toBeGreaterThan(100);
    expect(issues).toBeGreaterThan(100);
    expect(compiler).toBe(false);
  });
});
