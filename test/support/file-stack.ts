/**
 * A JavaScript Pulumi program and its stack on a `file://` backend in a temporary directory (or
 * on a backend given by URL, such as a PostgreSQL server of test/support/postgres.ts), configured
 * for an emulator and driven through the Automation API. Shared by the e2e harness, the 0.1.0
 * state compatibility test, the backend e2e and the engine benchmark.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "../../src/emulator";
import { type Host, pluginProject } from "./plugin-classes";
import { createLeanStack } from "./lean-stack";

/** What {@link createFileStack} made. */
export interface FileStack {
  stack: Stack;
  /** The program's directory (Pulumi.yaml, index.js), below the `under` directory. */
  programDir: string;
  /** The `file://` backend's directory, inside `programDir` (empty, unused, with `backendUrl`). */
  backendDir: string;
}

/** Options of {@link createFileStack}. */
export interface FileStackOptions {
  /** The directory to create the program in, usually a packed project's (node_modules resolve from it). */
  under: string;
  /** The Pulumi project name; also the prefix of the program's directory name. */
  project: string;
  /** The program: the source of `index.js`. */
  program: string;
  /** The emulator the stack's `travel:*` config points at (its bootstrap credentials). */
  emulator: RunningEmulator;
  stackName: string;
  /** More stack config, by full key (`project:key`): plain values. */
  config?: Record<string, string> | undefined;
  /** The backend URL (`postgres://...`); a `file://` backend in the program's directory when absent. */
  backendUrl?: string | undefined;
  /**
   * The host of the program's travel resources (test/support/plugin-classes.ts), set as the stack
   * config `host`; for `plugin`, the Pulumi.yaml names the plugin of the package installed `under`.
   */
  host?: Host | undefined;
}

/**
 * The environment of the Pulumi CLI for a stack on the `file://` backend in `backendDir`: also for
 * runs of the `pulumi` command against a stack {@link createFileStack} made.
 */
export function fileBackendEnv(backendDir: string): Record<string, string> {
  return backendEnv(`file://${backendDir}`);
}

/** The environment of the Pulumi CLI for stacks on the backend at `url` (`file://`, `postgres://`). */
export function backendEnv(url: string): Record<string, string> {
  return {
    PULUMI_BACKEND_URL: url,
    PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
  };
}

/**
 * The environment of a user's shell in a new project directory: this process's without any
 * `TRAVEL_*` setting, the stacks on the `file://` backend in `backendDir` with `passphrase`, and
 * npm taking dependencies from the cache the repository's install filled.
 */
export function newProjectEnv(backendDir: string, passphrase: string): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith("TRAVEL_")),
  );
  return {
    ...inherited,
    PULUMI_BACKEND_URL: `file://${backendDir}`,
    PULUMI_CONFIG_PASSPHRASE: passphrase,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    npm_config_prefer_offline: "true",
    npm_config_audit: "false",
    npm_config_fund: "false",
  };
}

/** Creates the program and its stack, with `travel:baseUrl`, `travel:clientId` and secret `travel:clientSecret` set. */
export async function createFileStack(options: FileStackOptions): Promise<FileStack> {
  const { project } = options;
  const programDir = mkdtempSync(join(options.under, `${project}-`));
  const plugins =
    options.host === "plugin"
      ? pluginProject(programDir, join(options.under, "node_modules", "pulumi-travel"))
      : "";
  writeFileSync(
    join(programDir, "Pulumi.yaml"),
    `name: ${project}\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n${plugins}`,
  );
  writeFileSync(join(programDir, "index.js"), options.program);
  const config = options.host === undefined ? options.config : { ...options.config, host: options.host };
  return openFileStack(programDir, { ...options, config });
}

/**
 * The stack of the program already in `programDir` (its Pulumi.yaml and sources), on `backendUrl`
 * or else a `file://` backend in `programDir/.backend`, configured as {@link createFileStack} does.
 */
export async function openFileStack(
  programDir: string,
  options: Pick<FileStackOptions, "emulator" | "stackName" | "config" | "backendUrl">,
): Promise<FileStack> {
  const { emulator } = options;
  const backendDir = join(programDir, ".backend");
  mkdirSync(backendDir);
  const stack = await createLeanStack(
    { stackName: options.stackName, workDir: programDir },
    {
      envVars: {
        ...backendEnv(options.backendUrl ?? `file://${backendDir}`),
        // The run's shared token file (provider/operations/run-token-cache.ts), per test program.
        TRAVEL_TOKEN_CACHE_DIR: join(programDir, ".token-cache"),
        // The journal of creates in flight (provider/operations/create-journal.ts), per test program.
        TRAVEL_CREATE_JOURNAL_DIR: join(programDir, ".create-journal"),
      },
    },
  );
  await stack.setAllConfig({
    "travel:baseUrl": { value: emulator.url },
    "travel:clientId": { value: emulator.bootstrap.clientId },
    "travel:clientSecret": { value: emulator.bootstrap.clientSecret, secret: true },
    ...Object.fromEntries(Object.entries(options.config ?? {}).map(([key, value]) => [key, { value }])),
  });
  return { stack, programDir, backendDir };
}
