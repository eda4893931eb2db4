/**
 * The fleet through the real engine (issue 24's acceptance): examples/fleet's 5 tenants × 2
 * environments, one stack each, deployed at most 4 at a time (P = 4) on a shared PostgreSQL
 * backend (scripts/postgres) against one emulator, each stack by the CI recipes' own shell step
 * (examples/ci/pipeline.sh up) and the packed package's CLI. The program is
 * examples/fleet/index.ts compiled to JavaScript (test/support/fleet-project.ts), but one stack is
 * deployed by the TypeScript program as a user runs it (ts-node). pipeline.sh runs
 * pulumi-travel's policy pack in every up and drift check. The drift check of every stack
 * (`pipeline.sh drift`: a preview with refresh that expects no changes) is also the fleet's second
 * preview: after an out-of-band change in one tenant, every other stack shows no change, and the
 * change appears in the fleet drift summary (`pulumi-travel fleet drift-summary`) and nowhere else;
 * destroying one stack deletes its tenant's company and leaves the other nine stacks' companies.
 */
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { COMPANIES } from "../../src/emulator/org/records";
import { mapBounded } from "../support/bounded-parallel";
import { assertNoContractViolations, type ContractRecorder } from "../support/contract-recorder";
import { backendEnv } from "../support/file-stack";
import { renameCostCenterOutOfBand } from "../support/live-emulator";
import { createFleetProject } from "../support/fleet-project";
import { type PostgresServer, startPostgres } from "../support/postgres";
import { e2eSkipReason, startE2eRecorder } from "./harness";

const execFileAsync = promisify(execFile);
const ROOT = resolve(__dirname, "..", "..");
const PIPELINE = join(ROOT, "examples", "ci", "pipeline.sh");
/** Stacks at once, as the recipes' `max-parallel`. */
const P = 4;
/** The stack the TypeScript program (ts-node) deploys; the compiled program deploys the others. */
const TYPESCRIPT_STACK = "globex-prod";
/**
 * The stack destroyed at the end: prod's, with the overlay's expense-sync API user. Its destroy
 * alone shows that stacks on one backend and one emulator do not reach into each other; that a
 * destroy leaves a tenant empty is the proof of organization, manifest and yaml-tenant.test.ts.
 */
const DESTROYED_STACK = "acme-corp-prod";

/** How a process ended, without throwing on a non-zero exit. */
interface Ended {
  code: number;
  stdout: string;
  stderr: string;
}

