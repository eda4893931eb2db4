/**
 * The journal of creates in flight, on this machine: one file per resource whose create was sent
 * and not yet answered to the engine, so that the next `up` of the stack settles a create its
 * provider did not live to answer (`create/in-flight-record.ts`). Files live in
 * `TRAVEL_CREATE_JOURNAL_DIR`, else `creates-in-flight` in the per-user cache
 * (`$XDG_CACHE_HOME/pulumi-travel`, else `~/.cache/pulumi-travel`), one directory per project,
 * stack and platform; each is written durably (write, fsync, rename, fsync of the directory) before the create
 * is sent. Records older than {@link STALE_AFTER_DAYS} days are removed: their resource is no
 * longer in any program that ran since. docs/reliability.md ("A provider crash") says more.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type { InFlightRecord, InFlightSlot } from "../create/in-flight-record";
import { userCacheDir } from "./run-token-cache";
import { writeFileDurablySync } from "../../durable-file/write-durably";

/** The environment variable naming another directory for the journal (tests isolate by it). */
export const CREATE_JOURNAL_DIR_ENV = "TRAVEL_CREATE_JOURNAL_DIR";

/** Records older than this many days are removed when a stack's journal is first opened in a process. */
export const STALE_AFTER_DAYS = 30;

/** The resource a create is for: its stack and project, and its name there. */
export interface ResourceRef {
  project: string;
  stack: string;
  /** The resource's type (`Department`). */
  type: string;
  /** The resource's name, as the program declares it (the URN's last part). */
  name: string;
  /** Inputs the program marked secret (the plugin sees them on the wire): never written. */
  secretInputs?: ReadonlySet<string> | undefined;
}

/** The journal's directory: `TRAVEL_CREATE_JOURNAL_DIR`, else `creates-in-flight` in the user cache. */
export function createJournalDir(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env[CREATE_JOURNAL_DIR_ENV];
  return chosen !== undefined && chosen !== "" ? chosen : join(userCacheDir(env), "creates-in-flight");
}

const digest = (parts: readonly string[]) =>
  createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 32);

/** A journal of creates in flight in `dir`. */
export class CreateJournal {
  private readonly pruned = new Set<string>();

  constructor(readonly dir: string = createJournalDir()) {}

  /**
   * The slot of `resource` on the platform at `platform` (its base URL), whose record is written and
   * cleared through it: a stack pointed at another platform (a test tenant, an emulator) never
   * settles a record of this one.
   */
  slot(resource: ResourceRef, platform: string): InFlightSlot & { clear(): void } {
    const stackDir = join(this.dir, digest([resource.project, resource.stack, platform]));
    const file = join(stackDir, `${digest([resource.type, resource.name])}.json`);
    return {
      left: () => {
        this.prune(stackDir);
        return readRecord(file);
      },
      othersOf: (type) =>
        listRecords(stackDir)
          .filter(([path, record]) => path !== file && record.type === type)
          .map(([, r]) => r),
      write: (record) => writeDurably(file, withoutMarkedSecrets(record, resource.secretInputs)),
      clear: () => {
        rmSync(file, { force: true });
        removeIfEmpty(stackDir);
      },
    };
  }

  /** Removes the records of `stackDir` older than {@link STALE_AFTER_DAYS}, once per process. */
  private prune(stackDir: string): void {
    if (this.pruned.has(stackDir)) return;
    this.pruned.add(stackDir);
    const oldest = Date.now() - STALE_AFTER_DAYS * 24 * 3600 * 1000;
    for (const name of entries(stackDir)) {
      const path = join(stackDir, name);
      try {
        if (statSync(path).mtimeMs < oldest) rmSync(path, { force: true });
      } catch {
        // Removed meanwhile by another process of the stack: nothing to prune.
      }
    }
  }
}

/** `record` without the inputs the program marked secret. */
function withoutMarkedSecrets(
  record: InFlightRecord,
  secrets: ReadonlySet<string> | undefined,
): InFlightRecord {
  if (secrets === undefined || secrets.size === 0) return record;
  const inputs = Object.fromEntries(Object.entries(record.inputs).filter(([key]) => !secrets.has(key)));
  return { ...record, inputs };
}

/** Removes the stack's directory once its last record is gone (another process may add one: then it stays). */
function removeIfEmpty(dir: string): void {
  try {
    rmdirSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOTEMPTY" && code !== "EEXIST" && code !== "ENOENT") throw error;
  }
}

function entries(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.endsWith(".json"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

function listRecords(dir: string): [string, InFlightRecord][] {
  return entries(dir).flatMap((name): [string, InFlightRecord][] => {
    const record = readRecord(join(dir, name));
    return record === undefined ? [] : [[join(dir, name), record]];
  });
}

/** The record in `file`, or undefined when there is none; a file that is not a record fails naming it. */
function readRecord(file: string): InFlightRecord | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const record = JSON.parse(text) as Partial<InFlightRecord>;
  if (
    typeof record.type !== "string" ||
    typeof record.startedAt !== "string" ||
    typeof record.inputs !== "object" ||
    record.inputs === null ||
    !Array.isArray(record.before)
  )
    throw new Error(
      `${file} is not a record of a create in flight (pulumi-travel's journal, docs/reliability.md); ` +
        "remove it once you have checked with `pulumi-travel reconcile` that nothing is left to adopt",
    );
  return record as InFlightRecord;
}

/** Writes `record` to `file` so that it survives a crash of the process or the machine. */
function writeDurably(file: string, record: InFlightRecord): void {
  for (let attempt = 1; ; attempt++) {
    try {
      return writeFileDurablySync(file, `${JSON.stringify(record)}\n`, 0o700);
    } catch (error) {
      // Another process of the stack removed the emptied directory in between: make it again.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || attempt === 3) throw error;
    }
  }
}
