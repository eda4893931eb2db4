/**
 * The maximum nesting depth of JSON the emulator accepts and stores. Deeper documents are refused
 * with a 400 before they reach a route, so nothing recursive (cloning, serializing, validating)
 * ever meets them.
 */

/** Deepest accepted nesting of objects and arrays in a request body: `{}` is 1, `{"a":{}}` is 2. */
export const MAX_BODY_DEPTH = 32;

/**
 * Deepest accepted nesting in a state snapshot, counted from the snapshot itself: the body limit
 * plus room for `collections`, the collection, the record and the fields a route wraps around a body.
 */
export const MAX_SNAPSHOT_DEPTH = MAX_BODY_DEPTH + 8;

/**
 * The path (`a.b.0.c`) of the first object or array nested deeper than `limit`, or undefined.
 * Iterative, so any depth is safe to inspect.
 */
export function findTooDeep(value: unknown, limit: number): string | undefined {
  const stack: { value: unknown; depth: number; path: string[] }[] = [{ value, depth: 1, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; depth: number; path: string[] };
    if (typeof item.value !== "object" || item.value === null) continue;
    if (item.depth > limit) return item.path.join(".") || "(root)";
    for (const [key, child] of Object.entries(item.value)) {
      if (typeof child === "object" && child !== null) {
        stack.push({ value: child, depth: item.depth + 1, path: [...item.path, key] });
      }
    }
  }
  return undefined;
}
