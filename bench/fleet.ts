/**
 * The fleet section of `npm run bench -- fleet`: T tenants, one stack each, deployed P stacks at
 * a time by the bounded runner (`pulumi up` of the real CLI) on a private PostgreSQL backend,
 * against one emulator that allows R platform calls per second per client id. Every stack uses the
 * same TMC credentials, so the fleet shares one rate limit while each stack's client throttles
 * alone. For each P it measures the wall time of the whole fleet's `up`, the physical limit (the
 * platform calls it took ÷ R: no fleet can be faster), their ratio and the share of calls answered
 * 429, then reads the platform for duplicates and orphans. Figures only; nothing asserts a timing.
 */
import { rmSync } from "node:fs";
import { clearSharedTokens, TravelClient } from "../src/client";
import { startEmulator } from "../src/emulator";
import { parseStackExport, type StackContents } from "../src/tenant/stack-export";
import { backendEnv } from "../test/support/file-stack";
import { createPackedProject } from "../test/support/packed-project";
import { startPostgres } from "../test/support/postgres";
import { checkFleet } from "./fleet-check";
import { createFleetProject, type FleetProject } from "./fleet-project";
import { failures, runStacks } from "./fleet-runner";

const TOKEN_ROUTE = "POST /v2/auth/oauth2-token";
/** Parallelism of the untimed steps (stack init, stack export). */
const SETUP_PARALLEL = 4;

/** Options of {@link runFleetBench}. */
export interface FleetBenchOptions {
  /** Tenants in the fleet (T). */
  tenants: number;
  /** The parallelisms to measure (P), in order. */
  parallel: readonly number[];
  /** The emulator's `apiRateLimitPerSecond` (R). */
  rateLimit: number;
  /** A directory whose node_modules holds the packed pulumi-travel and @pulumi/pulumi; packed when absent. */
  packedProjectDir?: string | undefined;
  /** Progress lines. */
  log?: ((line: string) => void) | undefined;
}

/** The figures of one P. */
export interface FleetResult {
  parallel: number;
  stacks: number;
  /** Travel resources in the stacks' state afterwards. */
  resources: number;
  /** From the first `pulumi up`'s start to the last one's end. */
  wallSeconds: number;
  /** Platform calls answered other than 429 (token requests excluded). */
  calls: number;
  /** Platform calls answered 429. */
  throttled: number;
  tokenRequests: number;
  /** `calls` ÷ R. */
  physicalLimitSeconds: number;
  /** The slowest stack's `pulumi up`, in seconds. */
  slowestStackSeconds: number;
  /** The runs that failed, with their error. */
  failedRuns: string[];
  /** Objects read on the platform afterwards. */
  objects: number;
  duplicates: string[];
  orphans: string[];
}

/** The environment of the stacks deployed at parallelism P: `p<P>` (stack `tenant-01-p4`). */
const envOf = (parallel: number): string => `p${parallel}`;

/** Wall time over the physical limit. */
export const ratioOf = (r: FleetResult): number => r.wallSeconds / r.physicalLimitSeconds;

/** The share of platform calls answered 429. */
export const throttledShareOf = (r: FleetResult): number => r.throttled / Math.max(1, r.calls + r.throttled);

