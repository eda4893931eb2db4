/** Reads where a 404 means "gone" only with the entity's own not-found codes. */
import { isNotFound } from "../client";

/** True when `error` is a 404 whose errorCode is one of `codes`. */
export function isGone(error: unknown, codes: readonly string[]): boolean {
  return isNotFound(error) && codes.includes((error as { code?: unknown }).code as string);
}

/**
 * Runs `read`; a 404 whose errorCode is one of `codes` (the entity's own, or a parent's whose
 * deletion took the entity with it) becomes undefined. Any other 404, such as ROUTE_NOT_FOUND
 * from a wrong base URL, is rethrown instead of being taken for a deletion.
 */
export async function readUnlessGone<T>(
  codes: readonly string[],
  read: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (isGone(error, codes)) return undefined;
    throw error;
  }
}
