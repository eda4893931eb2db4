/**
 * The emulator's state: one collection of JSON records per declared {@link RecordKind},
 * snapshotted and loaded as one JSON document. Every mutation bumps a generation number and
 * notifies listeners; a durability hook (persistence) lets the HTTP layer wait until a generation
 * is on disk before it answers.
 */
import type { FindRecord, RecordKind } from "./record-kind";
import { type StateSnapshot, validateSnapshot } from "./snapshot";

/** The records of one company in a collection, read-only: what its tenant may see. */
export interface CompanyRecords<T> {
  /** The record `id` when the company owns it. */
  get(id: string): T | undefined;
  /** The company's records, in insertion order. */
  values(): T[];
  entries(): [string, T][];
}

/** The collection of one record kind, keyed by id. */
export class Collection<T> {
  constructor(
    private readonly records: Record<string, unknown>,
    private readonly changed: () => void,
    private readonly kind: RecordKind<T>,
    private readonly find: FindRecord,
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

  /** The company that owns `record` (stored under `id`), as its kind declares; undefined: none. */
  companyOf(record: T, id: string): string | undefined {
    return this.kind.ownership?.companyOf(record, id, this.find);
  }

  /** The records `companyId` owns: the tenant's view of the collection. */
  of(companyId: string): CompanyRecords<T> {
    const owned = () => this.entries().filter(([id, record]) => this.companyOf(record, id) === companyId);
    return {
      get: (id) => {
        const record = this.get(id);
        return record !== undefined && this.companyOf(record, id) === companyId ? record : undefined;
      },
      values: () => owned().map(([, record]) => record),
      entries: owned,
    };
  }
}

/** The emulator's in-memory database, holding the record kinds it is built with. */
export class EmulatorStore {
  private data: StateSnapshot = { version: 1, collections: {} };
  private readonly listeners = new Set<() => void>();
  private durability: ((generation: number) => Promise<void>) | undefined;
  private changes = 0;
  private readonly names: ReadonlySet<string>;

  /** `kinds` are every kind of record the emulator keeps; their order is the deletion guards'. */
  constructor(readonly kinds: readonly RecordKind<unknown>[]) {
    this.names = new Set(kinds.map((kind) => kind.collection));
    if (this.names.size !== kinds.length) throw new Error("two record kinds share a collection name");
  }

  /** Number of changes so far; every mutation increments it. */
  get generation(): number {
    return this.changes;
  }

  /** The collection of `kind`, which must be one of the store's kinds. */
  records<T>(kind: RecordKind<T>): Collection<T> {
    if (!this.kinds.includes(kind))
      throw new Error(`record kind ${kind.collection} is not declared in the emulator's store`);
    let records = this.data.collections[kind.collection];
    if (!records) {
      records = {};
      this.data.collections[kind.collection] = records;
    }
    return new Collection<T>(
      records,
      () => this.notify(),
      kind,
      (parent, id) => this.records(parent).get(id),
    );
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
   * Replaces the whole state with `snapshot`, after validating its structure, collection names
   * and depth (`InvalidSnapshotError` naming the offending path otherwise; the state is then
   * unchanged).
   */
  load(snapshot: unknown): void {
    const valid = validateSnapshot(snapshot, this.names);
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
