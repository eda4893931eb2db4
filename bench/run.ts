/**
 * `npm run bench`: speed and size figures of the client, the emulator, the serialized provider
 * and the vendor contract's request checks; `npm run bench -- fleet`: the fleet bench
 * (bench/fleet-command.ts); `npm run bench -- plugin`: the provider plugin's start (its single
 * executable beside the npm-installed plugin), then the plugin beside the dynamic resources
 * (bench/plugin.ts). Figures only; nothing here asserts a timing.
 */
import * as pulumi from "@pulumi/pulumi";
import { apiPath, clearSharedTokens, TravelClient } from "../src/client";
import { type RunningEmulator, startEmulator } from "../src/emulator";
import { thinProvider } from "../src/provider/hosts/dynamic/thin-provider";
import { formatEngineResults, runEngineBench } from "./engine";
import { fleetCommand } from "./fleet-command";
import { pluginCommand } from "./plugin";
import { planFidelityRow } from "./plan-fidelity";
import { vendorChecksRow } from "./vendor-checks";

interface Row {
  name: string;
  value: string;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

function clientOf(
  emulator: RunningEmulator,
  extra: Partial<ConstructorParameters<typeof TravelClient>[0]> = {},
) {
  return new TravelClient({
    baseUrl: emulator.url,
    credentials: { clientId: emulator.bootstrap.clientId, clientSecret: emulator.bootstrap.clientSecret },
    requestsPerSecond: 10_000,
    maxConcurrency: 16,
    retry: { baseDelayMs: 5, maxDelayMs: 50 },
    ...extra,
  });
}

async function timedBatch(
  client: TravelClient,
  paths: string[],
): Promise<{ seconds: number; latencies: number[] }> {
  const latencies: number[] = [];
  const start = performance.now();
  await Promise.all(
    paths.map(async (path) => {
      const t = performance.now();
      await client.get(path);
      latencies.push(performance.now() - t);
    }),
  );
  latencies.sort((a, b) => a - b);
  return { seconds: (performance.now() - start) / 1000, latencies };
}

/** `count` GETs of `path` through the fault `rates` (Retry-After 0), as one row. */
async function faultyBatch(
  emulator: RunningEmulator,
  path: string,
  count: number,
  rates: { rate429?: number; rate503?: number; dropRate?: number },
  label: string,
): Promise<Row> {
  emulator.admin.addFault({ path: "/v2/companies/*", ...rates, retryAfterSeconds: 0 });
  const before = emulator.admin.lastRequestSeq;
  const client = clientOf(emulator, { maxRetries: 12 });
  const run = await timedBatch(
    client,
    Array.from({ length: count }, () => path),
  );
  await client.close();
  const attempts = emulator.admin.requests(before).length;
  emulator.admin.clearFaults();
  return {
    name: `${count} GETs through ${label}`,
    value: `${run.seconds.toFixed(2)} s, ${attempts} attempts`,
  };
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const emulator = await startEmulator({ logErrors: false });
  const setup = clientOf(emulator);
  const { id } = await setup.post<{ id: string }>("/v2/companies", {
    body: { name: "Bench", billingCurrency: "USD", companyRoles: ["ORG"] },
  });
  await setup.close();
  const path = apiPath`/v2/companies/${id}`;

  clearSharedTokens();
  const client = clientOf(emulator);
  await client.get(path);
  const clean = await timedBatch(
    client,
    Array.from({ length: 2000 }, () => path),
  );
  rows.push({
    name: "GET throughput, 16 in flight, no faults",
    value: `${Math.round(2000 / clean.seconds)} req/s`,
  });
  rows.push({
    name: "GET latency p50 / p99 (client-side, queueing included)",
    value: `${percentile(clean.latencies, 50).toFixed(1)} / ${percentile(clean.latencies, 99).toFixed(1)} ms`,
  });

  // Faults that say nothing about the pace (503s and dropped connections) are retried per request
  // and leave the client at full speed; random 429s are pace signals and slow it to its floor.
  rows.push(
    await faultyBatch(emulator, path, 1000, { rate503: 0.3, dropRate: 0.05 }, "30% 503 + 5% drops"),
    await faultyBatch(
      emulator,
      path,
      300,
      { rate429: 0.15, rate503: 0.15, dropRate: 0.05 },
      "15% 429 + 15% 503 + 5% drops",
    ),
  );

  clearSharedTokens();
  const tokenBefore = emulator.admin.lastRequestSeq;
  const burst = clientOf(emulator, { maxConcurrency: 64 });
  await Promise.all(Array.from({ length: 500 }, () => burst.get(path)));
  await burst.close();
  const tokenCalls = emulator.admin.requestCounts(tokenBefore)["POST /v2/auth/oauth2-token"] ?? 0;
  rows.push({ name: "token requests for 500 concurrent calls", value: String(tokenCalls) });

  const throttled = clientOf(emulator, { requestsPerSecond: 50 });
  const pacedBefore = emulator.admin.lastRequestSeq;
  const paced = await timedBatch(
    throttled,
    Array.from({ length: 150 }, () => path),
  );
  await throttled.close();
  const arrivals = emulator.admin.requests(pacedBefore).map((entry) => entry.atMs);
  const busiest = Math.max(
    ...arrivals.map((start) => arrivals.filter((t) => t >= start && t < start + 1000).length),
  );
  rows.push({
    name: "150 GETs at requestsPerSecond 50",
    value: `${paced.seconds.toFixed(2)} s; busiest 1 s window at the server: ${busiest} requests`,
  });

  emulator.admin.updateSettings({ apiRateLimitPerSecond: 50 });
  clearSharedTokens();
  const adaptive = new TravelClient({
    baseUrl: emulator.url,
    credentials: { clientId: emulator.bootstrap.clientId, clientSecret: emulator.bootstrap.clientSecret },
  });
  await adaptive.get(path);
  const adaptiveBefore = emulator.admin.lastRequestSeq;
  const adaptiveRun = await timedBatch(
    adaptive,
    Array.from({ length: 300 }, () => path),
  );
  await adaptive.close();
  emulator.admin.updateSettings({ apiRateLimitPerSecond: 0 });
  const adaptiveCalls = emulator.admin.requests(adaptiveBefore);
  rows.push({
    name: "300 GETs, default client settings, emulator limited to 50/s",
    value: `${adaptiveRun.seconds.toFixed(2)} s (ideal 6 s); ${adaptiveCalls.length} calls, ${adaptiveCalls.filter((c) => c.status === 429).length} answered 429`,
  });

  await client.close();
  const rss = process.memoryUsage().rss;
  await emulator.close();
  rows.push({
    name: "process RSS after the runs (client + emulator)",
    value: `${Math.round(rss / 1024 / 1024)} MiB`,
  });

  // As @pulumi/pulumi's dynamic.Resource serializes it: a factory returning the provider object.
  const provider = thinProvider("PerTripServiceCharge");
  const serialized = await pulumi.runtime.serializeFunction(() => provider, { isFactoryFunction: true });
  rows.push({
    name: "serialized __provider (longest type name)",
    value: `${serialized.text.length} bytes`,
  });

  rows.push(vendorChecksRow());

  const fidelity = planFidelityRow();
  if (fidelity) rows.push(fidelity);

  const width = Math.max(...rows.map((row) => row.name.length));
  console.log(`pulumi-travel benchmarks (Node ${process.version}, ${new Date().toISOString()})`);
  for (const row of rows) console.log(`  ${row.name.padEnd(width)}  ${row.value}`);

  const sizes = (process.env.BENCH_ENGINE_SIZES ?? "30,300")
    .split(",")
    .map((size) => Number(size.trim()))
    .filter((size) => Number.isInteger(size) && size > 0);
  if (sizes.length === 0) return;
  const rounds = Number(process.env.BENCH_ENGINE_ROUNDS ?? "1");
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(
      `BENCH_ENGINE_ROUNDS must be a whole number of at least 1, not ${process.env.BENCH_ENGINE_ROUNDS}`,
    );
  console.log(
    `\nengine: the packed package under the Pulumi CLI vs the floor (N = ${sizes.join(", ")}; ${rounds} round(s))`,
  );
  const results = await runEngineBench({ sizes, rounds, log: (line) => console.error(`  ${line}`) });
  console.log(formatEngineResults(results));
}

/** Runs the section the command line names: the default sections, or `fleet` with its flags. */
async function dispatch([section, ...args]: string[]): Promise<void> {
  if (section === undefined) return main();
  if (section === "fleet") return fleetCommand(args);
  if (section === "plugin") return pluginCommand(args);
  throw new Error(`unknown bench section "${section}" (expected none, "fleet" or "plugin")`);
}

dispatch(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
