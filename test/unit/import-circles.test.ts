/**
 * No import circle in src/: a file never reaches itself through relative imports, type-only ones
 * included (they are the same coupling, and tsc's emit keeps some of them).
 */
import { relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { importGraph } from "../support/source-imports";

const SRC = resolve(__dirname, "../../src");

/** The strongly connected groups of more than one file (or a file that imports itself), Tarjan's way. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("import circles", () => {
  it("src/ has none", () => {
    const groups = circles(importGraph(SRC)).map((group) =>
      group.map((file) => relative(SRC, file)).join(" <-> "),
    );
    expect(groups).toEqual([]);
  });

  it("finds a circle, a self-import and a longer ring, and nothing in a chain", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["a", "c"]],
      ["c", ["d"]],
      ["d", []],
      ["self", ["self"]],
      ["x", ["y"]],
      ["y", ["z"]],
      ["z", ["x"]],
    ]);
    expect(circles(graph)).toEqual([["a", "b"], ["self"], ["x", "y", "z"]]);
  });
});
