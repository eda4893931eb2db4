/** Structural validation of a state snapshot, before it replaces the emulator's state. */
import { findTooDeep, MAX_SNAPSHOT_DEPTH } from "./depth";

/** The serialized form of the whole state: each collection's records by id. */
export interface StateSnapshot {
  version: 1;
  collections: Record<string, Record<string, unknown>>;
}

/** A snapshot that cannot be loaded; `path` names the offending property. */
export class InvalidSnapshotError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`invalid state snapshot: ${path}: ${reason}`);
    this.name = "InvalidSnapshotError";
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

/**
 * Checks that `value` is `{ version: 1, collections: { <name>: { <id>: <object> } } }`, each name
 * one of `known`, and no deeper than {@link MAX_SNAPSHOT_DEPTH}; throws
 * {@link InvalidSnapshotError} naming the first offending path otherwise.
 */
export function validateSnapshot(value: unknown, known: ReadonlySet<string>): StateSnapshot {
  if (!isPlainObject(value))
    throw new InvalidSnapshotError("(root)", `must be an object, got ${describe(value)}`);
  if (value.version !== 1)
    throw new InvalidSnapshotError("version", `must be 1, got ${JSON.stringify(value.version) ?? "nothing"}`);
  const extra = Object.keys(value).find((key) => key !== "version" && key !== "collections");
  if (extra !== undefined)
    throw new InvalidSnapshotError(extra, "is not a snapshot property (version, collections)");
  const { collections } = value;
  if (!isPlainObject(collections)) {
    throw new InvalidSnapshotError(
      "collections",
      `must be an object of collections, got ${describe(collections)}`,
    );
  }
  for (const [name, records] of Object.entries(collections)) {
    if (!known.has(name)) {
      throw new InvalidSnapshotError(
        `collections.${name}`,
        "is not a collection of this emulator (was the state written by a newer version?)",
      );
    }
    if (!isPlainObject(records)) {
      throw new InvalidSnapshotError(
        `collections.${name}`,
        `must be an object of records by id, got ${describe(records)}`,
      );
    }
    for (const [id, record] of Object.entries(records)) {
      if (!isPlainObject(record)) {
        throw new InvalidSnapshotError(
          `collections.${name}.${id}`,
          `must be an object, got ${describe(record)}`,
        );
      }
    }
  }
  const tooDeep = findTooDeep(value, MAX_SNAPSHOT_DEPTH);
  if (tooDeep !== undefined) {
    throw new InvalidSnapshotError(tooDeep, `is nested deeper than ${MAX_SNAPSHOT_DEPTH} levels`);
  }
  return value as unknown as StateSnapshot;
}
