/**
 * Durable persistence of the emulator's state to a JSON file. A change is acknowledged only once
 * it is on disk: the state is written to a temporary file, fsynced, renamed over the state file,
 * and the directory is fsynced. Changes that arrive while a write is under way are grouped into
 * the next write (group commit), so concurrent writers share one fsync.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { mkdir, open, rename } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { temporaryOf, writeFileDurablySync } from "../../durable-file/write-durably";
import type { StateSnapshot } from "./snapshot";
import type { EmulatorStore } from "./store";

/** Reads a state file, or undefined when it does not exist. The caller validates the structure. */
export function readStateFile(path: string): StateSnapshot | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, "utf8")) as StateSnapshot;
  } catch (error) {
    throw new Error(`state file ${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Removes the temporary files (`<state file>.<pid>.tmp`) that processes killed mid-write left
 * beside `path`; a file of a process that is still running is its own and stays. Returns the
 * names removed.
 */
export function removeStaleTemporaries(path: string): string[] {
  const dir = dirname(path);
  if (!existsSync(dir)) return [];
  const pattern = new RegExp(`^${basename(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.(\\d+)\\.tmp$`);
  const removed: string[] = [];
  for (const name of readdirSync(dir)) {
    const pid = pattern.exec(name)?.[1];
    if (pid === undefined || isRunning(Number(pid))) continue;
    rmSync(join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Writes `text` to `path` durably and atomically, blocking (start-up and shutdown). */
export function writeStateFileSync(path: string, text: string): void {
  writeFileDurablySync(path, `${text}\n`);
}

/** Writes `text` to `path` durably and atomically: temporary file, fsync, rename, directory fsync. */
export async function writeStateFile(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = temporaryOf(path);
  const file = await open(temporary, "w", 0o600);
  try {
    await file.writeFile(`${text}\n`);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
  const dir = await open(dirname(path), "r");
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

interface Waiter {
  generation: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/** Keeps the state file in step with the store; see the module comment. */
export class StatePersistence {
  private committed: number;
  private writing = false;
  private waiters: Waiter[] = [];
  private writes = 0;
  private scheduled = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly path: string,
    private readonly store: EmulatorStore,
    private readonly onError: (error: Error) => void = (error) =>
      process.stderr.write(`emulator: ${error.message}\n`),
  ) {
    this.committed = -1;
    removeStaleTemporaries(path);
    store.setDurability((generation) => this.sync(generation));
    // Changes made outside a request (the in-process admin handle) are written soon after too.
    this.unsubscribe = store.onChange(() => this.schedule());
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.sync().catch(this.onError);
    });
  }

  /** How many times the file was written (a group commit counts once). */
  get writeCount(): number {
    return this.writes;
  }

  /** Resolves once the state of `generation` (or a later one) is on disk. */
  sync(generation: number = this.store.generation): Promise<void> {
    if (generation <= this.committed) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ generation, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.writing || this.waiters.length === 0) return;
    this.writing = true;
    const generation = this.store.generation;
    const text = this.store.serialize();
    writeStateFile(this.path, text).then(
      () => this.settle(generation, undefined),
      (error: unknown) => this.settle(generation, error as Error),
    );
  }

  private settle(generation: number, error: Error | undefined): void {
    this.writes++;
    if (!error) this.committed = Math.max(this.committed, generation);
    const done = this.waiters.filter((waiter) => waiter.generation <= generation);
    this.waiters = this.waiters.filter((waiter) => waiter.generation > generation);
    for (const waiter of done) {
      if (error) {
        waiter.reject(
          new Error(`could not write the state file ${this.path}: ${error.message}`, { cause: error }),
        );
      } else {
        waiter.resolve();
      }
    }
    this.writing = false;
    this.pump();
  }

  /** Writes the current state now, blocking (start-up). */
  flush(): void {
    const generation = this.store.generation;
    writeStateFileSync(this.path, this.store.serialize());
    this.writes++;
    this.committed = Math.max(this.committed, generation);
  }

  /** Waits for pending writes, writes the final state and detaches from the store. */
  async close(): Promise<void> {
    this.unsubscribe();
    try {
      await this.sync();
    } finally {
      this.store.setDurability(undefined);
    }
  }
}
