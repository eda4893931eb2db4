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
}
