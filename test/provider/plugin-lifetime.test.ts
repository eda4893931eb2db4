/**
 * The plugin process ends with its engine, whichever way the engine goes: its stdin pipe closed
 * (the engine's process ended), its parent gone (re-parented), or the SIGINT / SIGTERM an engine
 * closes its plugins with. Each case runs the plugin's entry point from the sources in a process of
 * its own, as the engine starts it, and checks that it exits within 10 s and that its port no
 * longer answers. (test/e2e/plugin-lifetime.test.ts kills a real `pulumi up`.)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { connect } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FROM_SOURCE, ROOT } from "../cli/harness";
import { cleanEnv } from "../support/clean-env";

const PLUGIN = join(ROOT, "src", "plugin.ts");
const EXIT_WITHIN_MS = 10_000;

/** The lines `child` writes on stdout, as they come. */
function lines(child: ChildProcess): () => Promise<string> {
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let buffer = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    let end: number;
    while ((end = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
      const next = waiting.shift();
      if (next) next(line);
      else queue.push(line);
    }
  });
  return () => {
    const line = queue.shift();
    return line !== undefined ? Promise.resolve(line) : new Promise((resolve) => waiting.push(resolve));
  };
}

/** True while process `pid` exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds until `pid` is gone; throws after {@link EXIT_WITHIN_MS}. */
async function goneWithin(pid: number): Promise<number> {
  const start = Date.now();
  while (alive(pid)) {
    if (Date.now() - start > EXIT_WITHIN_MS)
      throw new Error(`process ${pid} still runs after ${EXIT_WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - start;
}

/** True when something accepts a connection on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Starts the plugin as the engine does: its stdin a pipe, its port on stdout. */
async function startPlugin(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ["--require", FROM_SOURCE, PLUGIN, "127.0.0.1:1"], {
    cwd: ROOT,
    env: cleanEnv(),
    stdio: ["pipe", "pipe", "inherit"],
  });
  const port = Number(await lines(child)());
  expect(await listening(port)).toBe(true);
  return { child, port };
}

describe("the plugin process ends with its engine", () => {
  it("when its stdin closes, when it is sent SIGINT or SIGTERM, and when its parent dies; no port is left open", async () => {
    const closed = async () => {
      const { child, port } = await startPlugin();
      child.stdin?.end();
      await goneWithin(child.pid ?? 0);
      return listening(port);
    };
    const signalled = (signal: NodeJS.Signals) => async () => {
      const { child, port } = await startPlugin();
      child.kill(signal);
      await goneWithin(child.pid ?? 0);
      return listening(port);
    };
    // A parent that dies at once (SIGKILL), leaving the plugin's stdin open (a terminal, /dev/null).
    const orphaned = async () => {
      const script = `"${process.execPath}" --require "${FROM_SOURCE}" "${PLUGIN}" 127.0.0.1:1 </dev/null & echo "pid $!"; wait`;
      const parent = spawn("sh", ["-c", script], {
        cwd: ROOT,
        env: cleanEnv(),
        stdio: ["ignore", "pipe", "inherit"],
      });
      const next = lines(parent);
      const pid = Number((await next()).replace("pid ", ""));
      const port = Number(await next());
      expect(await listening(port)).toBe(true);
      parent.kill("SIGKILL");
      await goneWithin(pid);
      return listening(port);
    };
    const stillListening = await Promise.all([
      closed(),
      signalled("SIGINT")(),
      signalled("SIGTERM")(),
      orphaned(),
    ]);
    expect(stillListening).toEqual([false, false, false, false]);
  });
});
