/**
 * Arrays whose order the platform does not keep or fix (sets: e-mail domains, stealth modes,
 * account managers, ...). A schema marks such an array with {@link unordered}; the provider's
 * normalizer (`provider/model/normalize.ts`) then compares it as a set and records it in the
 * program's order, so an answer in another order is no change.
 */
import type { z } from "zod";

const UNORDERED = new WeakSet<object>();

/**
 * Marks `schema` (an array schema, after its own checks such as `.min` or `.superRefine`, before
 * `.optional()`) as unordered.
 */
export function unordered<T extends z.ZodType>(schema: T): T {
  UNORDERED.add(schema);
  return schema;
}

/** True when `schema` was marked by {@link unordered}. */
export function isUnordered(schema: z.ZodType): boolean {
  return UNORDERED.has(schema);
}
