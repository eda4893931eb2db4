/**
 * Arrays whose items carry a natural key, unique in the array (a profile color's `title`, a tier's
 * `tier`). A schema marks such an array with {@link keyedBy}; the provider records it as a map by
 * that key (`provider/model/keyed-within.ts`), so `pulumi preview --diff` shows an item by its key
 * instead of by its position.
 */
import type { z } from "zod";

const KEYS = new WeakMap<object, string>();

/**
 * Marks `schema` (an array of objects, after its own checks such as `uniqueBy`, before
 * `.optional()`) as keyed by the string property `field`.
 */
export function keyedBy<T extends z.ZodType>(field: string, schema: T): T {
  KEYS.set(schema, field);
  return schema;
}

/** The key field `schema` was marked with by {@link keyedBy}, if any. */
export function keyFieldOf(schema: z.ZodType): string | undefined {
  return KEYS.get(schema);
}
