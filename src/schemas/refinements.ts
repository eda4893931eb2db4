/** Cross-item checks shared by the vendor-shaped schemas: uniqueness of a key within an array. */
import type { z } from "zod";

/**
 * A `superRefine` check that rejects an array item whose `key` repeats an earlier item's; the
 * issue names the repeated item's `field`, such as `profileColors.2.title`.
 */
export function uniqueBy<T>(field: string, key: (item: T) => string | undefined) {
  return (items: T[], ctx: z.RefinementCtx): void => {
    const seen = new Map<string, number>();
    items.forEach((item, index) => {
      const value = key(item);
      if (value === undefined) return;
      const first = seen.get(value);
      if (first === undefined) seen.set(value, index);
      else
        ctx.addIssue({
          code: "custom",
          path: [index, field],
          message: `repeats ${value} (already given by item ${first})`,
        });
    });
  };
}

/** `uniqueBy` for arrays of strings (the issue names the item itself). */
export function uniqueValues(items: string[], ctx: z.RefinementCtx): void {
  const seen = new Map<string, number>();
  items.forEach((value, index) => {
    const first = seen.get(value);
    if (first === undefined) seen.set(value, index);
    else ctx.addIssue({ code: "custom", path: [index], message: `repeats ${value} (already item ${first})` });
  });
}
