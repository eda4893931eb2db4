/** Values not known during preview: the engine's sentinel and where it occurs. */
import { unknownValue } from "@pulumi/pulumi/runtime/rpc";

/** The engine's sentinel for a value not known during preview: the SDK's own `unknownValue`. */
export const UNKNOWN = unknownValue;

/** True when `value` is, or contains, an unknown value. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
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
