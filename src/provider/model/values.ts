/** Helpers over the plain JSON values the engine hands a dynamic provider. */
import * as pulumi from "@pulumi/pulumi";

/** Plain input or output values. */
export type Values = Record<string, unknown>;

/** The engine's sentinel for a value not known during preview: the SDK's own `unknownValue`. */
export const UNKNOWN = pulumi.runtime.unknownValue;

/** True when `value` is, or contains, an unknown value. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}

/** The value at `path` inside `root`, or undefined. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** True when the value at `path`, or any value on the way to it, is unknown. */
export function isUnknownAlongPath(root: unknown, path: readonly PropertyKey[]): boolean {
  let current: unknown = root;
  if (current === UNKNOWN) return true;
  for (const key of path) {
    if (current === null || typeof current !== "object") return false;
    current = (current as Record<PropertyKey, unknown>)[key];
    if (current === UNKNOWN) return true;
  }
  return containsUnknown(current);
}

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

/** Keys the engine or the dynamic provider adds to props (`__provider`, ...). */
export function isInternalKey(key: string): boolean {
  return key.startsWith("__");
}

/** A copy of `props` without engine-internal keys. */
export function stripInternal(props: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props ?? {})) if (!isInternalKey(key)) out[key] = value;
  return out;
}
