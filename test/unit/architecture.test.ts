/**
 * The import arrows of docs/architecture.md, enforced: every relative import in src/ is checked
 * against the layer rules below, and `client/` never imports `@pulumi/pulumi`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(__dirname, "../../src");

/** What a platform area of the emulator may import besides itself. */
const AREA = ["emulator/core", "emulator/identity", "emulator/context", "emulator/org", "schemas"];

/** What each layer (a folder of src/, or of src/emulator/) may import besides itself. */
const LAYERS: Record<string, readonly string[]> = {
  schemas: [],
  client: [],
  provider: ["client", "schemas"],
  resources: ["provider", "client", "schemas"],
  car: ["client", "schemas"],
  // Reads a live tenant for reconcile (and the coming export); no Pulumi, no resources.
  tenant: ["client", "schemas"],
  manifest: ["resources", "provider", "client", "schemas"],
  cli: ["car", "manifest", "tenant", "resources", "provider", "client", "schemas", "emulator"],
  // The emulator is a platform of its own: it shares the platform's schemas and nothing else.
  // Inside it every folder is a layer of its own and must be listed here; each points down only.
  "emulator/core": ["schemas"],
  "emulator/identity": ["emulator/core", "schemas"],
  // The services a platform route gets (store, clock, settings, identity).
  "emulator/context": ["emulator/core", "emulator/identity"],
  // Companies, company access and the org structure; every other area reads companies from here.
  "emulator/org": ["emulator/core", "emulator/identity", "emulator/context", "schemas"],
  "emulator/configs": AREA,
  "emulator/car": AREA,
  "emulator/rbac": AREA,
  "emulator/custom-fields": AREA,
  "emulator/keys": AREA,
  // The emulator's own operations: faults, request log, state, and extra tenants (companies).
  "emulator/admin": AREA,
};

/** Files that wire layers together and may import any of them. */
const WIRING = new Set([
  "index.ts",
  "runtime.ts",
  "resources/registry.ts",
  "emulator/index.ts",
  "emulator/app.ts",
  "emulator/emulator.ts",
  "emulator/records.ts",
  "emulator/seed.ts",
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith(".ts")
        ? [join(dir, entry.name)]
        : [],
  );
}

/**
 * The layer of a path below src/: the longest key of LAYERS it lies in, or the bare file. Below
 * emulator/ a folder or a file directly in it (context, seed, app) is a layer of its own, listed or
 * not (an unlisted one is a violation).
 */
function layerOf(path: string): string {
  const parts = path.replace(/\.ts$/, "").split("/");
  if (parts[0] === "emulator") return parts.slice(0, 2).join("/");
  for (let n = parts.length; n > 0; n--) {
    const candidate = parts.slice(0, n).join("/");
    if (candidate in LAYERS) return candidate;
  }
  return parts.join("/");
}

function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:from|import|require)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1] ?? "");
}

const violations: string[] = [];
for (const file of sourceFiles(SRC)) {
  const path = relative(SRC, file);
  const text = readFileSync(file, "utf8");
  const layer = layerOf(path);
  if (layer === "client" && /from ["']@pulumi\/pulumi/.test(text))
    violations.push(`${path} imports @pulumi/pulumi`);
  if (WIRING.has(path)) continue;
  if (layer.startsWith("emulator/") && !(layer in LAYERS))
    violations.push(
      `${path} is in ${layer}, which is not a layer of docs/architecture.md (add it to LAYERS)`,
    );
  for (const spec of importsOf(text).filter((s) => s.startsWith("."))) {
    const target = relative(SRC, resolve(dirname(file), spec));
    const targetLayer = layerOf(target);
    const sameLayer = targetLayer === layer || targetLayer.startsWith(`${layer}/`);
    if (sameLayer || (LAYERS[layer] ?? []).includes(targetLayer)) continue;
    violations.push(`${path} (${layer}) imports ${target} (${targetLayer})`);
  }
}

/** The relative imports of every file under src/emulator/, by file (type-only imports included). */
function emulatorGraph(): Map<string, string[]> {
  const files = sourceFiles(join(SRC, "emulator"));
  const known = new Set(files.map((file) => relative(SRC, file)));
  return new Map(
    files.map((file) => {
      const targets = importsOf(readFileSync(file, "utf8"))
        .filter((spec) => spec.startsWith("."))
        .map((spec) => `${relative(SRC, resolve(dirname(file), spec))}.ts`)
        .filter((target) => known.has(target));
      return [relative(SRC, file), targets];
    }),
  );
}

/** The import circles of `graph`, each as the files around it (depth-first search). */
function circlesOf(graph: Map<string, string[]>): string[][] {
  const circles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, "open");
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (state.get(target) === "open") circles.push(stack.slice(stack.indexOf(target)));
      else if (!state.has(target)) visit(target);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return circles;
}

describe("architecture", () => {
  it("every import follows the arrows of docs/architecture.md", () => {
    expect(violations).toEqual([]);
  });

  it("has no import circle in src/emulator", () => {
    expect(circlesOf(emulatorGraph())).toEqual([]);
  });

  it("checks every layer it names against real files", () => {
    const layers = new Set(sourceFiles(SRC).map((file) => layerOf(relative(SRC, file))));
    for (const layer of ["schemas", "client", "provider", "resources", "car", "cli", "emulator/core"]) {
      expect(layers).toContain(layer);
    }
  });
});
