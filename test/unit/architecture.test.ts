/**
 * The import arrows of docs/architecture.md, enforced: every relative import in src/ is checked
 * against the layer rules below, and neither `client/` nor `tenant/` imports `@pulumi/pulumi`.
 */
import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { importsWithKindOf, sourceFiles } from "../support/source-imports";

const SRC = resolve(__dirname, "../../src");

/** What a platform area of the emulator may import besides itself. */
const AREA = ["emulator/core", "emulator/identity", "emulator/context", "emulator/org", "schemas"];

/** What the provider's operations may import: the layers below them. */
const BELOW_OPERATIONS = [
  "provider/model",
  "provider/planning",
  "provider/create",
  "contract",
  "client",
  "schemas",
];

/** What each host of the provider may import: the operations and everything below them. */
const BELOW_HOSTS = ["provider/operations", ...BELOW_OPERATIONS];

/** Where the package's own files come from at run time: disk, or the single executable's assets. */
const PACKAGE_FILES = "package-files";

/** Writing a file that survives a crash: the emulator's state file, the provider's journal. */
const DURABLE_FILE = "durable-file";

/** What each layer (a folder of src/, or of src/emulator/) may import besides itself. */
const LAYERS: Record<string, readonly string[]> = {
  schemas: [],
  client: [],
  [PACKAGE_FILES]: [],
  [DURABLE_FILE]: [],
  // The vendor's documents as checks; the referee of both the emulator and the provider.
  contract: [PACKAGE_FILES],
  // The provider, by where code runs: below the two hosts nothing knows which host serves it.
  // What a definition declares.
  "provider/model": ["contract", "client", "schemas"],
  // check, diff, preflight and the vendor check: what a plan needs.
  "provider/planning": ["provider/model", "contract", "client", "schemas"],
  // The create path: safe create and recovery.
  "provider/create": ["provider/model", "contract", "client", "schemas"],
  // One type's provider and the runtime (configuration, clients, credentials) both hosts serve.
  "provider/operations": [...BELOW_OPERATIONS, DURABLE_FILE],
  // The two hosts; neither imports the other.
  "provider/hosts/dynamic": BELOW_HOSTS,
  "provider/hosts/plugin": [...BELOW_HOSTS, PACKAGE_FILES],
  // The resource kit: what a definition takes from the provider, from below the hosts.
  "provider/kit": ["provider/model", "provider/planning", "provider/create", "provider/operations", "client"],
  // Definitions know no host: they reach the provider through its kit only.
  resources: ["provider/kit", "contract", "client", "schemas"],
  // The dynamic host's Resource classes, one per definition of the registry.
  dynamic: ["resources", "provider/hosts/dynamic"],
  car: ["client", "schemas"],
  // Reads a live tenant for reconcile and export by walking the registry it is handed; it names
  // the registry's types (see TYPE_ONLY) but loads no resource and no Pulumi.
  tenant: ["contract", "client", "schemas"],
  // Finds platform objects by name or key for programs, through the provider's configuration.
  lookups: ["resources", "provider", "client", "schemas"],
  manifest: ["lookups", "dynamic", "resources", "provider", "contract", "client", "schemas"],
  // A fleet of tenant manifests on disk: layout, CI matrix, validation, drift reports.
  fleet: ["manifest", "client"],
  // The CrossGuard policy pack: reads programs' resources through the registry's types and schemas.
  policy: ["resources", "provider/model", "provider/hosts/dynamic", "schemas"],
  cli: [
    "car",
    "manifest",
    "fleet",
    "lookups",
    "tenant",
    "resources",
    "provider",
    "contract",
    "client",
    "schemas",
    "emulator",
  ],
  // The emulator is a platform of its own: it shares the platform's schemas and contract, nothing else.
  // Inside it every folder is a layer of its own and must be listed here; each points down only.
  "emulator/core": ["contract", "schemas", DURABLE_FILE],
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

/** Layers a layer may import types from (`import type`), which load nothing at run time. */
const TYPE_ONLY: Record<string, readonly string[]> = {
  tenant: ["provider", "resources"],
};

/** Layers whose own files never import `@pulumi/pulumi`. */
const NO_PULUMI = new Set(["client", "tenant", "fleet"]);

/** Files that wire layers together and may import any of them. */
const WIRING = new Set([
  "index.ts",
  "runtime.ts",
  "plugin.ts",
  "delete-warnings.ts",
  "resources/registry.ts",
  "emulator/index.ts",
  "emulator/app.ts",
  "emulator/emulator.ts",
  "emulator/records.ts",
  "emulator/seed.ts",
]);

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

const violations: string[] = [];
for (const file of sourceFiles(SRC)) {
  const path = relative(SRC, file);
  const text = readFileSync(file, "utf8");
  const layer = layerOf(path);
  if (NO_PULUMI.has(layer) && /from ["']@pulumi\/pulumi/.test(text))
    violations.push(`${path} imports @pulumi/pulumi`);
  if (WIRING.has(path)) continue;
  if (layer.startsWith("emulator/") && !(layer in LAYERS))
    violations.push(
      `${path} is in ${layer}, which is not a layer of docs/architecture.md (add it to LAYERS)`,
    );
  for (const { spec, typeOnly } of importsWithKindOf(text).filter((s) => s.spec.startsWith("."))) {
    const target = relative(SRC, resolve(dirname(file), spec));
    const targetLayer = layerOf(target);
    const sameLayer = targetLayer === layer || targetLayer.startsWith(`${layer}/`);
    const within = (layers: readonly string[]) =>
      layers.some((allowed) => targetLayer === allowed || targetLayer.startsWith(`${allowed}/`));
    if (sameLayer || within(LAYERS[layer] ?? [])) continue;
    if (typeOnly && within(TYPE_ONLY[layer] ?? [])) continue;
    violations.push(`${path} (${layer}) imports ${target} (${targetLayer})`);
  }
}

describe("architecture", () => {
  it("every import follows the arrows of docs/architecture.md", () => {
    expect(violations).toEqual([]);
  });

  it("checks every layer it names against real files", () => {
    const layers = new Set(sourceFiles(SRC).map((file) => layerOf(relative(SRC, file))));
    for (const layer of [
      "schemas",
      "client",
      "contract",
      PACKAGE_FILES,
      DURABLE_FILE,
      "provider/model",
      "provider/planning",
      "provider/create",
      "provider/operations",
      "provider/hosts/dynamic",
      "resources",
      "car",
      "lookups",
      "policy",
      "cli",
      "emulator/core",
    ]) {
      expect(layers).toContain(layer);
    }
  });
});
