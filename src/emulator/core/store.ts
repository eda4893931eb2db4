/**
 * The emulator's state: named collections of JSON records, snapshotted and loaded as one JSON
 * document. Every mutation notifies listeners (persistence writes the state file from them).
 */

/** The serialized form of the whole state. */
export interface StateSnapshot {
  version: 1;
  collections: Record<string, Record<string, unknown>>;
}

/** One named collection of records keyed by id. */
export class Collection<T> {
  constructor(
    private readonly records: Record<string, unknown>,
    private readonly changed: () => void,
  ) {}

  get(id: string): T | undefined {
    return Object.hasOwn(this.records, id) ? (this.records[id] as T) : undefined;
  }

  has(id: string): boolean {
    return Object.hasOwn(this.records, id);
  }

  /** Stores a record (replacing any with the same id). */
  set(id: string, value: T): T {
    this.records[id] = value;
    this.changed();
    return value;
  }

  /** Removes a record; returns whether it existed. */
  delete(id: string): boolean {
    if (!Object.hasOwn(this.records, id)) return false;
    delete this.records[id];
    this.changed();
    return true;
  }

  /** All records in insertion order. */
  values(): T[] {
    return Object.values(this.records) as T[];
  }

  entries(): [string, T][] {
    return Object.entries(this.records) as [string, T][];
  }

  get size(): number {
    return Object.keys(this.records).length;
  }
}

/** The emulator's in-memory database. */
export class EmulatorStore {
  private data: StateSnapshot = { version: 1, collections: {} };
  private readonly listeners = new Set<() => void>();

  /** The collection called `name`, created on first use. */
  collection<T>(name: string): Collection<T> {
    let records = this.data.collections[name];
    if (!records) {
      records = {};
      this.data.collections[name] = records;
    }
    return new Collection<T>(records, () => this.notify());
  }

  /** A deep copy of the whole state. */
  snapshot(): StateSnapshot {
    return structuredClone(this.data);
  }

  /** Replaces the whole state with `snapshot`. */
  load(snapshot: StateSnapshot): void {
    if (snapshot.version !== 1 || typeof snapshot.collections !== "object" || snapshot.collections === null) {
      throw new Error("state snapshot must be { version: 1, collections: {...} }");
    }
    this.data = structuredClone(snapshot);
    this.notify();
  }

  /** Empties every collection. */
  clear(): void {
    this.data = { version: 1, collections: {} };
    this.notify();
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
