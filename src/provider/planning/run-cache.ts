/**
 * One read per collection per run for preflight checks. The dynamic-provider host is one process
 * per run that serves every resource of the program, so a cache held per client (one client per
 * configuration) is shared by all resources of the run: a program with fifty custom fields lists
 * the company's fields once at preview, not fifty times. Failed reads are not kept.
 */
import type { TravelClient } from "../../client";

const cache = new WeakMap<TravelClient, Map<string, Promise<unknown>>>();

/** The result of `load` for `key` (such as a collection path), made at most once per client. */
export function readOncePerRun<T>(client: TravelClient, key: string, load: () => Promise<T>): Promise<T> {
  let entries = cache.get(client);
  if (!entries) {
    entries = new Map();
    cache.set(client, entries);
  }
  const known = entries.get(key);
  if (known) return known as Promise<T>;
  const loading = load();
  entries.set(key, loading);
  loading.catch(() => entries.delete(key));
  return loading;
}

const tallies = new WeakMap<TravelClient, Map<string, number>>();

/**
 * Counts one more `key` (such as "new API users") for this run and returns the count so far: the
 * checks of all resources of a program, served by this one process, add up to the program's total.
 */
export function countPerRun(client: TravelClient, key: string): number {
  let counts = tallies.get(client);
  if (!counts) {
    counts = new Map();
    tallies.set(client, counts);
  }
  const count = (counts.get(key) ?? 0) + 1;
  counts.set(key, count);
  return count;
}
