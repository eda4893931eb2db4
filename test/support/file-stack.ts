/**
 * A JavaScript Pulumi program and its stack on a `file://` backend in a temporary directory,
 * configured for an emulator and driven through the Automation API. Shared by the e2e harness,
 * the 0.1.0 state compatibility test and the engine benchmark.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "../../src/emulator";

/** What {@link createFileStack} made. */
export interface FileStack {
  stack: Stack;
  /** The program's directory (Pulumi.yaml, index.js), below the `under` directory. */
  programDir: string;
  /** The `file://` backend's directory, inside `programDir`. */
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
}

/**
 * The environment of the Pulumi CLI for a stack on the `file://` backend in `backendDir`: also for
 * runs of the `pulumi` command against a stack {@link createFileStack} made.
 */
export function fileBackendEnv(backendDir: string): Record<string, string> {
  return {
    PULUMI_BACKEND_URL: `file://${backendDir}`,
    PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
  };
}

/** Creates the program and its stack, with `travel:baseUrl`, `travel:clientId` and secret `travel:clientSecret` set. */
export async function createFileStack(options: FileStackOptions): Promise<FileStack> {
  const { project } = options;
  const programDir = mkdtempSync(join(options.under, `${project}-`));
  writeFileSync(
    join(programDir, "Pulumi.yaml"),
    `name: ${project}\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n`,
  );
  writeFileSync(join(programDir, "index.js"), options.program);
  return openFileStack(programDir, options);
}

/**
 * The stack of the program already in `programDir` (its Pulumi.yaml and sources), on a `file://`
 * backend in `programDir/.backend`, configured as {@link createFileStack} configures it.
 */
export async function openFileStack(
  programDir: string,
  options: Pick<FileStackOptions, "emulator" | "stackName" | "config">,
): Promise<FileStack> {
  const { emulator } = options;
  const backendDir = join(programDir, ".backend");
  mkdirSync(backendDir);
  const stack = await LocalWorkspace.createStack(
    { stackName: options.stackName, workDir: programDir },
    { envVars: fileBackendEnv(backendDir) },
  );
  await stack.setAllConfig({
    "travel:baseUrl": { value: emulator.url },
    "travel:clientId": { value: emulator.bootstrap.clientId },
    "travel:clientSecret": { value: emulator.bootstrap.clientSecret, secret: true },
    ...Object.fromEntries(Object.entries(options.config ?? {}).map(([key, value]) => [key, { value }])),
  });
  return { stack, programDir, backendDir };
}
