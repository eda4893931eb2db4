/**
 * `npm run bench -- fleet [--tenants T] [--parallel 1,2,4,8] [--rate R] [--chart FILE]`: runs the
 * fleet bench (bench/fleet.ts), prints its table and writes its chart (default
 * docs/fleet-bench.svg).
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { repoRoot } from "../test/support/packed-project";
import { type FleetBenchOptions, formatFleetResults, ratioOf, runFleetBench } from "./fleet";
import { fleetChartSvg } from "./fleet-chart";

/** The defaults of the acceptance run: T = 20, P in {1, 2, 4, 8}, R = 50. */
export const FLEET_DEFAULTS = { tenants: 20, parallel: [1, 2, 4, 8], rateLimit: 50 } as const;

/** A whole number of at least 1 from flag `name`'s text; the error names the flag. */
function wholeNumber(name: string, value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new Error(`--${name} must be a whole number of at least 1, not "${value}"`);
  return number;
}

/** The bench options and chart path from the command line's arguments after `fleet`. */
export function parseFleetArgs(args: readonly string[]): FleetBenchOptions & { chart: string } {
  const { values } = parseArgs({
    args: [...args],
    options: {
      tenants: { type: "string" },
      parallel: { type: "string" },
      rate: { type: "string" },
      chart: { type: "string" },
    },
    strict: true,
  });
  return {
    tenants: values.tenants === undefined ? FLEET_DEFAULTS.tenants : wholeNumber("tenants", values.tenants),
    parallel:
      values.parallel === undefined
        ? FLEET_DEFAULTS.parallel
        : values.parallel.split(",").map((p) => wholeNumber("parallel", p.trim())),
    rateLimit: values.rate === undefined ? FLEET_DEFAULTS.rateLimit : wholeNumber("rate", values.rate),
    chart: resolve(values.chart ?? resolve(repoRoot(), "docs", "fleet-bench.svg")),
  };
}

/** Runs the fleet bench as the command line asks; prints the table, writes the chart. */
export async function fleetCommand(args: readonly string[]): Promise<void> {
  const options = parseFleetArgs(args);
  console.log(
    `fleet: T = ${options.tenants} tenants, P = ${options.parallel.join(", ")}, R = ${options.rateLimit} calls/s (Node ${process.version}, ${new Date().toISOString()})`,
  );
  const results = await runFleetBench({ ...options, log: (line) => console.error(`  ${line}`) });
  console.log(formatFleetResults(results, options.rateLimit));
  const best = results.reduce((a, b) => (b.wallSeconds < a.wallSeconds ? b : a));
  console.log(
    `\nbest P = ${best.parallel}: ${best.wallSeconds.toFixed(1)} s, ${ratioOf(best).toFixed(2)}x the physical limit`,
  );
  writeFileSync(options.chart, fleetChartSvg(results, options.tenants, options.rateLimit));
  console.log(`chart: ${options.chart}`);
  const astray = results.flatMap((r) => [...r.failedRuns, ...r.duplicates, ...r.orphans]);
  if (astray.length > 0) {
    console.error(`fleet: ${astray.length} failed run(s), duplicate(s) or orphan(s); see above`);
    process.exitCode = 1;
  }
}
