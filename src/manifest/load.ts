/**
 * Reads a tenant manifest (`tenant.yaml`, plus `tenant.<stack>.yaml` when a stack is named and
 * the file exists), merges the overlay, and validates the result in one pass: YAML errors
 * (duplicate keys included), schema errors (unknown keys included), dangling references and
 * cycles, each with its file, line, column, path and reason. Nothing here calls the platform.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import type { z } from "zod";
import { ManifestError } from "./manifest-error";
import { mergeSources } from "./merge";
import { hasPlaceholder, type PlaceholderKind, placeholdersOf, substitute } from "./placeholders";
import { checkReferences } from "./references";
import { manifestSchema, type TenantManifest } from "./schema";
export { formatIssue, ManifestError } from "./manifest-error";
import {
  formatPath,
  type ManifestIssue,
  type PathPositions,
  parseSource,
  pathKey,
  type SourcePosition,
  type ValuePath,
} from "./source-map";

/** How to read a manifest. */
export interface ManifestReadOptions {
  /** The stack whose overlay (`<name>.<stack>.yaml`) applies. */
  stack?: string | undefined;
  /**
   * Resolves `${config:...}` and `${secret:...}` placeholders for validation; undefined leaves the
   * value unresolved, and a placeholder then passes validation (the resource checks it at preview).
   */
  resolve?: ((kind: PlaceholderKind, name: string) => string | undefined) | undefined;
}

/** What reading produced: the manifest when valid, and every issue found. */
export interface ManifestReadResult {
  manifest: TenantManifest | undefined;
  /** The raw merged document, placeholders unresolved. */
  document: unknown;
  /** Paths whose value came from a `${secret:...}` placeholder (resolved when `resolve` knew it). */
  secretPaths: ValuePath[];
  issues: ManifestIssue[];
  /** The files read, base first. */
  files: string[];
  /** Where `path` (or its nearest ancestor) stands in the files: for problems found later, at preview. */
  locate: (path: ValuePath) => SourcePosition;
}

/** The overlay file of `file` for `stack`: `tenant.yaml` → `tenant.dev.yaml`. */
export function overlayFileOf(file: string, stack: string): string {
  const ext = extname(file);
  return join(dirname(file), `${basename(file, ext)}.${stack}${ext}`);
}

/** Reads and validates; never throws for a bad manifest (only for an unreadable base file). */
export function readManifest(file: string, options: ManifestReadOptions = {}): ManifestReadResult {
  const base = parseSource(file, readFileSync(file, "utf8"));
  const overlayFile = options.stack === undefined ? undefined : overlayFileOf(file, options.stack);
  const overlay =
    overlayFile !== undefined && existsSync(overlayFile)
      ? parseSource(overlayFile, readFileSync(overlayFile, "utf8"))
      : undefined;
  const files = overlay ? [file, overlay.file] : [file];
  const issues = [...base.issues, ...(overlay?.issues ?? [])];
  if (!base.readable || (overlay && !overlay.readable)) {
    return {
      manifest: undefined,
      document: undefined,
      secretPaths: [],
      issues: sorted(issues, files),
      files,
      locate: () => ({ file, line: 1, column: 1 }),
    };
  }

  const merged = mergeSources(base, overlay);
  const locate = (path: ValuePath, which: "key" | "value" = "value"): SourcePosition =>
    positionOf(merged.positions, path, which) ?? { file, line: 1, column: 1 };
  const issueAt = (path: ValuePath, reason: string, which: "key" | "value" = "value"): ManifestIssue => ({
    ...locate(path, which),
    path: formatPath(path),
    reason,
  });

  const resolved = options.resolve
    ? resolvePlaceholders(merged.value, options.resolve)
    : { value: merged.value, secretPaths: [] };
  const parsed = manifestSchema.safeParse(resolved.value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) issues.push(...fromZodIssue(issue, merged.value, issueAt));
  }
  for (const problem of checkReferences(merged.value)) issues.push(issueAt(problem.path, problem.reason));
  return {
    manifest: issues.length === 0 && parsed.success ? parsed.data : undefined,
    document: merged.value,
    secretPaths: resolved.secretPaths,
    issues: sorted(issues, files),
    files,
    locate,
  };
}

/** Reads and validates; throws {@link ManifestError} listing every issue. */
export function loadManifest(file: string, options: ManifestReadOptions = {}): TenantManifest {
  const result = readManifest(file, options);
  if (!result.manifest) throw new ManifestError(result.issues);
  return result.manifest;
}

/** Resolves placeholders where `resolve` knows them, and records where secrets were. */
function resolvePlaceholders(
  value: unknown,
  resolve: (kind: PlaceholderKind, name: string) => string | undefined,
  path: (string | number)[] = [],
  secretPaths: ValuePath[] = [],
): { value: unknown; secretPaths: ValuePath[] } {
  if (hasPlaceholder(value)) {
    if (placeholdersOf(value).some((p) => p.kind === "secret")) secretPaths.push(path);
    let unresolved = false;
    const out = substitute(value, (kind, name) => {
      const found = resolve(kind, name);
      if (found === undefined) unresolved = true;
      return found ?? "";
    });
    return { value: unresolved ? value : out, secretPaths };
  }
  if (Array.isArray(value)) {
    return {
      value: value.map((item, i) => resolvePlaceholders(item, resolve, [...path, i], secretPaths).value),
      secretPaths,
    };
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).map(([key, item]) => [
      key,
      resolvePlaceholders(item, resolve, [...path, key], secretPaths).value,
    ]);
    return { value: Object.fromEntries(entries), secretPaths };
  }
  return { value, secretPaths };
}

function fromZodIssue(
  issue: z.core.$ZodIssue,
  document: unknown,
  issueAt: (path: ValuePath, reason: string, which?: "key" | "value") => ManifestIssue,
): ManifestIssue[] {
  const path = issue.path.filter((p): p is string | number => typeof p !== "symbol");
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => issueAt([...path, key], "is not a known property", "key"));
  }
  if (issue.code === "invalid_key") {
    return [issueAt(path, `is not a valid key: it ${issue.issues[0]?.message ?? issue.message}`, "key")];
  }
  const value = valueAt(document, path);
  // A placeholder stands for a value only the stack knows; the resource checks it at preview.
  if (hasPlaceholder(value.found)) return [];
  if (!value.exists && issue.code === "invalid_type") return [issueAt(path, "is required")];
  return [issueAt(path, issue.message)];
}

function valueAt(document: unknown, path: ValuePath): { exists: boolean; found: unknown } {
  let current: unknown = document;
  for (const part of path) {
    if (typeof current !== "object" || current === null || !(part in current))
      return { exists: false, found: undefined };
    current = (current as Record<string | number, unknown>)[part];
  }
  return { exists: true, found: current };
}

/** The position of `path`, or of its nearest ancestor that has one. */
function positionOf(
  positions: Map<string, PathPositions>,
  path: ValuePath,
  which: "key" | "value",
): SourcePosition | undefined {
  for (let n = path.length; n >= 0; n--) {
    const entry = positions.get(pathKey(path.slice(0, n)));
    const position = n === path.length ? entry?.[which] : (entry?.key ?? entry?.value);
    if (position) return position;
  }
  return undefined;
}

function sorted(issues: ManifestIssue[], files: string[]): ManifestIssue[] {
  return issues.sort(
    (a, b) => files.indexOf(a.file) - files.indexOf(b.file) || a.line - b.line || a.column - b.column,
  );
}
