/**
 * A bounded parallel runner of the Pulumi CLI, for the fleet bench and local fleet runs: one
 * `pulumi` process per stack, at most `parallel` at a time, every stack run to its end (no fail
 * fast, as a CI matrix with `fail-fast: false`). It is not a scheduler: in production the CI
 * system's job matrix or Pulumi Deployments fans out.
 */
import { spawn } from "node:child_process";
import { mapBounded } from "../test/support/bounded-parallel";

/** How one `pulumi` process ended. */
export interface PulumiRun {
  /** The stack it ran for. */
  stack: string;
  /** The arguments after `pulumi`. */
  args: string[];
  /** Its exit code (-1 when a signal ended it). */
  exitCode: number;
  stdout: string;
  stderr: string;
  /** When it started, in `performance.now()` ms, and how long it ran, in seconds. */
  startedAtMs: number;
  seconds: number;
}

/** Where and how the `pulumi` processes run. */
export interface RunnerOptions {
  /** The Pulumi project directory. */
  cwd: string;
  /** Their environment (`PULUMI_BACKEND_URL`, `PULUMI_CONFIG_PASSPHRASE`, `TRAVEL_*`, ...). */
  env: NodeJS.ProcessEnv;
  /** The most processes at a time (at least 1). */
  parallel: number;
  /** Hears each run as it ends. */
  onRun?: ((run: PulumiRun) => void) | undefined;
}

/** Runs `pulumi <args>` in `cwd` with `env`, capturing its output. */
export function runPulumi(
  stack: string,
  args: readonly string[],
  options: Pick<RunnerOptions, "cwd" | "env">,
): Promise<PulumiRun> {
  const startedAtMs = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn("pulumi", args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", (error) =>
      reject(new Error(`could not run pulumi for stack ${stack}: ${error.message}`)),
    );
    child.on("close", (code) =>
      resolve({
        stack,
        args: [...args],
        exitCode: code ?? -1,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        startedAtMs,
        seconds: (performance.now() - startedAtMs) / 1000,
      }),
    );
  });
}

/**
 * Runs `pulumi <argsOf(stack)>` for every stack, at most `options.parallel` at a time, in the
 * order given; resolves with every run, in that order, once all have ended.
 */
export async function runStacks(
  stacks: readonly string[],
  argsOf: (stack: string) => readonly string[],
  options: RunnerOptions,
): Promise<PulumiRun[]> {
  const { results } = await mapBounded(stacks, options.parallel, async (stack) => {
    const run = await runPulumi(stack, argsOf(stack), options);
    options.onRun?.(run);
    return run;
  });
  return results;
}

/**
 * The runs that failed, each as `stack: exit N:` and the run's `error:` lines (the engine's
 * diagnostics), or the last lines of its output when it printed none.
 */
export function failures(runs: readonly PulumiRun[], lines = 8): string[] {
  return runs
    .filter((run) => run.exitCode !== 0)
    .map((run) => {
      const output = `${run.stdout}\n${run.stderr}`.split("\n").map((line) => line.trim());
      const errors = output.filter((line) => /\berror:/.test(line));
      const shown = errors.length > 0 ? errors.slice(0, lines) : output.filter(Boolean).slice(-lines);
      return `${run.stack}: pulumi ${run.args[0] ?? ""} exited ${run.exitCode}:\n  ${shown.join("\n  ")}`;
    });
}
