/** Optional persistence of the emulator's state to a JSON file, written atomically. */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { EmulatorStore, StateSnapshot } from "./store";

/** Reads a state file, or undefined when it does not exist. */
export function readStateFile(path: string): StateSnapshot | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, "utf8")) as StateSnapshot;
  } catch (error) {
    throw new Error(`state file ${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

/** Writes `snapshot` to `path` through a temporary file and a rename, so readers never see half a file. */
export function writeStateFile(path: string, snapshot: StateSnapshot): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(snapshot)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
}

/** Writes the store to a file shortly after every change, and on {@link flush}. */
export class StatePersistence {
  private timer: NodeJS.Timeout | undefined;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly path: string,
    private readonly store: EmulatorStore,
    private readonly delayMs = 20,
  ) {
    this.unsubscribe = store.onChange(() => this.schedule());
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.writeNow();
    }, this.delayMs);
    this.timer.unref();
  }

  private writeNow(): void {
    writeStateFile(this.path, this.store.snapshot());
  }

  /** Writes pending changes now. */
  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.writeNow();
  }

  /** Flushes and stops listening. */
  close(): void {
    this.flush();
    this.unsubscribe();
  }
}
