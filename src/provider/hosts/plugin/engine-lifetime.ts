/**
 * The plugin lives as long as the engine that started it. The engine closes a plugin with the
 * protocol's `Cancel` then SIGINT (SIGKILL 5 s later), and Node's default for SIGINT, SIGTERM and
 * SIGHUP ends the process, listener and all. An engine that dies without closing it (`kill -9` of
 * `pulumi`, a lost CI runner, a `pulumi do` that exits without closing its plugins) sends nothing,
 * and a gRPC server keeps Node running forever. Two signs tell the plugin, whichever comes first:
 *
 * - its stdin: the engine starts every plugin with a pipe on stdin that it never writes nor closes,
 *   so its end of file means the engine's process has ended (watched only when stdin is a pipe or a
 *   socket: a plugin run by hand keeps its terminal);
 * - its parent: the engine is the plugin's parent (the launcher `exec`s node); a new parent pid
 *   means the engine has ended and the plugin was re-parented (polled each second).
 *
 * Then the server is shut down at once (no listener is left) and the process exits: nobody is left
 * to answer, and a call in flight is the engine's pending operation either way (docs/reliability.md).
 */
import { fstatSync } from "node:fs";

/** What ends the plugin once its engine is gone. */
export interface EngineLifetimeOptions {
  /** Closes every listener of the plugin, at once. */
  shutdown(): void;
  /** Ends the process (default `process.exit(0)`). */
  exit?: ((code: number) => void) | undefined;
  /** How often the parent pid is compared, in ms (default 1000). */
  pollMs?: number | undefined;
}

/** Why the plugin decided its engine is gone. */
export type EngineGone = "stdin closed" | "parent exited";

/** True when file descriptor `fd` is a pipe or a socket (the engine's stdin), not a terminal or a file. */
function isPipe(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}

/**
 * Watches for the end of the engine that started this process; once it is gone, shuts the plugin
 * down and exits. Returns what it watches (for the log) and a way to stop watching.
 */
export function exitWhenEngineGone(options: EngineLifetimeOptions): { watching: EngineGone[]; stop(): void } {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let done = false;
  const gone = () => {
    if (done) return;
    done = true;
    stop();
    options.shutdown();
    exit(0);
  };
  const watching: EngineGone[] = [];

  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) gone();
  }, options.pollMs ?? 1000);
  timer.unref();
  watching.push("parent exited");

  const onEnd = () => gone();
  if (isPipe(0)) {
    process.stdin.on("end", onEnd);
    process.stdin.on("error", onEnd);
    // Read and drop whatever comes: the engine writes nothing, but the end is only seen while reading.
    process.stdin.resume();
    watching.push("stdin closed");
  }

  function stop() {
    clearInterval(timer);
    process.stdin.off("end", onEnd);
    process.stdin.off("error", onEnd);
  }
  return { watching, stop };
}