describe.skipIf(e2eSkipReason() !== "")("a fleet of 5 tenants × 2 environments, P = 4, on PostgreSQL", () => {
  let postgres: PostgresServer;
  let emulator: RunningEmulator;
  let recorder: ContractRecorder;
  let fleet: string;
  /** The fleet's project with examples/fleet/index.ts itself, run by ts-node. */
  let typescript: string | undefined;
  let stacks: string[] = [];
  let env: NodeJS.ProcessEnv;
  const seconds: Record<string, number> = {};

  const exec = async (file: string, args: string[], extra: NodeJS.ProcessEnv = {}): Promise<Ended> => {
    try {
      const { stdout, stderr } = await execFileAsync(file, args, {
        cwd: fleet,
        env: { ...env, ...extra },
        maxBuffer: 64 * 1024 * 1024,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code?: unknown; stdout?: string; stderr?: string };
      if (typeof e.code !== "number") throw error;
      return { code: e.code, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
    }
  };
  /** The packed package's CLI, as `npx pulumi-travel` runs it in the recipes. */
  const travel = (...args: string[]) =>
    exec(join(inject("packedProjectDir"), "node_modules", ".bin", "pulumi-travel"), args);
  /** `pipeline.sh <step> <stack>` for every stack, at most P at a time; timed. */
  const everyStack = async (label: string, run: (stack: string) => Promise<Ended>) => {
    const started = performance.now();
    const done = await mapBounded(stacks, P, run);
    seconds[label] = Math.round((performance.now() - started) / 100) / 10;
    return { ...done, byStack: new Map(stacks.map((stack, i) => [stack, done.results[i] as Ended])) };
  };
  const failuresOf = (byStack: Map<string, Ended>) =>
    [...byStack]
      .filter(([, r]) => r.code !== 0)
      .map(([stack, r]) => `${stack}: ${r.code}: ${r.stderr.slice(-2000)}`);
  /** The companies the fleet made (the emulator's own TMC record left out). */
  const companies = () =>
    emulator.context.store
      .records(COMPANIES)
      .values()
      .filter((company) => !platformCompanies.has(company.id.id));
  let platformCompanies = new Set<string>();

  beforeAll(async () => {
    postgres = await startPostgres();
    emulator = await startEmulator();
    recorder = await startE2eRecorder(emulator.url, "e2e fleet");
    platformCompanies = new Set(
      emulator.context.store
        .records(COMPANIES)
        .values()
        .map((company) => company.id.id),
    );
    // index.ts compiled once: ts-node in each of the ~40 pulumi processes costs CPU the CI lacks; the
    // TypeScript program itself previews a stack below.
    fleet = createFleetProject(inject("packedProjectDir"), { program: "javascript" });
    env = {
      ...process.env,
      ...backendEnv(postgres.url),
      PROJECT_DIR: fleet,
      TRAVEL_BASE_URL: recorder.url,
      TRAVEL_CLIENT_ID: emulator.bootstrap.clientId,
      TRAVEL_CLIENT_SECRET: emulator.bootstrap.clientSecret,
    };
  });
  afterAll(async () => {
    console.log(`fleet e2e, ${stacks.length} stacks, P = ${P}, seconds: ${JSON.stringify(seconds)}`);
    await recorder?.close();
    await emulator?.close();
    await postgres?.stop();
    if (fleet) rmSync(fleet, { recursive: true, force: true });
    if (typescript) rmSync(typescript, { recursive: true, force: true });
    if (recorder) assertNoContractViolations(recorder, "e2e fleet");
  });

  it("validates every tenant and overlay, and lists the 10 stacks as the CI matrix", async () => {
    expect(await travel("fleet", "validate", "tenants")).toMatchObject({
      code: 0,
      stdout: "10 stack(s) checked: 10 valid\n",
    });
    const matrix = await travel("fleet", "matrix", "tenants");
    expect(matrix.code).toBe(0);
    stacks = (JSON.parse(matrix.stdout) as { include: { stack: string }[] }).include.map((e) => e.stack);
    expect(stacks).toHaveLength(10);
  });

  it("deploys every stack with pipeline.sh up, 4 at a time, globex-prod from the TypeScript program: each tenant's company once per environment, the policy pack run in every up", async () => {
    // examples/fleet/index.ts as a user runs it (ts-node) deploys one stack; the drift check below
    // previews it with the compiled program on the same backend: both programs make the same stack.
    typescript = createFleetProject(inject("packedProjectDir"));
    const up = await everyStack("up", (stack) =>
      exec("bash", [PIPELINE, "up", stack], stack === TYPESCRIPT_STACK ? { PROJECT_DIR: typescript } : {}),
    );
    expect(failuresOf(up.byStack)).toEqual([]);
    expect(up.maxActive).toBe(P);
    const externalIds = companies()
      .map((company) => company.externalId)
      .sort();
    expect(externalIds).toEqual(
      ["acme-corp", "globex", "initech", "umbrella-health", "wayne-logistics"]
        .flatMap((t) => [t, `${t}-dev`])
        .sort(),
    );
    // The overlays made the environments differ: prod's expense-sync API user, initech's printers.
    expect(up.byStack.get("acme-corp-prod")?.stdout).toMatch(/expense-sync/);
    expect(up.byStack.get("acme-corp-dev")?.stdout).not.toMatch(/expense-sync/);
    // The pack ran in every up with no mandatory violation: the prod stacks' unprotected companies
    // are advisory (⚠️; ❌ would be a mandatory one).
    for (const [stack, run] of up.byStack) {
      expect(run.stdout, stack).toMatch(/Policies:\n\s+(✅|⚠️) pulumi-travel@v0\.1\.0/);
      expect(run.stdout.includes("[advisory]  travel-company-protect"), stack).toBe(stack.endsWith("-prod"));
    }
  });

  it("finds no change in any stack's drift check but the out-of-band change in one tenant, reported in the fleet drift summary", async () => {
    const initech = companies().find((company) => company.externalId === "initech");
    expect(initech).toBeDefined();
    await renameCostCenterOutOfBand(emulator, initech?.id.id ?? "", "TPS Reports", "TPS (renamed by hand)");

    const drift = await everyStack("drift", (stack) =>
      exec("bash", [PIPELINE, "drift", stack], { DRIFT_DIR: "drift" }),
    );
    expect([...drift.byStack].filter(([, r]) => r.code !== 0).map(([stack]) => stack)).toEqual([
      "initech-prod",
    ]);
    expect(drift.byStack.get("initech-prod")?.stderr).toContain("no changes were expected");

    const summary = await travel("fleet", "drift-summary", "drift");
    expect(summary.code).toBe(9);
    expect(summary.stdout).toContain("## Fleet drift: 1 of 10 stacks drifted");
    expect(summary.stdout).toContain("Tenants that drifted: initech.");
    // One row: the renamed cost center is the drifted stack's only change.
    expect(summary.stdout.split("\n").filter((line) => /^\| (?!Tenant|---)/.test(line))).toEqual([
      "| initech | prod | CostCenter tps | update | name |",
    ]);
    const results = JSON.parse((await travel("fleet", "drift-summary", "drift", "--json")).stdout) as {
      stack: string;
      status: string;
    }[];
    expect(results.filter((r) => r.status !== "in-sync")).toEqual([
      expect.objectContaining({ stack: "initech-prod", status: "drifted" }),
    ]);
    expect(results).toHaveLength(10);
  });

  it("destroys one stack, deleting its tenant's company and nothing of the other nine stacks'", async () => {
    const before = companies().map((company) => company.externalId);
    expect(before).toHaveLength(10);
    const destroyed = await exec("pulumi", [
      "destroy",
      "--stack",
      DESTROYED_STACK,
      "--yes",
      "--non-interactive",
    ]);
    expect(destroyed.code, destroyed.stderr).toBe(0);
    expect(
      companies()
        .map((company) => company.externalId)
        .sort(),
    ).toEqual(before.filter((externalId) => externalId !== "acme-corp").sort());
  });
});
