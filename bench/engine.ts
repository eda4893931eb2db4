/**
 * The engine section of `npm run bench`: the packed package under the real Pulumi CLI (through
 * the Automation API), against the floor — the same resource graph declared with a trivial
 * `pulumi.dynamic.Resource` whose provider makes no call. Graph: 1 company, 1 legal entity and
 * N cost centers, departments and offices (N in total, in turn). Figures only; nothing here
 * asserts a timing.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../src/emulator";

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
  floor: Record<Command, CommandFigures>;
  travel: Record<Command, CommandFigures>;
  /** Length of one resource's serialized `__provider`. */
  providerBytes: number;
  /** Size of the stack's state file after `up`, pulumi-travel and floor. */
  stateBytes: { travel: number; floor: number };
}

/** Options of {@link runEngineBench}. */
export interface EngineBenchOptions {
  sizes: readonly number[];
  /** A directory whose node_modules holds the packed pulumi-travel and @pulumi/pulumi; packed when absent. */
  packedProjectDir?: string | undefined;
  /** Progress lines. */
  log?: ((line: string) => void) | undefined;
}

const KINDS = ["CostCenter", "Department", "Office"] as const;

const TRAVEL_PROGRAM = `
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

/** The repository root (the directory of pulumi-travel's package.json). */
export function repoRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "pulumi-travel"
    )
      return dir;
    if (dirname(dir) === dir) throw new Error(`no pulumi-travel package.json above ${from}`);
  }
}

/** Packs the package (dist/ must be built) and installs it into a new project directory. */
export function packProject(log: (line: string) => void = () => undefined): string {
  const root = repoRoot();
  if (!existsSync(join(root, "dist", "src", "index.js")))
    throw new Error("dist/ is missing: run `npm run build`");
  const dir = mkdtempSync(join(tmpdir(), "pulumi-travel-bench-"));
  const packed = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], {
    cwd: root,
    encoding: "utf8",
  })
    .trim()
    .split("\n")
    .pop();
  if (!packed) throw new Error("npm pack printed no tarball name");
  const pulumiVersion = (
    JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      devDependencies: Record<string, string>;
    }
  ).devDependencies["@pulumi/pulumi"];
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name: "pulumi-travel-bench",
      private: true,
      dependencies: { "pulumi-travel": `file:./${packed}`, "@pulumi/pulumi": pulumiVersion },
    }),
  );
  log(`installing ${packed} into ${dir}`);
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return dir;
}

interface Program {
  stack: Stack;
  backendDir: string;
}

async function createProgram(
  base: string,
  name: string,
  source: string,
  n: number,
  emulator: RunningEmulator,
): Promise<Program> {
  const workDir = mkdtempSync(join(base, `${name}-`));
  const backendDir = join(workDir, ".backend");
  mkdirSync(backendDir);
  writeFileSync(
    join(workDir, "Pulumi.yaml"),
    `name: ${name}\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n`,
  );
  writeFileSync(join(workDir, "index.js"), source);
  const stack = await LocalWorkspace.createStack(
    { stackName: "bench", workDir },
    {
      envVars: {
        PULUMI_BACKEND_URL: `file://${backendDir}`,
        PULUMI_CONFIG_PASSPHRASE: "bench-passphrase",
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      },
    },
  );
  await stack.setAllConfig({
    [`${name}:n`]: { value: String(n) },
    "travel:baseUrl": { value: emulator.url },
    "travel:clientId": { value: emulator.bootstrap.clientId },
    "travel:clientSecret": { value: emulator.bootstrap.clientSecret, secret: true },
  });
  return { stack, backendDir };
}

async function measure(emulator: RunningEmulator, step: () => Promise<unknown>): Promise<CommandFigures> {
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

async function runCommands(
  program: Program,
  emulator: RunningEmulator,
  expectedResources: number,
  afterUp: (program: Program) => Promise<void>,
): Promise<Record<Command, CommandFigures>> {
  const { stack } = program;
  const up = await measure(emulator, async () => {
    const result = await stack.up();
    const created = result.summary.resourceChanges?.create ?? 0;
    if (created !== expectedResources + 1)
      throw new Error(`up created ${created} resources, expected ${expectedResources + 1}`);
  });
  await afterUp(program);
  const preview = await measure(emulator, async () => {
    const result = await stack.preview();
    if (Object.keys(result.changeSummary).some((op) => op !== "same")) {
      throw new Error(`the no-change preview found changes: ${JSON.stringify(result.changeSummary)}`);
    }
  });
  const refresh = await measure(emulator, () => stack.refresh({ expectNoChanges: true }));
  const destroy = await measure(emulator, () => stack.destroy());
  return { up, preview, refresh, destroy };
}

function stateFileSize(backendDir: string, project: string): number {
  const path = join(backendDir, ".pulumi", "stacks", project, "bench.json");
  return existsSync(path) ? statSync(path).size : 0;
}

/** Runs the engine section for each size and returns its figures. */
export async function runEngineBench(options: EngineBenchOptions): Promise<EngineResult[]> {
  const log = options.log ?? (() => undefined);
  const packedProjectDir = options.packedProjectDir ?? packProject(log);
  const owned = options.packedProjectDir === undefined;
  const results: EngineResult[] = [];
  try {
    for (const n of options.sizes) {
      const emulator = await startEmulator({ logErrors: false });
      try {
        let providerBytes = 0;
        const stateBytes = { travel: 0, floor: 0 };
        log(`N = ${n}: floor`);
        const floorProgram = await createProgram(packedProjectDir, "floor", FLOOR_PROGRAM, n, emulator);
        const floor = await runCommands(floorProgram, emulator, n + 2, async (p) => {
          stateBytes.floor = stateFileSize(p.backendDir, "floor");
        });
        log(`N = ${n}: pulumi-travel`);
        const travelProgram = await createProgram(packedProjectDir, "travel", TRAVEL_PROGRAM, n, emulator);
        const travel = await runCommands(travelProgram, emulator, n + 2, async (p) => {
          stateBytes.travel = stateFileSize(p.backendDir, "travel");
          const state = (await p.stack.exportStack()) as {
            deployment: { resources: { type: string; outputs?: { __provider?: string } }[] };
          };
          const costCenter = state.deployment.resources.find((r) => r.type.endsWith(`travel:${KINDS[0]}`));
          providerBytes = costCenter?.outputs?.__provider?.length ?? 0;
        });
        results.push({ n, resources: n + 2, floor, travel, providerBytes, stateBytes });
      } finally {
        await emulator.close();
      }
    }
  } finally {
    if (owned) rmSync(packedProjectDir, { recursive: true, force: true });
  }
  return results;
}

/** The results as a Markdown table (one row per N and command), then the sizes. */
export function formatEngineResults(results: readonly EngineResult[]): string {
  const lines = [
    "| N | command | floor | pulumi-travel | ratio | platform calls | calls per resource | token requests | 429s |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const result of results) {
    for (const command of COMMANDS) {
      const floor = result.floor[command];
      const travel = result.travel[command];
      lines.push(
        `| ${result.n} | ${command === "preview" ? "preview, no changes" : command} | ${floor.seconds.toFixed(1)} s | ` +
          `${travel.seconds.toFixed(1)} s | ${(travel.seconds / floor.seconds).toFixed(2)}x | ${travel.calls} | ` +
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
