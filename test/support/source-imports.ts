/** The TypeScript files under a folder and the relative imports each one makes, read as text. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** Every `.ts` file under `dir`, recursively. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith(".ts")
        ? [join(dir, entry.name)]
        : [],
  );
}

/**
 * The module specifiers of `text`: `import ... from`, `export ... from`, `import "x"`, `import("x")`
 * and `require("x")`, type-only imports included.
 */
export function importsOf(text: string): string[] {
  return importsWithKindOf(text).map(({ spec }) => spec);
}

/** The module specifiers of `text` as {@link importsOf} finds them, each with whether it loads nothing (`import type`, `export type`). */
export function importsWithKindOf(text: string): { spec: string; typeOnly: boolean }[] {
  return [
    ...text.matchAll(
      /(^\s*(?:import|export)\s+type\b[^;]*?)?(?:from|import|require)\s*\(?\s*["']([^"']+)["']/gm,
    ),
  ].map((m) => ({ spec: m[2] ?? "", typeOnly: m[1] !== undefined }));
}

/** The file a relative specifier of `file` names (`./x` is `x.ts` or `x/index.ts`), or undefined. */
export function resolveRelative(file: string, spec: string): string | undefined {
  const base = resolve(dirname(file), spec);
  return [`${base}.ts`, join(base, "index.ts"), base].find(
    (path) => path.endsWith(".ts") && existsSync(path),
  );
}

/** The files each file under `dir` imports by a relative path, as absolute paths. */
export function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(dir)) {
    const targets = importsOf(readFileSync(file, "utf8"))
      .filter((spec) => spec.startsWith("."))
      .map((spec) => resolveRelative(file, spec))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}
