/**
 * Reads that tell "the object is gone" apart from other failures: a 404 counts as gone only with
 * one of the object's own not-found codes (or a parent's, whose deletion took the object with it).
 */
import { isNotFound } from "../client";

/**
 * Runs `read`; a 404 whose errorCode is one of `codes` becomes undefined. Any other error, such as
 * a 404 ROUTE_NOT_FOUND from a wrong base URL, is rethrown instead of being taken for a deletion.
 */
export async function readUnlessGone<T>(
  codes: readonly string[],
  read: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (isNotFound(error, codes)) return undefined;
    throw error;
  }
}
