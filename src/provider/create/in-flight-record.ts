/**
 * The record a create keeps of itself while it is in flight, outside the engine: the engine
 * records nothing when the provider's process dies during a create (it prints `error reading from
 * server: EOF`), so without it the next `up` would create the object again. {@link safeCreate}
 * writes it before each create that is not idempotent is sent and settles it at the next create of
 * the same resource; the host clears it once the create's answer was handed back to the engine.
 * The store is the host's (`operations/create-journal.ts`); docs/reliability.md says why.
 */
import type { Values } from "../model/values";

/** What a create in flight recorded: enough for its type's recovery, and no secret. */
export interface InFlightRecord {
  /** The resource type. */
  type: string;
  /** When the create was about to be sent (ISO 8601, this machine's clock). */
  startedAt: string;
  /** The declared inputs it sent, its secret inputs left out. */
  inputs: Values;
  /**
   * The ids that existed before it was sent: the collection's listing, the objects holding its
   * key, or the set-difference ids. An object among them is never taken as the one it made.
   */
  before: string[];
}

/** One resource's place in the host's journal of creates in flight. */
export interface InFlightSlot {
  /** The record a create of this resource left when its provider ended before answering. */
  left(): InFlightRecord | undefined;
  /**
   * The records the same stack's other resources of `type` left: a set-difference create may have
   * made an object that appeared since any of them began.
   */
  othersOf(type: string): InFlightRecord[];
  /** Writes `record` durably (it is on disk when this returns), replacing any earlier one. */
  write(record: InFlightRecord): void;
}
