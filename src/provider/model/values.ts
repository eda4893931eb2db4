/** The plain JSON values the engine hands a provider: their type, equality, selection and `undefined` removal. */

/** Plain input or output values. */
export type Values = Record<string, unknown>;

/** Structural equality of JSON values, treating a missing key and `undefined` alike. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!jsonEqual(left[key], right[key])) return false;
  return true;
}

/** A copy of `value` without `undefined` members (JSON semantics), recursively. */
export function withoutUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutUndefined) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      if (item !== undefined) out[key] = withoutUndefined(item);
    return out as T;
  }
  return value;
}

/** The members of `values` under `keys` that hold a value (`undefined` ones left out). */
export function pickKeys<T extends Values>(values: T, keys: readonly string[]): T {
  return Object.fromEntries(
    keys.filter((key) => values[key] !== undefined).map((key) => [key, values[key]]),
  ) as T;
}
