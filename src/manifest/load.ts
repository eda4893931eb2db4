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
  /**
   * The key `pulumi config set` takes for a placeholder's name, in the message of a placeholder
   * `resolve` does not know; the name itself (the project's namespace) unless told.
   */
  configKey?: ((name: string) => string) | undefined;
}

/** What reading produced: the manifest when valid, and every issue found. */
export interface ManifestReadResult {
  manifest: TenantManifest | undefined;
  /** The raw merged document, placeholders unresolved. */
  document: unknown;
  /** Paths whose value came from a `${secret:...}` placeholder (resolved when `resolve` knew it). */
  secretPaths: ValuePath[];
  issues: ManifestIssue[];
  /**
   * The placeholders left unresolved, each with the `pulumi config set` command that supplies it.
   * With `resolve` they are in `issues` too; without, they are checked at preview.
   */
  unresolved: ManifestIssue[];
  /** The files read, base first. */
  files: string[];
  /** Where `path` (or its nearest ancestor) stands in the files: for problems found later, at preview. */
  locate: (path: ValuePath) => SourcePosition;
}

/**
 * The manifest of `result`, or a {@link ManifestError} listing its issues; when a placeholder the
 * stack did not resolve was all that stood in the way, the placeholders.
 */
export function manifestOf(result: ManifestReadResult): TenantManifest {
  if (result.manifest) return result.manifest;
  throw new ManifestError(result.issues.length > 0 ? result.issues : result.unresolved);
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
      unresolved: [],
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

  const resolved = resolvePlaceholders(merged.value, options.resolve ?? (() => undefined));
  const unresolved = resolved.unresolved.map(({ path, kind, name }) =>
    issueAt(path, unresolvedReason(kind, name, options)),
  );
  if (options.resolve) issues.push(...unresolved);
  const parsed = manifestSchema.safeParse(resolved.value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      issues.push(...fromZodIssue(issue, resolved.value, resolved.secretPaths, issueAt));
  }
  for (const problem of checkReferences(merged.value)) issues.push(issueAt(problem.path, problem.reason));
  return {
    manifest: issues.length === 0 && parsed.success ? parsed.data : undefined,
    document: merged.value,
    secretPaths: resolved.secretPaths,
    issues: sorted(issues, files),
    unresolved: sorted(unresolved, files),
    files,
    locate,
  };
}

/** Reads and validates; throws {@link ManifestError} listing every issue. */
export function loadManifest(file: string, options: ManifestReadOptions = {}): TenantManifest {
  return manifestOf(readManifest(file, options));
}

/**
 * What a placeholder the stack does not supply needs: the `pulumi config set` command, with
 * `--secret` for a `${secret:...}`, and the stack when it is known.
 */
function unresolvedReason(kind: PlaceholderKind, name: string, options: ManifestReadOptions): string {
  const key = options.configKey?.(name) ?? name;
  const stack = options.stack === undefined ? "" : ` --stack ${options.stack}`;
  const where = options.stack === undefined ? "the stack's config" : `the config of stack ${options.stack}`;
  return (
    `\${${kind}:${name}} is not set in ${where}: ` +
    `pulumi config set${kind === "secret" ? " --secret" : ""} ${key} <value>${stack}`
  );
}

/** A placeholder `resolve` did not know, where it is. */
interface UnresolvedPlaceholder {
  path: ValuePath;
  kind: PlaceholderKind;
  name: string;
}

/** What {@link resolvePlaceholders} found. */
interface Resolved {
  value: unknown;
  /** Where the values that came from a `${secret:...}` are. */
  secretPaths: ValuePath[];
  /** The placeholders left as they are, `resolve` not knowing them. */
  unresolved: UnresolvedPlaceholder[];
}

/**
 * Resolves placeholders where `resolve` knows them (a string with one it does not know stays as
 * it is), and records where secrets were and which placeholders stay.
 */
function resolvePlaceholders(
  value: unknown,
  resolve: (kind: PlaceholderKind, name: string) => string | undefined,
  path: (string | number)[] = [],
  found: Omit<Resolved, "value"> = { secretPaths: [], unresolved: [] },
): Resolved {
  if (hasPlaceholder(value)) {
    const placeholders = placeholdersOf(value);
    if (placeholders.some((p) => p.kind === "secret")) found.secretPaths.push(path);
    const missing = placeholders.filter(({ kind, name }) => resolve(kind, name) === undefined);
    found.unresolved.push(...missing.map((p) => ({ path, ...p })));
    return { ...found, value: missing.length > 0 ? value : substitute(value, (k, n) => resolve(k, n) ?? "") };
  }
  if (Array.isArray(value)) {
    return {
      ...found,
      value: value.map((item, i) => resolvePlaceholders(item, resolve, [...path, i], found).value),
    };
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).map(([key, item]) => [
      key,
      resolvePlaceholders(item, resolve, [...path, key], found).value,
    ]);
    return { ...found, value: Object.fromEntries(entries) };
  }
  return { ...found, value };
}

/**
 * The issues of a zod issue of the resolved `document`. A value still a placeholder is checked
 * once the stack supplies it (at preview); a value that came from a secret is not shown.
 */
function fromZodIssue(
  issue: z.core.$ZodIssue,
  document: unknown,
  secretPaths: readonly ValuePath[],
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
  const secret = secretPaths.some((secretPath) => pathKey(secretPath) === pathKey(path));
  const hidden = secret && typeof value.found === "string" && value.found !== "" ? value.found : undefined;
  return [issueAt(path, hidden === undefined ? issue.message : issue.message.replaceAll(hidden, "[secret]"))];
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
