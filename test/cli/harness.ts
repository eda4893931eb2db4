/**
 * Runs programs (the CLI, the examples) from their TypeScript sources as child processes against a
 * live emulator, with no build: each child preloads `test/support/from-source.ts`.
 */
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";
import type { RunningEmulator } from "../../src/emulator";
import { cleanEnv } from "../support/clean-env";

/** The repository root. */
export const ROOT = resolve(__dirname, "..", "..");

/** The hooks that let `node` run the sources; pass `--require FROM_SOURCE` first. */
export const FROM_SOURCE = join(ROOT, "test", "support", "from-source.ts");

/** The CLI's entry point (the package's bin compiles from it). */
export const CLI = join(ROOT, "src", "cli", "main.ts");

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
 * Runs `node --require FROM_SOURCE <script> ...args` with `env` on top of a clean environment and
 * `input` on stdin (stdin is closed either way, so a prompt reads end of input).
 */
export function runNode(
  script: string,
  args: readonly string[],
  env: Record<string, string | undefined>,
  input = "",
): Promise<Finished> {
  return runProgram(process.execPath, ["--require", FROM_SOURCE, script, ...args], env, input);
}

/**
 * Runs `node --require FROM_SOURCE <script> ...args` with its stdin the read end of a pipe from
 * another process, `node -e <writer>`, as a shell runs `writer | script` (the writer starts first
 * and may still be writing when the script reads).
 */
export function runNodePipedFrom(
  writer: string,
  script: string,
  args: readonly string[],
  env: Record<string, string | undefined>,
): Promise<Finished> {
  const source = spawn(process.execPath, ["-e", writer], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ["--require", FROM_SOURCE, script, ...args], {
      cwd: ROOT,
      env: { ...cleanEnv(), ...env },
      stdio: [source.stdout, "pipe", "pipe"],
    });
    collect(child, resolvePromise, reject);
  });
}

/** Collects a child's stdout and stderr (both piped) until it closes. */
function collect(
  child: ReturnType<typeof spawn>,
  done: (finished: Finished) => void,
  fail: (error: Error) => void,
): void {
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  child.on("error", fail);
  child.on("close", (code) => done({ code, stdout, stderr }));
}

/** Runs `program ...args` in `cwd` (the repository root by default), as {@link runNode} runs a script. */
export function runProgram(
  program: string,
  args: readonly string[],
  env: Record<string, string | undefined>,
  input = "",
  cwd = ROOT,
): Promise<Finished> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(program, args, {
      cwd,
      env: { ...cleanEnv(), ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    collect(child, resolvePromise, reject);
    // A program that exits before reading its input (a launcher refusing an old node) closes the
    // pipe: its exit code and output are the result, not the write that found the pipe closed.
    child.stdin.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") reject(error);
    });
    child.stdin.end(input);
  });
}
