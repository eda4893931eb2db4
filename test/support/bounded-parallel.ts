/**
 * A bounded parallel map: `task` over every item, at most `limit` at a time, each run to its end
 * (no fail fast, as a CI matrix with `fail-fast: false`). Not a scheduler: the local stand-in for a
 * CI job matrix's `max-parallel` in the fleet e2e.
 */

/** The results in the items' order, and the most tasks that ran at once. */
export interface BoundedRun<R> {
  results: R[];
  maxActive: number;
}

/** Runs `task` for each item, at most `limit` at a time. */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<BoundedRun<R>> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`limit must be a whole number of at least 1, not ${limit}`);
  const results: R[] = [];
  let next = 0;
  let active = 0;
  let maxActive = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      active++;
      maxActive = Math.max(maxActive, active);
      try {
        results[index] = await task(items[index] as T);
      } finally {
        active--;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return { results, maxActive };
}
