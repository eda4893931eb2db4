/**
 * One resource's property maps as the operations see them: decoded for its definition, once, where
 * a host hands them over (`operations/type-provider.ts`), with the declared inputs, the outputs and
 * the provider's bookkeeping ({@link Meta}) apart; and encoded once as the answer leaves. Below
 * that edge code reads these records, never a property map.
 */
import { encode, type Meta } from "./codec";
import { withoutUndefined, type Values } from "./values";

export type { Decoded, Meta } from "./codec";

/** What the engine holds of one resource (its recorded inputs or its state), decoded. */
export interface Recorded<I extends Values, S extends Values> {
  /** The declared inputs on record, keyed lists as lists, their types unchecked; empty for a new resource. */
  inputs: Partial<I>;
  /** The outputs on record (a state's; none among recorded inputs). */
  outputs: Partial<S>;
  /** The provider's bookkeeping on record. */
  meta: Meta;
  /** The declared values as the engine records them (keyed lists as maps, keyed by name where named). */
  asRecorded: Values;
}

/** A state's property map: `values` (the outputs, which echo the inputs) with `meta` beside them. */
export function encodeState(values: Values, meta: Meta): Values {
  return withoutUndefined(encode(values, meta));
}

/** An inputs property map: `values` (in their recorded form) with the meta kept in inputs. */
export function encodeInputs(values: Values, meta: Meta): Values {
  return withoutUndefined(encode(values, meta, "inputs"));
}
