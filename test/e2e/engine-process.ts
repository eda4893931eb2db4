/**
 * The Pulumi CLI as a process of its own, for the scenarios the Automation API cannot play: a
 * `pulumi up` killed with SIGKILL mid-run (with every process below it, as when a CI runner dies)
 * and the CLI commands of the documented recovery, run against the harness's stack.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileBackendEnv } from "../support/file-stack";
import type { E2eEnvironment } from "./harness";
import { cleanEnv } from "../support/clean-env";

/** The environment the harness gives the Automation API, for CLI runs of the same stack. */
export function pulumiEnv(env: E2eEnvironment): Record<string, string> {
  return {
    ...cleanEnv(),
    ...fileBackendEnv(env.backendDir),
    // As the Automation API runs of the stack (test/support/file-stack.ts).
    TRAVEL_CREATE_JOURNAL_DIR: join(env.programDir, ".create-journal"),
  };
}

/** Runs the pulumi CLI on the stack to completion; `extraEnv` is laid over the harness's environment. */
export function pulumi(
  env: E2eEnvironment,
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("pulumi", [...args, "--stack", "e2e", "--non-interactive"], {
      cwd: env.programDir,
      env: { ...pulumiEnv(env), ...extraEnv },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** Starts `pulumi up --yes --skip-preview` on the stack, its output ignored. */
export function startUp(
  env: E2eEnvironment,
  extraArgs: string[] = [],
): { up: ChildProcess; exited: Promise<unknown> } {
  const up = spawn(
    "pulumi",
    ["up", "--yes", "--skip-preview", "--stack", "e2e", "--non-interactive", ...extraArgs],
    { cwd: env.programDir, env: pulumiEnv(env), stdio: "ignore" },
  );
  return { up, exited: new Promise((resolve) => up.on("exit", resolve)) };
}

/** The pids of `root` and every process below it. */
export function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // The process ended while the table was read.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++)
    for (const [pid, ppid] of parents) if (ppid === tree[i] && !tree.includes(pid)) tree.push(pid);
  return tree;
}

/** The command line of process `pid`, its arguments joined by spaces; empty once it has ended. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  } catch {
    return "";
  }
}

/** Kills `root` and every process below it at once with SIGKILL; returns how many there were. */
export function killTree(root: number): number {
  const tree = processTree(root);
  for (const pid of tree) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  return tree.length;
}

/** Waits until `condition` holds, polling every 100 ms; fails after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * How many creates the running update of the stack has begun and not finished, as its checkpoint
 * on the `file://` backend shows them (the engine writes a pending operation before each create).
 */
export function pendingCreatesInCheckpoint(env: E2eEnvironment): number {
  const stacks = join(env.backendDir, ".pulumi", "stacks");
  if (!existsSync(stacks)) return 0;
  for (const project of readdirSync(stacks)) {
    const file = join(stacks, project, "e2e.json");
    if (!existsSync(file)) continue;
    try {
      const { checkpoint } = JSON.parse(readFileSync(file, "utf8")) as {
        checkpoint?: { latest?: { pending_operations?: { type: string }[] } };
      };
      return (checkpoint?.latest?.pending_operations ?? []).filter((op) => op.type === "creating").length;
    } catch {
      // Read while the engine was writing it: the next poll reads it whole.
      return 0;
    }
  }
  return 0;
}
