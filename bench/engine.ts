/**
 * The engine section of `npm run bench`: the packed package under the real Pulumi CLI (through
 * the Automation API), against the floor — the same resource graph declared with a trivial
 * `pulumi.dynamic.Resource` whose provider makes no call. Graph: 1 company, 1 legal entity and
 * N cost centers, departments and offices (N in total, in turn). Figures only; nothing here
 * asserts a timing.
 */
import { existsSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../src/emulator";
import { createFileStack } from "../test/support/file-stack";
import { createPackedProject } from "../test/support/packed-project";

/** The commands measured, in the order they run. */
export const COMMANDS = ["up", "preview", "refresh", "destroy"] as const;
export type Command = (typeof COMMANDS)[number];

const TOKEN_ROUTE = "POST /v2/auth/oauth2-token";

/** One command of one program. */
export interface CommandFigures {
  seconds: number;
  /** Platform calls, token requests excluded. */
  calls: number;
  tokenRequests: number;
  /** Calls answered 429. */
  throttled: number;
}

/** The figures of one N. */
export interface EngineResult {
  n: number;
  /** Resources in the graph (N + 2). */
  resources: number;
  /** Rounds run; times are their medians, calls the most of any round. */
  rounds: number;
  floor: Record<Command, CommandFigures>;
  travel: Record<Command, CommandFigures>;
  /** pulumi-travel's time over the floor's, per round (paired runs). */
  ratios: Record<Command, number[]>;
  /** Length of one resource's serialized `__provider`. */
  providerBytes: number;
  /** Size of the stack's state file after `up`, pulumi-travel and floor. */
  stateBytes: { travel: number; floor: number };
}

/** Options of {@link runEngineBench}. */
export interface EngineBenchOptions {
  sizes: readonly number[];
  /** Rounds of the four commands on both programs (default 1). */
  rounds?: number | undefined;
  /** A directory whose node_modules holds the packed pulumi-travel and @pulumi/pulumi; packed when absent. */
  packedProjectDir?: string | undefined;
  /** Progress lines. */
  log?: ((line: string) => void) | undefined;
}

const KINDS = ["CostCenter", "Department", "Office"] as const;

/** The tenant as a JavaScript program of the dynamic resources: a company, a legal entity and `n` children in turn. */
export const TRAVEL_PROGRAM = `
const pulumi = require("@pulumi/pulumi");
const travel = require("pulumi-travel");
const n = Number(new pulumi.Config().require("n"));
const address = { addressLines: ["1 Main Street"], regionCode: "US", locality: "Springfield" };
const company = new travel.Company("company", { name: "Bench", billingCurrency: "USD", externalId: "bench" });
const companyId = company.companyId;
const entity = new travel.LegalEntity("entity", { companyId, name: "Bench US", billingCurrency: "USD", address, externalId: "le-bench" });
for (let i = 0; i < n; i++) {
  if (i % 3 === 0) new travel.CostCenter("cc" + i, { companyId, name: "Cost center " + i, externalId: "cc-" + i });
  else if (i % 3 === 1) new travel.Department("dep" + i, { companyId, name: "Department " + i });
  else new travel.Office("office" + i, { companyId, legalEntityId: entity.legalEntityId, name: "Office " + i, address });
}
exports.companyId = companyId;
`;

const FLOOR_PROGRAM = `
const pulumi = require("@pulumi/pulumi");
const n = Number(new pulumi.Config().require("n"));
const provider = {
  async create(inputs) {
    const id = "floor-" + Math.random().toString(36).slice(2);
    return { id, outs: { ...inputs, resourceId: id } };
  },
};
class Floor extends pulumi.dynamic.Resource {
  constructor(name, kind, args) {
    super(provider, name, { ...args, resourceId: undefined }, {}, "floor", kind);
  }
}
const address = { addressLines: ["1 Main Street"], regionCode: "US", locality: "Springfield" };
const company = new Floor("company", "Company", { name: "Bench", billingCurrency: "USD", externalId: "bench" });
const companyId = company.resourceId;
const entity = new Floor("entity", "LegalEntity", { companyId, name: "Bench US", billingCurrency: "USD", address, externalId: "le-bench" });
for (let i = 0; i < n; i++) {
  if (i % 3 === 0) new Floor("cc" + i, "CostCenter", { companyId, name: "Cost center " + i, externalId: "cc-" + i });
  else if (i % 3 === 1) new Floor("dep" + i, "Department", { companyId, name: "Department " + i });
  else new Floor("office" + i, "Office", { companyId, legalEntityId: entity.resourceId, name: "Office " + i, address });
}
exports.companyId = companyId;
`;

export interface Program {
  stack: Stack;
  backendDir: string;
}

export async function createProgram(
  packedProjectDir: string,
  project: string,
  program: string,
  n: number,
  emulator: RunningEmulator,
): Promise<Program> {
  return createFileStack({
    under: packedProjectDir,
    project,
    program,
    emulator,
    stackName: "bench",
    config: { [`${project}:n`]: String(n) },
  });
}

/** Runs `step` and returns its wall time and the platform calls it made. */
export async function measure(
  emulator: RunningEmulator,
  step: () => Promise<unknown>,
): Promise<CommandFigures> {
  const before = emulator.admin.lastRequestSeq;
  const started = performance.now();
  await step();
  const seconds = (performance.now() - started) / 1000;
  const requests = emulator.admin.requests(before);
  const tokenRequests = requests.filter((r) => r.route === TOKEN_ROUTE).length;
  return {
    seconds,
    calls: requests.length - tokenRequests,
    tokenRequests,
    throttled: requests.filter((r) => r.status === 429).length,
  };
}

/** Runs one command on a program; throws when the engine did not do what the command is for. */
export const STEPS: Record<Command, (stack: Stack, resources: number) => Promise<unknown>> = {
  up: async (stack, resources) => {
    const created = (await stack.up()).summary.resourceChanges?.create ?? 0;
    if (created !== resources + 1)
      throw new Error(`up created ${created} resources, expected ${resources + 1}`);
  },
  preview: async (stack) => {
    const result = await stack.preview();
    if (Object.keys(result.changeSummary).some((op) => op !== "same"))
      throw new Error(`the no-change preview found changes: ${JSON.stringify(result.changeSummary)}`);
  },
  refresh: (stack) => stack.refresh({ expectNoChanges: true }),
  destroy: (stack) => stack.destroy(),
};

const PROGRAMS = ["floor", "travel"] as const;
type ProgramName = (typeof PROGRAMS)[number];

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The median time of the rounds, and the most calls, token requests and 429s of any round. */
function summarize(rounds: readonly CommandFigures[]): CommandFigures {
  return {
    seconds: median(rounds.map((r) => r.seconds)),
    calls: Math.max(...rounds.map((r) => r.calls)),
    tokenRequests: Math.max(...rounds.map((r) => r.tokenRequests)),
    throttled: Math.max(...rounds.map((r) => r.throttled)),
  };
}

function stateFileSize(backendDir: string, project: string): number {
  const path = join(backendDir, ".pulumi", "stacks", project, "bench.json");
  return existsSync(path) ? statSync(path).size : 0;
}

/**
 * Runs the engine section for each size and returns its figures. Each round runs every command on
 * both programs one right after the other (which goes first alternates by round), so that each
 * ratio compares two runs made under the same load.
 */
export async function runEngineBench(options: EngineBenchOptions): Promise<EngineResult[]> {
  const log = options.log ?? (() => undefined);
  const rounds = options.rounds ?? 1;
  const packedProjectDir = options.packedProjectDir ?? createPackedProject("pulumi-travel-bench-", log);
  const owned = options.packedProjectDir === undefined;
  const results: EngineResult[] = [];
  try {
    for (const n of options.sizes) {
      const emulator = await startEmulator({ logErrors: false });
      try {
        const programs: Record<ProgramName, Program> = {
          floor: await createProgram(packedProjectDir, "floor", FLOOR_PROGRAM, n, emulator),
          travel: await createProgram(packedProjectDir, "travel", TRAVEL_PROGRAM, n, emulator),
        };
        const runs = Object.fromEntries(
          PROGRAMS.map((name) => [
            name,
            Object.fromEntries(COMMANDS.map((c) => [c, [] as CommandFigures[]])),
          ]),
        ) as Record<ProgramName, Record<Command, CommandFigures[]>>;
        let providerBytes = 0;
        const stateBytes = { travel: 0, floor: 0 };
        for (let round = 0; round < rounds; round++) {
          const order = round % 2 === 0 ? PROGRAMS : [...PROGRAMS].reverse();
          for (const command of COMMANDS) {
            for (const name of order) {
              log(`N = ${n}, round ${round + 1} of ${rounds}: ${name} ${command}`);
              const { stack, backendDir } = programs[name];
              runs[name][command].push(await measure(emulator, () => STEPS[command](stack, n + 2)));
              if (command === "up" && round === 0) stateBytes[name] = stateFileSize(backendDir, name);
            }
            if (command === "up" && round === 0) providerBytes = await providerSize(programs.travel.stack);
          }
        }
        results.push({
          n,
          resources: n + 2,
          rounds,
          floor: summarizeAll(runs.floor),
          travel: summarizeAll(runs.travel),
          ratios: Object.fromEntries(
            COMMANDS.map((c) => [
              c,
              runs.travel[c].map((run, i) => run.seconds / (runs.floor[c][i]?.seconds ?? NaN)),
            ]),
          ) as Record<Command, number[]>,
          providerBytes,
          stateBytes,
        });
      } finally {
        await emulator.close();
      }
    }
  } finally {
    if (owned) rmSync(packedProjectDir, { recursive: true, force: true });
  }
  return results;
}

function summarizeAll(runs: Record<Command, CommandFigures[]>): Record<Command, CommandFigures> {
  return Object.fromEntries(COMMANDS.map((c) => [c, summarize(runs[c])])) as Record<Command, CommandFigures>;
}

/** Length of the serialized `__provider` of a cost center in the stack's state. */
async function providerSize(stack: Stack): Promise<number> {
  const state = (await stack.exportStack()) as {
    deployment: { resources: { type: string; outputs?: { __provider?: string } }[] };
  };
  const costCenter = state.deployment.resources.find((r) => r.type.endsWith(`travel:${KINDS[0]}`));
  return costCenter?.outputs?.__provider?.length ?? 0;
}

/** The median of the paired ratios, with their range when there was more than one round. */
function formatRatio(ratios: readonly number[]): string {
  const ratio = `${median(ratios).toFixed(2)}x`;
  return ratios.length > 1
    ? `${ratio} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`
    : ratio;
}

/**
 * The results as a Markdown table (one row per N and command), then the sizes. Times are medians
 * of the rounds; the ratio is the median of the rounds' paired ratios, with their range.
 */
export function formatEngineResults(results: readonly EngineResult[]): string {
  const lines = [
    "| N | rounds | command | floor | pulumi-travel | ratio | platform calls | calls per resource | token requests | 429s |",
    "|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const result of results) {
    for (const command of COMMANDS) {
      const floor = result.floor[command];
      const travel = result.travel[command];
      lines.push(
        `| ${result.n} | ${result.rounds} | ${command === "preview" ? "preview, no changes" : command} | ${floor.seconds.toFixed(1)} s | ` +
          `${travel.seconds.toFixed(1)} s | ${formatRatio(result.ratios[command])} | ${travel.calls} | ` +
          `${(travel.calls / result.resources).toFixed(2)} | ${travel.tokenRequests} | ${travel.throttled} |`,
      );
    }
  }
  lines.push("");
  for (const result of results) {
    lines.push(
      `N = ${result.n}: __provider ${result.providerBytes} bytes; state file after up ${Math.round(result.stateBytes.travel / 1024)} KiB ` +
        `(floor ${Math.round(result.stateBytes.floor / 1024)} KiB)`,
    );
  }
  return lines.join("\n");
}
