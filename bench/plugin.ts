/**
 * `npm run bench -- plugin [--resources N]`: first the plugin's start, the single executable beside
 * the npm-installed plugin (bench/plugin-start.ts; `--start-only` stops there); then one tenant of
 * N resources (default 300) deployed side by side through the provider plugin `travel` (a Pulumi
 * YAML program) and through the dynamic resources (the engine bench's JavaScript program), against
 * one emulator: the wall time of up, a no-change preview, refresh and destroy of each, their
 * platform calls, and the state's bytes per resource (without the engine's `stackTrace` and
 * `sourcePosition`). The tenant: a company, a legal entity and N - 2 cost centers, departments and
 * offices in turn. Figures only; nothing here asserts a timing.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../src/emulator";
import { openFileStack } from "../test/support/file-stack";
import { findOnPath } from "../test/support/on-path";
import { formatStartResults, measurePluginStart } from "./plugin-start";
import { createPackedProject } from "../test/support/packed-project";
import { bytesPerResource, checkpointText } from "../test/support/state-size";
import {
  type Command,
  COMMANDS,
  type CommandFigures,
  createProgram,
  measure,
  type Program,
  STEPS,
  TRAVEL_PROGRAM,
} from "./engine";

/** The two ways of running the tenant, in the order of the table. */
export const HOSTS = ["plugin", "dynamic"] as const;
export type Host = (typeof HOSTS)[number];

/** The resources of the tenant unless `--resources` says otherwise. */
export const DEFAULT_RESOURCES = 300;

/** Starts of each form of the plugin unless `--start-runs` says otherwise. */
export const DEFAULT_START_RUNS = 9;

/** The figures of one run of the plugin bench. */
export interface PluginBenchResult {
  /** Resources the program declares (N). */
  resources: number;
  figures: Record<Host, Record<Command, CommandFigures>>;
  /** State bytes per resource after `up`, `stackTrace` and `sourcePosition` left out. */
  stateBytes: Record<Host, number>;
  /** The 1-minute load average before and after the runs. */
  load: { before: number; after: number };
}

/** Options of {@link runPluginBench}. */
export interface PluginBenchOptions {
  /** Resources of the tenant, at least 3 (a company, a legal entity, one child). */
  resources: number;
  /** A directory whose node_modules holds the packed pulumi-travel and @pulumi/pulumi; packed when absent. */
  packedProjectDir?: string | undefined;
  /** Progress lines. */
  log?: ((line: string) => void) | undefined;
}

/**
 * The tenant as a Pulumi YAML program of the plugin (the engine bench's program, resource for
 * resource, under a company of its own), which finds the plugin in `pluginDir`.
 */
export function yamlTenantProgram(children: number, pluginDir: string): string {
  const lines = [
    "name: plugin",
    "runtime: yaml",
    "plugins:",
    "  providers:",
    "    - name: travel",
    `      path: ${JSON.stringify(pluginDir)}`,
    "variables:",
    "  address: { addressLines: [1 Main Street], regionCode: US, locality: Springfield }",
    "resources:",
    "  company:",
    "    type: travel:index:Company",
    "    properties: { name: Bench YAML, billingCurrency: USD, externalId: bench-yaml }",
    "  entity:",
    "    type: travel:index:LegalEntity",
    "    properties:",
    "      { companyId: '${company.companyId}', name: Bench US, billingCurrency: USD, address: '${address}', externalId: le-bench }",
  ];
  const companyId = "companyId: '${company.companyId}'";
  for (let i = 0; i < children; i++) {
    if (i % 3 === 0)
      lines.push(
        `  cc${i}:`,
        "    type: travel:index:CostCenter",
        `    properties: { ${companyId}, name: Cost center ${i}, externalId: cc-${i} }`,
      );
    else if (i % 3 === 1)
      lines.push(
        `  dep${i}:`,
        "    type: travel:index:Department",
        `    properties: { ${companyId}, name: Department ${i} }`,
      );
    else
      lines.push(
        `  office${i}:`,
        "    type: travel:index:Office",
        `    properties: { ${companyId}, legalEntityId: '\${entity.legalEntityId}', name: Office ${i}, address: '\${address}' }`,
      );
  }
  lines.push("outputs:", "  companyId: ${company.companyId}", "");
  return lines.join("\n");
}

/**
 * A directory holding `pulumi-resource-travel`, which runs the plugin of the package installed in
 * `packedProjectDir` (what `npx pulumi-travel plugin install` installs, found here by path).
 */
function pluginDirectory(packedProjectDir: string): string {
  const dir = join(packedProjectDir, "travel-plugin");
  mkdirSync(dir, { recursive: true });
  const entry = join(packedProjectDir, "node_modules", "pulumi-travel", "dist", "src", "plugin.js");
  const script = join(dir, "pulumi-resource-travel");
  writeFileSync(script, `#!/bin/sh\nexec node ${JSON.stringify(entry)} "$@"\n`);
  chmodSync(script, 0o755);
  return dir;
}

async function createYamlProgram(
  packedProjectDir: string,
  children: number,
  emulator: RunningEmulator,
): Promise<Program> {
  const programDir = mkdtempSync(join(packedProjectDir, "plugin-"));
  writeFileSync(
    join(programDir, "Pulumi.yaml"),
    yamlTenantProgram(children, pluginDirectory(packedProjectDir)),
  );
  return openFileStack(programDir, { emulator, stackName: "bench" });
}

