/**
 * Checks the references between manifest entries: every reference names an existing entry of its
 * target section, and references never form a cycle.
 */
import { REFERENCES } from "./schema";
import type { ValuePath } from "./source-map";

/** A reference problem at `path`. */
export interface ReferenceProblem {
  path: ValuePath;
  reason: string;
}

type Sections = Record<string, Record<string, unknown> | undefined>;

/** Every dangling reference and every cycle of `manifest`. */
export function checkReferences(manifest: unknown): ReferenceProblem[] {
  if (typeof manifest !== "object" || manifest === null) return [];
  const sections = manifest as Sections;
  const problems: ReferenceProblem[] = [];
  const edges = new Map<string, { node: string; path: ValuePath }[]>();
  for (const { at, target } of REFERENCES) {
    for (const { path, value: ref } of valuesAt(manifest, at)) {
      if (typeof ref !== "string") continue;
      if (!(ref in (sections[target] ?? {}))) {
        const known = Object.keys(sections[target] ?? {});
        problems.push({
          path,
          reason: `refers to ${target} "${ref}", which this manifest does not declare${
            known.length > 0 ? ` (declared: ${known.slice(0, 10).join(", ")})` : ""
          }`,
        });
        continue;
      }
      const from = typeof path[1] === "string" ? `${path[0]}.${path[1]}` : String(path[0]);
      edges.set(from, [...(edges.get(from) ?? []), { node: `${target}.${ref}`, path }]);
    }
  }
  problems.push(...findCycles(edges));
  return problems;
}

/** The values at the paths matching `pattern` (`*`: any map key, `#`: any list index). */
function valuesAt(
  value: unknown,
  pattern: readonly string[],
  path: (string | number)[] = [],
): { path: ValuePath; value: unknown }[] {
  const [head, ...rest] = pattern;
  if (head === undefined) return [{ path, value }];
  if (head === "#") {
    if (!Array.isArray(value)) return [];
    return value.flatMap((item, index) => valuesAt(item, rest, [...path, index]));
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
  const entries = Object.entries(value);
  return (head === "*" ? entries : entries.filter(([key]) => key === head)).flatMap(([key, item]) =>
    valuesAt(item, rest, [...path, key]),
  );
}

function findCycles(edges: Map<string, { node: string; path: ValuePath }[]>): ReferenceProblem[] {
  const problems: ReferenceProblem[] = [];
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, "visiting");
    stack.push(node);
    for (const edge of edges.get(node) ?? []) {
      const seen = state.get(edge.node);
      if (seen === "visiting") {
        const cycle = [...stack.slice(stack.indexOf(edge.node)), edge.node];
        problems.push({ path: edge.path, reason: `references form a cycle: ${cycle.join(" -> ")}` });
      } else if (seen === undefined) visit(edge.node);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return problems;
}
