/** Paths inside JSON values, and the value a path leads to. */

/** A path inside a JSON value: `["address", "addressLines", 0]`. */
export type ValuePath = (string | number)[];

/** The value at `path` inside `root`, or undefined. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
