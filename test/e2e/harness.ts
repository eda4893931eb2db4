/**
 * E2E harness: a Pulumi program below the packed-package project, a running emulator, and a stack
 * on a `file://` backend in a temporary directory, driven through the Automation API.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import { inject } from "vitest";
import { type RunningEmulator, startEmulator } from "../../src/emulator";

/** A deployed test environment. */
export interface E2eEnvironment {
  stack: Stack;
  emulator: RunningEmulator;
  programDir: string;
  dispose(): Promise<void>;
}

/** Why the e2e tests cannot run here; empty when they can. */
export function e2eSkipReason(): string {
  return inject("e2eSkipReason");
}

/** Creates a program (`index.js` source) and its stack against a fresh emulator. */
export async function createEnvironment(
  name: string,
  program: string,
  config: Record<string, string> = {},
  stackName = "e2e",
): Promise<E2eEnvironment> {
  const base = inject("packedProjectDir");
  const programDir = mkdtempSync(join(base, `${name}-`));
  const backendDir = join(programDir, ".backend");
  mkdirSync(backendDir);
  writeFileSync(
    join(programDir, "Pulumi.yaml"),
    `name: ${name}\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n`,
  );
  writeFileSync(join(programDir, "index.js"), program);
  const emulator = await startEmulator();
  const stack = await LocalWorkspace.createStack(
    { stackName, workDir: programDir },
    {
      envVars: {
        PULUMI_BACKEND_URL: `file://${backendDir}`,
        PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      },
    },
  );
  await stack.setAllConfig({
    "travel:baseUrl": { value: emulator.url },
    "travel:clientId": { value: emulator.bootstrap.clientId },
    "travel:clientSecret": { value: emulator.bootstrap.clientSecret, secret: true },
    ...Object.fromEntries(Object.entries(config).map(([key, value]) => [key, { value }])),
  });
  return {
    stack,
    emulator,
    programDir,
    dispose: async () => {
      await emulator.close();
      rmSync(programDir, { recursive: true, force: true });
    },
  };
}

/** Platform calls since `afterSeq`, by route. */
export function callsSince(emulator: RunningEmulator, afterSeq: number): Record<string, number> {
  return emulator.admin.requestCounts(afterSeq);
}

/** Runs `step` and returns the platform calls it made. */
export async function countCalls<T>(
  emulator: RunningEmulator,
  step: () => Promise<T>,
): Promise<{ result: T; calls: Record<string, number> }> {
  const before = emulator.admin.lastRequestSeq;
  const result = await step();
  return { result, calls: callsSince(emulator, before) };
}
