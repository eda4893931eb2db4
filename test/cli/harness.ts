/** Runs compiled programs (the CLI, the examples) as child processes against a live emulator. */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { RunningEmulator } from "../../src/emulator";

/** The repository root. */
export const ROOT = resolve(__dirname, "..", "..");

/** The compiled CLI. */
export const CLI = join(ROOT, "dist", "src", "cli", "main.js");

/** Throws unless `path` was compiled; the message says how to build. */
export function requireBuilt(path: string): void {
  if (!existsSync(path))
    throw new Error(`${path} is missing: run \`npm run build\` before these tests (npm test does)`);
}

/** What a finished child process left. */
export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The TRAVEL_* variables that point at `emu` with its bootstrap credentials. */
export function travelEnv(emu: RunningEmulator): Record<string, string> {
  return {
    TRAVEL_BASE_URL: emu.url,
    TRAVEL_CLIENT_ID: emu.bootstrap.clientId,
    TRAVEL_CLIENT_SECRET: emu.bootstrap.clientSecret,
  };
}

/**
 * Runs `node <script> ...args` with `env` on top of a clean environment and `input` on stdin
 * (stdin is closed either way, so a prompt reads end of input).
 */
export function runNode(
  script: string,
  args: readonly string[],
  env: Record<string, string | undefined>,
  input = "",
): Promise<Finished> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolvePromise({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}
