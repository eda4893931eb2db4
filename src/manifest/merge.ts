/**
 * Per-stack overlays: `tenant.<stack>.yaml` deep-merged over `tenant.yaml`. The rules:
 * - maps merge key by key, recursively;
 * - a scalar or a sequence in the overlay replaces the base value whole (sequences are not
 *   concatenated, so an overlay can shorten a list);
 * - `null` in the overlay removes the key from the result.
 * Positions follow the values: whatever the overlay supplied points into the overlay file.
 */
import { type ParsedSource, type PathPositions, pathKey, type ValuePath } from "./source-map";

/** The merged value and the positions of each of its paths. */
export interface MergedSource {
  value: unknown;
  positions: Map<string, PathPositions>;
}

/** Merges `overlay` over `base` by the rules above. */
export function mergeSources(base: ParsedSource, overlay: ParsedSource | undefined): MergedSource {
  // An empty overlay (no document, or only comments) changes nothing.
  if (!overlay || overlay.value === null || overlay.value === undefined)
    return { value: base.value, positions: new Map(base.positions) };
  const positions = new Map(base.positions);
  const value = mergeValue(base.value, overlay.value, [], overlay.positions, positions);
  return { value, positions };
}

function isPlainMap(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function mergeValue(
  base: unknown,
  overlay: unknown,
  path: (string | number)[],
  overlayPositions: Map<string, PathPositions>,
  positions: Map<string, PathPositions>,
): unknown {
  if (!isPlainMap(base) || !isPlainMap(overlay)) {
    replaceSubtree(path, overlayPositions, positions);
    return overlay;
  }
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overlay)) {
    const childPath = [...path, key];
    if (value === null) {
      delete result[key];
      removeSubtree(childPath, positions);
    } else if (key in base) {
      result[key] = mergeValue(base[key], value, childPath, overlayPositions, positions);
    } else {
      result[key] = value;
      replaceSubtree(childPath, overlayPositions, positions);
    }
  }
  return result;
}

function isUnder(candidate: string, prefix: ValuePath): boolean {
  const parsed = JSON.parse(candidate) as (string | number)[];
  return parsed.length >= prefix.length && prefix.every((part, index) => parsed[index] === part);
}

function removeSubtree(path: ValuePath, positions: Map<string, PathPositions>): void {
  for (const key of [...positions.keys()]) if (isUnder(key, path)) positions.delete(key);
}

function replaceSubtree(
  path: ValuePath,
  from: Map<string, PathPositions>,
  positions: Map<string, PathPositions>,
): void {
  removeSubtree(path, positions);
  for (const [key, value] of from) if (isUnder(key, path)) positions.set(key, value);
  if (!positions.has(pathKey(path))) positions.set(pathKey(path), from.get(pathKey(path)) ?? {});
}