/** The project name of each host's program (its stacks' directory on the backend). */
const PROJECT: Record<Host, string> = { plugin: "plugin", dynamic: "travel" };

/** Runs the tenant through both hosts, each command on both one right after the other. */
export async function runPluginBench(options: PluginBenchOptions): Promise<PluginBenchResult> {
  const { resources } = options;
  if (!Number.isInteger(resources) || resources < 3)
    throw new Error(`the plugin bench needs at least 3 resources, not ${resources}`);
  const log = options.log ?? (() => undefined);
  const packedProjectDir =
    options.packedProjectDir ?? createPackedProject("pulumi-travel-bench-plugin-", log);
  const owned = options.packedProjectDir === undefined;
  const loadBefore = loadavg()[0] ?? 0;
  const emulator = await startEmulator({ logErrors: false });
  try {
    const children = resources - 2;
    const programs: Record<Host, Program> = {
      plugin: await createYamlProgram(packedProjectDir, children, emulator),
      dynamic: await createProgram(packedProjectDir, PROJECT.dynamic, TRAVEL_PROGRAM, children, emulator),
    };
    const figures = { plugin: {}, dynamic: {} } as Record<Host, Record<Command, CommandFigures>>;
    const stateBytes = { plugin: 0, dynamic: 0 };
    for (const [index, command] of COMMANDS.entries()) {
      // Which host goes first alternates by command, so neither always runs on the other's heels.
      for (const host of index % 2 === 0 ? HOSTS : [...HOSTS].reverse()) {
        log(`N = ${resources}: ${host} ${command}`);
        const { stack, backendDir } = programs[host];
        figures[host][command] = await measure(emulator, () => STEPS[command](stack, resources));
        if (command === "up")
          stateBytes[host] = bytesPerResource(checkpointText(backendDir, PROJECT[host], "bench"));
      }
    }
    return { resources, figures, stateBytes, load: { before: loadBefore, after: loadavg()[0] ?? 0 } };
  } finally {
    await emulator.close();
    if (owned) rmSync(packedProjectDir, { recursive: true, force: true });
  }
}

/** The result as a Markdown table (one row per command), then the state's size per resource. */
export function formatPluginResults(result: PluginBenchResult): string {
  const { plugin, dynamic } = result.figures;
  const lines = [
    "| N | command | plugin (YAML) | dynamic resources (TypeScript) | plugin / dynamic | platform calls, plugin / dynamic |",
    "|---|---|---|---|---|---|",
    ...COMMANDS.map(
      (command) =>
        `| ${result.resources} | ${command === "preview" ? "preview, no changes" : command} | ` +
        `${plugin[command].seconds.toFixed(1)} s | ${dynamic[command].seconds.toFixed(1)} s | ` +
        `${(plugin[command].seconds / dynamic[command].seconds).toFixed(2)}x | ` +
        `${plugin[command].calls} / ${dynamic[command].calls} |`,
    ),
    "",
    `state per resource after up (without stackTrace and sourcePosition): plugin ${Math.round(result.stateBytes.plugin)} bytes, ` +
      `dynamic resources ${Math.round(result.stateBytes.dynamic)} bytes`,
    `load average (1 min): ${result.load.before.toFixed(2)} before, ${result.load.after.toFixed(2)} after`,
  ];
  return lines.join("\n");
}

/** `npm run bench -- plugin [--resources N] [--start-runs N] [--start-only]`. */
export async function pluginCommand(args: readonly string[]): Promise<void> {
  let resources = DEFAULT_RESOURCES;
  let startRuns = DEFAULT_START_RUNS;
  let startOnly = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--resources") resources = Number(args[++i]);
    else if (arg === "--start-runs") startRuns = Number(args[++i]);
    else if (arg === "--start-only") startOnly = true;
    else
      throw new Error(
        `unknown option of the plugin bench: ${arg} (expected --resources N, --start-runs N or --start-only)`,
      );
  }
  if (!Number.isInteger(resources) || resources < 3)
    throw new Error(`--resources must be a whole number of at least 3, not ${resources}`);
  if (!Number.isInteger(startRuns) || startRuns < 1)
    throw new Error(`--start-runs must be a whole number of at least 1, not ${startRuns}`);
  if (!startOnly && findOnPath("pulumi-language-yaml") === undefined)
    throw new Error(
      "the plugin bench runs a Pulumi YAML program: pulumi-language-yaml is not on PATH (scripts/bootstrap)",
    );
  const log = (line: string) => console.error(`  ${line}`);
  const packedProjectDir = createPackedProject("pulumi-travel-bench-plugin-", log);
  try {
    console.log("plugin bench: the plugin's start, the single executable beside the npm-installed plugin");
    console.log(formatStartResults(await measurePluginStart(packedProjectDir, startRuns)));
    if (startOnly) return;
    console.log(
      `\nplugin bench: the tenant of N = ${resources} through the plugin and through the dynamic resources`,
    );
    const result = await runPluginBench({ resources, packedProjectDir, log });
    console.log(formatPluginResults(result));
  } finally {
    rmSync(packedProjectDir, { recursive: true, force: true });
  }
}
