/**
 * Values that come from the stack instead of the file: `${config:name}` reads stack config
 * `name`, `${secret:name}` reads the secret `name` (kept secret in state). A placeholder may be a
 * whole string or part of one; the value it stands for is a string.
 */

/** Matches one placeholder. */
const PLACEHOLDER = /\$\{(config|secret):([A-Za-z0-9_.:/-]+)\}/g;

/** A placeholder's source. */
export type PlaceholderKind = "config" | "secret";

/** True when `value` is a string that holds a placeholder. */
export function hasPlaceholder(value: unknown): value is string {
  return typeof value === "string" && new RegExp(PLACEHOLDER.source).test(value);
}

/** The placeholders of a string, in order. */
export function placeholdersOf(text: string): { kind: PlaceholderKind; name: string }[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => ({ kind: m[1] as PlaceholderKind, name: m[2] ?? "" }));
}

/** Replaces every placeholder in `text` with `lookup(kind, name)`. */
export function substitute(text: string, lookup: (kind: PlaceholderKind, name: string) => string): string {
  return text.replace(PLACEHOLDER, (_match, kind: PlaceholderKind, name: string) => lookup(kind, name));
}

/** Applies `map` to every string of a JSON-like value that holds a placeholder. */
export function mapPlaceholders<T>(value: unknown, map: (text: string) => T): unknown {
  if (hasPlaceholder(value)) return map(value);
  if (Array.isArray(value)) return value.map((item) => mapPlaceholders(item, map));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapPlaceholders(item, map)]));
  }
  return value;
}
