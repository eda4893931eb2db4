/**
 * E2E harness: a Pulumi program below the packed-package project, a running emulator, and a stack
 * on a `file://` backend in a temporary directory (test/support/file-stack.ts), driven through the
 * Automation API. The stack reaches the emulator through a contract recorder
 * (test/support/contract-recorder.ts): every request the provider sends is checked against the
 * vendor's documents, and `dispose` fails the test file when one broke them.
 */
import { rmSync } from "node:fs";
import type { Stack } from "@pulumi/pulumi/automation";
import { inject } from "vitest";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import {
  assertNoContractViolations,
  type ContractRecorder,
  startContractRecorder,
} from "../support/contract-recorder";
import { createFileStack } from "../support/file-stack";
import { findOnPath } from "../support/on-path";
import type { Host } from "../support/plugin-classes";

/** A deployed test environment. */
export interface E2eEnvironment {
  stack: Stack;
  emulator: RunningEmulator;
  /** The contract recorder in front of the emulator; the stack's `travel:baseUrl` is its URL. */
  recorder: ContractRecorder;
  programDir: string;
  /** The stack's `file://` backend directory (for `pulumi` CLI runs and reads of the checkpoints). */
  backendDir: string;
  dispose(): Promise<void>;
}

/** Why the e2e tests cannot run here; empty when they can. */
export function e2eSkipReason(): string {
  return inject("e2eSkipReason");
}

/**
 * A contract recorder in front of `target` (an emulator's URL) that reports to the suite's tally
 * when it closes (global-setup.ts fails the run on any violation). Every e2e file that reaches an
 * emulator reaches it through one.
 */
export function startE2eRecorder(target: string, label: string): Promise<ContractRecorder> {
  return startContractRecorder(target, { file: inject("contractLog"), label });
}

/**
 * Creates a program (`index.js` source) and its stack against a fresh emulator; with `host`, the
 * program's `travel` is that host's (test/support/plugin-classes.ts, `TRAVEL_BY_HOST`).
 */
export async function createEnvironment(
  name: string,
  program: string,
  config: Record<string, string> = {},
  stackName = "e2e",
  host?: Host,
): Promise<E2eEnvironment> {
  const emulator = await startEmulator();
  const recorder = await startE2eRecorder(emulator.url, `e2e ${name}`);
  const { stack, programDir, backendDir } = await createFileStack({
    under: inject("packedProjectDir"),
    project: name,
    program,
    emulator: { ...emulator, url: recorder.url },
    stackName,
    config,
    host,
  });
  return {
    stack,
    emulator,
    recorder,
    programDir,
    backendDir,
    dispose: async () => {
      await recorder.close();
      await emulator.close();
      rmSync(programDir, { recursive: true, force: true });
      assertNoContractViolations(recorder, `e2e ${name}`);
    },
  };
}

/** Platform calls since `afterSeq`, by route. */
export function callsSince(emulator: RunningEmulator, afterSeq: number): Record<string, number> {
  return emulator.admin.requestCounts(afterSeq);
}

/**
 * The routes of the calls since `afterSeq` that may change the platform: every method but GET,
 * leaving out the token endpoint and the POST listings (`.../list`), which only read.
 */
export function writesSince(emulator: RunningEmulator, afterSeq: number): string[] {
  return emulator.admin
    .requests(afterSeq)
    .filter(
      (e) => e.method !== "GET" && !e.path.endsWith("/list") && e.route !== "POST /v2/auth/oauth2-token",
    )
    .map((e) => e.route);
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

/**
 * Why an e2e file of a Pulumi YAML program cannot run here: the suite's reason, or no YAML language
 * host on PATH (under CI=true that throws instead: a missing tool is a failure there).
 */
export function yamlHostSkipReason(): string {
  const suite = e2eSkipReason();
  if (suite !== "") return suite;
  if (findOnPath("pulumi-language-yaml") !== undefined) return "";
  const reason = "pulumi-language-yaml not found on PATH; run scripts/bootstrap";
  if (process.env.CI === "true")
    throw new Error(`CI=true: the YAML e2e needs the YAML language host: ${reason}`);
  return reason;
}