/** Deploys the fleet's stacks for `parallel` against a fresh emulator and measures it. */
async function measure(
  project: FleetProject,
  backendUrl: string,
  parallel: number,
  options: FleetBenchOptions,
): Promise<FleetResult> {
  const log = options.log ?? (() => undefined);
  // Each tenant has an API user (the example tenant's expense-sync), all of one TMC: the quota of
  // API users per TMC (5 by default) must hold the fleet's and the TMC admin's own.
  const emulator = await startEmulator({
    logErrors: false,
    settings: { apiRateLimitPerSecond: options.rateLimit, apiUserQuota: project.tenants.length + 1 },
  });
  try {
    const { clientId, clientSecret, tmcId } = emulator.bootstrap;
    const env = {
      ...process.env,
      ...backendEnv(backendUrl),
      TRAVEL_BASE_URL: emulator.url,
      TRAVEL_CLIENT_ID: clientId,
      TRAVEL_CLIENT_SECRET: clientSecret,
      // The quota the provider's preview checks new API users against: the emulator's.
      TRAVEL_API_USER_QUOTA: String(project.tenants.length + 1),
    };
    const stacks = project.tenants.map((tenant) => `${tenant}-${envOf(parallel)}`);
    const runner = { cwd: project.dir, env, parallel: SETUP_PARALLEL };
    assertAllRan(
      await runStacks(stacks, (s) => ["stack", "init", s, "--non-interactive"], runner),
      "stack init",
    );

    log(`P = ${parallel}: pulumi up of ${stacks.length} stacks, ${parallel} at a time`);
    const before = emulator.admin.lastRequestSeq;
    const started = performance.now();
    const ups = await runStacks(
      stacks,
      (s) => ["up", "--stack", s, "--yes", "--skip-preview", "--non-interactive"],
      {
        ...runner,
        parallel,
        onRun: (run) => log(`  ${run.stack}: exit ${run.exitCode} after ${run.seconds.toFixed(1)} s`),
      },
    );
    const wallSeconds = (performance.now() - started) / 1000;
    const requests = emulator.admin.requests(before);
    const platform = requests.filter((r) => r.route !== TOKEN_ROUTE);
    const throttled = platform.filter((r) => r.status === 429).length;

    emulator.admin.updateSettings({ apiRateLimitPerSecond: 0 });
    const exports = await runStacks(stacks, (s) => ["stack", "export", "--stack", s], runner);
    assertAllRan(exports, "stack export");
    const contents: StackContents[] = exports.map((run) => parseStackExport(run.stdout));
    clearSharedTokens();
    const client = new TravelClient({ baseUrl: emulator.url, credentials: { clientId, clientSecret } });
    const check = await checkFleet(client, contents, { tmcId, clientId }).finally(() => client.close());
    return {
      parallel,
      stacks: stacks.length,
      resources: contents.reduce((sum, stack) => sum + stack.resources.length, 0),
      wallSeconds,
      calls: platform.length - throttled,
      throttled,
      tokenRequests: requests.length - platform.length,
      physicalLimitSeconds: (platform.length - throttled) / options.rateLimit,
      slowestStackSeconds: Math.max(...ups.map((run) => run.seconds)),
      failedRuns: failures(ups),
      ...check,
    };
  } finally {
    await emulator.close();
  }
}

function assertAllRan(runs: Parameters<typeof failures>[0], what: string): void {
  const failed = failures(runs);
  if (failed.length > 0)
    throw new Error(`${what} failed for ${failed.length} stack(s):\n${failed.join("\n")}`);
}

/** Checks the options; the error names the option and the reason. */
function assertOptions(options: FleetBenchOptions): void {
  const whole = (value: number) => Number.isInteger(value) && value >= 1;
  if (!whole(options.tenants))
    throw new Error(`tenants must be a whole number of at least 1, not ${options.tenants}`);
  if (!whole(options.rateLimit))
    throw new Error(
      `rate must be a whole number of requests per second of at least 1, not ${options.rateLimit}`,
    );
  if (options.parallel.length === 0 || !options.parallel.every(whole))
    throw new Error(`parallel must list whole numbers of at least 1, not ${options.parallel.join(",")}`);
}

/**
 * Runs the fleet bench for each P of `options.parallel` (a fresh emulator each, one PostgreSQL
 * server for all) and returns the figures.
 */
export async function runFleetBench(options: FleetBenchOptions): Promise<FleetResult[]> {
  assertOptions(options);
  const owned = options.packedProjectDir === undefined;
  const packedProjectDir = options.packedProjectDir ?? createPackedProject("pulumi-travel-fleet-bench-");
  const postgres = await startPostgres();
  const project = createFleetProject(packedProjectDir, options.tenants, options.parallel.map(envOf));
  try {
    const results: FleetResult[] = [];
    for (const parallel of options.parallel)
      results.push(await measure(project, postgres.url, parallel, options));
    return results;
  } finally {
    await postgres.stop();
    rmSync(project.dir, { recursive: true, force: true });
    if (owned) rmSync(packedProjectDir, { recursive: true, force: true });
  }
}

/** The results as a Markdown table, one row per P. */
export function formatFleetResults(results: readonly FleetResult[], rateLimit: number): string {
  const lines = [
    `| P | stacks | resources | wall time | platform calls | physical limit (calls ÷ ${rateLimit}/s) | ratio | 429s | 429 share | token requests | slowest stack | failed runs | duplicates | orphans |`,
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of results) {
    lines.push(
      `| ${r.parallel} | ${r.stacks} | ${r.resources} | ${r.wallSeconds.toFixed(1)} s | ${r.calls} | ` +
        `${r.physicalLimitSeconds.toFixed(1)} s | ${ratioOf(r).toFixed(2)}x | ${r.throttled} | ` +
        `${(throttledShareOf(r) * 100).toFixed(1)} % | ${r.tokenRequests} | ${r.slowestStackSeconds.toFixed(1)} s | ` +
        `${r.failedRuns.length} | ${r.duplicates.length} | ${r.orphans.length} |`,
    );
  }
  const findings = results.flatMap((r) =>
    [...r.failedRuns, ...r.duplicates, ...r.orphans].map((line) => `P = ${r.parallel}: ${line}`),
  );
  return [...lines, ...(findings.length > 0 ? ["", ...findings] : [])].join("\n");
}
