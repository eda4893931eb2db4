/**
 * How a resource finds the object a create may have made when the create's outcome is unknown
 * (the connection dropped after sending, a timeout, a 5xx). {@link safeCreate} uses it to adopt
 * that object instead of creating a duplicate.
 */
import type { ResourceContext } from "./resource-context";
import type { Values } from "./values";

/** The property that identifies a new object among its siblings, and its declared value. */
export interface LookupKey {
  /**
   * `externalId` (unique per parent on the platform), `name` (as the platform compares names) or
   * `kid` (a partner key, proven by its thumbprint).
   */
  by: "externalId" | "name" | "kid";
  value: string;
}

/** An existing object that matches a {@link LookupKey}. */
export interface LookupCandidate {
  id: string;
  name?: string | undefined;
}

/** The per-definition lookup of the objects a create may have made. */
export interface CreateLookup<I extends Values> {
  /** The key of `inputs`; undefined when nothing identifies the object (no name, no externalId). */
  keyOf(inputs: I): LookupKey | undefined;
  /** Every object under the same parent whose key equals `key`. */
  find(ctx: ResourceContext, inputs: I, key: LookupKey): Promise<LookupCandidate[]>;
  /**
   * Inputs a follow-up call sets after the create (a custom field's `enabled`): a match need not
   * hold them yet, and the adoption converges them.
   */
  followUpInputs?: readonly string[] | undefined;
  /**
   * The collection a create adds to, listed whole once per run and collection, before the run's
   * first create in it: every object it holds then is older than the run's creates and is never
   * adopted. N creates in one collection then cost one listing and N creates. Without it, each
   * create finds the objects holding its key before its first attempt.
   */
  collection?: CreateCollection<I> | undefined;
}

/** A collection a create adds to (see {@link CreateLookup.collection}). */
export interface CreateCollection<I extends Values> {
  /** Names the collection of `inputs` (its path), so creates under the same parents share one listing. */
  of(inputs: I): string;
  /** Every id the collection of `inputs` holds. */
  ids(ctx: ResourceContext, inputs: I): Promise<string[]>;
}
