/**
 * Record kinds: what the store holds, declared once per kind by the area that owns it (in the
 * manner of LocalStack's typed service stores). A kind names its collection in the state file and
 * says which company owns each record; tenant scoping (`Collection.of`) and what deleting a company
 * does to the records (removed with it, or refusing the deletion while some remain) both read that
 * one declaration.
 */

/** Finds a record of another kind, for an owner that is reached through a parent record. */
export type FindRecord = <P>(kind: RecordKind<P>, id: string) => P | undefined;

/** Records that refuse their company's deletion while they exist, such as legal entities. */
export interface DeletionGuard<T> {
  /** What the refusal counts: "legal entity" and "legal entities". */
  singular: string;
  plural: string;
  /** Which records block (default: every one); the others are removed with the company. */
  blocks?(record: T): boolean;
}

/** How a kind of record belongs to companies. */
export interface Ownership<T> {
  /**
   * The company that owns a record, or undefined for a record of the platform (a platform role).
   * `find` reads a parent's record (a PNR belongs to the company of its trip).
   */
  companyOf(record: T, id: string, find: FindRecord): string | undefined;
  /** Set when the records refuse their company's deletion; otherwise they are removed with it. */
  guard?: DeletionGuard<T>;
}

/** One kind of record: its collection, and the company that owns each record (absent: none does). */
export interface RecordKind<T> {
  /** The collection's name in the state file; never rename it (saved state files hold it). */
  readonly collection: string;
  readonly ownership?: Ownership<T> | undefined;
  /** Type-level only: the record type, so the store hands out typed collections. */
  readonly record?: T;
}

/** Declares a kind of record whose records belong to companies. */
export function companyRecords<T>(collection: string, ownership: Ownership<T>): RecordKind<T> {
  return { collection, ownership };
}

/** Declares a kind of record that belongs to no company (tokens, price-change rules). */
export function platformRecords<T>(collection: string): RecordKind<T> {
  return { collection };
}

/** Ownership by a record's `companyId` field. */
export function byCompanyId<T extends { companyId?: string | undefined }>(
  guard?: DeletionGuard<T>,
): Ownership<T> {
  return { companyOf: (record) => record.companyId, ...(guard ? { guard } : {}) };
}

/** Ownership of records keyed by their company's id (one record per company). */
export function keyedByCompany<T>(): Ownership<T> {
  return { companyOf: (_record, id) => id };
}
