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

type Sections = Record<string, Record<string, Record<string, unknown>> | undefined>;

/** Every dangling reference and every cycle of `manifest`. */
export function checkReferences(manifest: unknown): ReferenceProblem[] {
  if (typeof manifest !== "object" || manifest === null) return [];
  const sections = manifest as Sections;
  const problems: ReferenceProblem[] = [];
  const edges = new Map<string, { node: string; path: ValuePath }[]>();
  for (const { section, field, target } of REFERENCES) {
    for (const [key, entry] of Object.entries(sections[section] ?? {})) {
      const ref = entry?.[field];
      if (typeof ref !== "string") continue;
      const path = [section, key, field];
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
      const from = `${section}.${key}`;
      edges.set(from, [...(edges.get(from) ?? []), { node: `${target}.${ref}`, path }]);
    }
  }
  problems.push(...findCycles(edges));
  return problems;
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
