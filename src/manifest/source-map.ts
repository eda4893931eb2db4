/**
 * YAML parsing that keeps source positions: every path of the parsed value maps to the file, line
 * and column of its key and of its value, so that an error can point at the exact place.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";

/** A place in a manifest file; line and column start at 1. */
export interface SourcePosition {
  file: string;
  line: number;
  column: number;
}

/** Where a path's key and value stand. */
export interface PathPositions {
  key?: SourcePosition | undefined;
  value?: SourcePosition | undefined;
}

/** A path into the parsed value: map keys and sequence indexes. */
export type ValuePath = readonly (string | number)[];

/** One problem found in a manifest. */
export interface ManifestIssue {
  file: string;
  line: number;
  column: number;
  /** The path in the manifest, such as `offices.hq.legalEntity`. */
  path: string;
  reason: string;
}

/** The parsed value of one file with its positions, and the YAML errors it had. */
export interface ParsedSource {
  file: string;
  value: unknown;
  positions: Map<string, PathPositions>;
  issues: ManifestIssue[];
  /** Whether `value` could be read despite the issues (only duplicate keys were found). */
  readable: boolean;
}

/** The key of a path in a positions map. */
export function pathKey(path: ValuePath): string {
  return JSON.stringify(path);
}

/** Formats a path for people: `offices.hq.address.addressLines[0]`. */
export function formatPath(path: ValuePath): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? part : `.${part}`;
  }
  return out || "(document)";
}

/** Parses `text` (the content of `file`), keeping positions and collecting every YAML error. */
export function parseSource(file: string, text: string): ParsedSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const at = (offset: number): SourcePosition => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, column: col };
  };
  const positions = new Map<string, PathPositions>();
  const visit = (node: Node | null | undefined, path: (string | number)[], key?: SourcePosition): void => {
    if (!node) {
      positions.set(pathKey(path), { key, value: key });
      return;
    }
    positions.set(pathKey(path), { key, value: node.range ? at(node.range[0]) : key });
    if (isMap(node)) {
      for (const item of node.items) {
        if (!isPair(item)) continue;
        const keyNode = item.key as Node | null;
        const name = isScalar(keyNode) ? String(keyNode.value) : String(keyNode);
        const keyPosition = keyNode?.range ? at(keyNode.range[0]) : undefined;
        // A duplicate key's later value wins, as in the parsed value: forget the earlier one's places.
        const childPath = [...path, name];
        if (positions.has(pathKey(childPath))) forgetUnder(positions, childPath);
        visit(item.value as Node | null, childPath, keyPosition);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => visit(item as Node | null, [...path, index]));
    }
  };
  visit(doc.contents, []);
  const pathAtKey = (offset: number): string => {
    const where = at(offset);
    for (const [key, entry] of positions) {
      if (entry.key?.line === where.line && entry.key.column === where.column) {
        return formatPath(JSON.parse(key) as (string | number)[]);
      }
    }
    return "(document)";
  };
  const issues: ManifestIssue[] = [...doc.errors, ...doc.warnings].map((error) => ({
    ...at(error.pos[0]),
    path: error.code === "DUPLICATE_KEY" ? pathAtKey(error.pos[0]) : "(document)",
    reason: yamlReason(error.code, error.message),
  }));
  // A duplicate key leaves a readable document (the later value wins), so the rest is still
  // validated and every problem is reported in one pass; other YAML errors stop here.
  const readable = doc.errors.every((error) => error.code === "DUPLICATE_KEY");
  let value: unknown;
  try {
    value = readable ? doc.toJS({ maxAliasCount: 100 }) : undefined;
  } catch (error) {
    issues.push({ file, line: 1, column: 1, path: "(document)", reason: aliasReason(error) });
  }
  const cycle = value === undefined ? undefined : cyclePath(value);
  if (cycle) {
    const where = positions.get(pathKey(cycle))?.value ?? { file, line: 1, column: 1 };
    issues.push({
      ...where,
      path: formatPath(cycle),
      reason: "the YAML alias refers to a map that contains it (a cycle)",
    });
    return { file, value: undefined, positions, issues, readable: false };
  }
  return { file, value, positions, issues, readable: readable && value !== undefined };
}

/** The path of the first value that contains itself (a YAML alias cycle), if any. */
function cyclePath(value: unknown): (string | number)[] | undefined {
  const ancestors = new Set<unknown>();
  const walk = (node: unknown, path: (string | number)[]): (string | number)[] | undefined => {
    if (typeof node !== "object" || node === null) return undefined;
    if (ancestors.has(node)) return path;
    ancestors.add(node);
    const entries: [string | number, unknown][] = Array.isArray(node)
      ? node.map((item, index) => [index, item])
      : Object.entries(node);
    for (const [key, child] of entries) {
      const found = walk(child, [...path, key]);
      if (found) return found;
    }
    ancestors.delete(node);
    return undefined;
  };
  return walk(value, []);
}

function forgetUnder(positions: Map<string, PathPositions>, path: ValuePath): void {
  const prefix = pathKey(path).slice(0, -1);
  for (const key of [...positions.keys()]) {
    if (key === pathKey(path) || key.startsWith(`${prefix},`)) positions.delete(key);
  }
}

function yamlReason(code: string, message: string): string {
  if (code === "DUPLICATE_KEY") return "duplicate key (each key may appear once in a map)";
  return message.split("\n")[0] ?? message;
}

function aliasReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /alias|recursion|cycl/i.test(message)
    ? `the YAML aliases form a cycle or expand too far: ${message}`
    : message;
}
