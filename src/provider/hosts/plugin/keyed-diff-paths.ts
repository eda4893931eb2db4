/**
 * The property paths of a change inside a keyed list input (`model/keyed-inputs.ts`), as the
 * engine writes them when it diffs the dynamic host's recorded maps itself: `roles["Travel
 * arranger"].scope.audiences[0]`, `fieldIds.Purpose.place`. The plugin sends them as its detailed
 * diff, so both hosts name the same entries and `preview --diff` reads each by its name.
 */
import type { Values } from "../../model/values";
import { jsonEqual } from "../../model/values";

/** What happened at a path: added, removed or changed. */
export type PathChange = "ADD" | "DELETE" | "UPDATE";

/** A path element as the engine prints it: `.key` when plain, `["key"]` otherwise, `[n]` for an index. */
function step(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  if (/^[A-Za-z0-9_]+$/.test(key)) return path === "" ? key : `${path}.${key}`;
  return `${path}["${key.replaceAll('"', '\\"')}"]`;
}

function isRecord(value: unknown): value is Values {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Every path under `path` where `olds` and `news` differ, each at the deepest object key or list
 * index both sides hold (an array compared by position, as the engine compares it).
 */
export function changedPaths(path: string, olds: unknown, news: unknown): Record<string, PathChange> {
  const out: Record<string, PathChange> = {};
  const walk = (at: string, old: unknown, next: unknown) => {
    if (jsonEqual(old, next)) return;
    if (isRecord(old) && isRecord(next)) {
      for (const key of new Set([...Object.keys(old), ...Object.keys(next)])) {
        if (!Object.hasOwn(old, key)) out[step(at, key)] = "ADD";
        else if (!Object.hasOwn(next, key)) out[step(at, key)] = "DELETE";
        else walk(step(at, key), old[key], next[key]);
      }
    } else if (Array.isArray(old) && Array.isArray(next)) {
      for (let index = 0; index < Math.max(old.length, next.length); index++) {
        if (index >= old.length) out[step(at, index)] = "ADD";
        else if (index >= next.length) out[step(at, index)] = "DELETE";
        else walk(step(at, index), old[index], next[index]);
      }
    } else out[at] = "UPDATE";
  };
  walk(path, olds, news);
  return out;
}
