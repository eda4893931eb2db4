/**
 * The emulator's state: named collections of JSON records, snapshotted and loaded as one JSON
 * document. Every mutation bumps a generation number and notifies listeners; a durability hook
 * (persistence) lets the HTTP layer wait until a generation is on disk before it answers.
 */
import { validateSnapshot } from "./snapshot";

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
  private durability: ((generation: number) => Promise<void>) | undefined;
  private changes = 0;

  /** Number of changes so far; every mutation increments it. */
  get generation(): number {
    return this.changes;
  }

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

  /** The whole state as JSON text (no copy in between). */
  serialize(): string {
    return JSON.stringify(this.data);
  }

  /**
   * Replaces the whole state with `snapshot`, after validating its structure and depth
   * (`InvalidSnapshotError` naming the offending path otherwise; the state is then unchanged).
   */
  load(snapshot: unknown): void {
    const valid = validateSnapshot(snapshot);
    this.data = structuredClone(valid);
    this.notify();
  }

  /** Installs the function that makes a generation durable (persistence); one at a time. */
  setDurability(hook: ((generation: number) => Promise<void>) | undefined): void {
    this.durability = hook;
  }

  /** Resolves once every change made so far is durable (at once without persistence). */
  whenDurable(): Promise<void> {
    return this.durability ? this.durability(this.changes) : Promise.resolve();
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
    this.changes++;
    for (const listener of this.listeners) listener();
  }
}
