/**
 * The packages a self-contained copy of a package needs at run time, and where each goes in that
 * copy's `node_modules/`: the closure of `dependencies`, `peerDependencies` and
 * `optionalDependencies`, each resolved the way Node resolves it from the depending package's
 * (real) directory, placed the way npm places packages (as high as it resolves to the same
 * package, nested under its dependent where another version is in the way).
 */
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { basename, dirname, join, posix } from "node:path";

/** One package of the closure and where it goes. */
export interface PlacedPackage {
  /** The package's name, from its package.json. */
  name: string;
  /** Its version, from its package.json. */
  version: string;
  /** The package's real directory (symlinks resolved). */
  source: string;
  /**
   * Where it goes, relative to the copy's root, `/`-separated: `node_modules/<name>`, or
   * `node_modules/<dependent>/node_modules/<name>` where another version is in the way.
   */
  path: string;
}

/** The fields of a package.json the walk reads. */
interface Manifest {
  name?: unknown;
  version?: unknown;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  files?: unknown;
}

/** Reads the package.json of the package directory `dir`. */
export function readManifest(dir: string): Manifest & { name: string; version: string } {
  const file = join(dir, "package.json");
  const json = JSON.parse(readFileSync(file, "utf8")) as Manifest;
  if (typeof json.name !== "string" || typeof json.version !== "string")
    throw new Error(`${file} has no name or no version`);
  return { ...json, name: json.name, version: json.version };
}

/**
 * The real directory of package `name` as Node finds it from the package in `from`: the first
 * `node_modules/<name>` holding a package.json in `from` or a directory above it (directories
 * named node_modules are not searched), or undefined.
 */
export function resolvePackageDir(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (basename(dir) !== "node_modules") {
      const candidate = join(dir, "node_modules", name);
      if (existsSync(join(candidate, "package.json"))) return realpathSync(candidate);
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The edges of a package: each dependency's name and whether a missing one is fine. Peers marked
 * optional in `peerDependenciesMeta` are left out even when installed: the package runs without
 * them (`@pulumi/pulumi` falls back to its vendored TypeScript), and the copy should not depend
 * on what else the project happens to hold.
 */
function edgesOf(manifest: Manifest): { name: string; optional: boolean }[] {
  const peers = Object.keys(manifest.peerDependencies ?? {})
    .filter((name) => manifest.peerDependenciesMeta?.[name]?.optional !== true)
    .map((name) => ({ name, optional: false }));
  const optional = Object.keys(manifest.optionalDependencies ?? {}).map((name) => ({ name, optional: true }));
  const required = Object.keys(manifest.dependencies ?? {})
    .filter((name) => !Object.hasOwn(manifest.optionalDependencies ?? {}, name))
    .map((name) => ({ name, optional: false }));
  return [...required, ...peers, ...optional];
}

/**
 * The closure of the package in `root` (any directory holding its package.json; symlinks are
 * resolved), the root first at `node_modules/<its name>`. A required dependency or a peer
 * dependency that Node would not find is an error naming both packages; a missing optional
 * dependency is left out, and so is a peer marked optional in `peerDependenciesMeta`.
 */
export function dependencyClosure(root: string): PlacedPackage[] {
  const rootManifest = readManifest(root);
  const first: PlacedPackage = {
    name: rootManifest.name,
    version: rootManifest.version,
    source: realpathSync(root),
    path: posix.join("node_modules", rootManifest.name),
  };
  /** What sits at each path of the copy: the real directory placed there. */
  const placedAt = new Map<string, string>([[first.path, first.source]]);
  const placed = [first];
  // Breadth first: a package's own dependencies are all placed before anything below them, so a
  // package nested under its dependent never shadows what a deeper package already resolved.
  for (let next = 0; next < placed.length; next++) {
    const parent = placed[next] as PlacedPackage;
    const manifest = next === 0 ? rootManifest : readManifest(parent.source);
    for (const { name, optional } of edgesOf(manifest)) {
      const source = resolvePackageDir(name, parent.source);
      if (source === undefined) {
        if (optional) continue;
        throw new Error(
          `${parent.name}@${parent.version} (${parent.source}) needs ${name}, which is not installed ` +
            `where Node would look for it; run \`npm install\` in the project, then try again`,
        );
      }
      const path = placementOf(name, source, parent.path, placedAt);
      if (placedAt.has(path)) continue;
      placedAt.set(path, source);
      const { version } = readManifest(source);
      placed.push({ name, version, source, path });
    }
  }
  return placed;
}

/**
 * Where package `name` from `source` goes for the package at `from`: the first `node_modules/<name>`
 * Node would find from `from` when it holds the same source; the top when no path on the way holds
 * a `name`; else nested under `from` (another version is in the way).
 */
function placementOf(
  name: string,
  source: string,
  from: string,
  placedAt: ReadonlyMap<string, string>,
): string {
  for (const dir of lookupDirs(from)) {
    const path = posix.join(dir, "node_modules", name);
    const there = placedAt.get(path);
    if (there === undefined) continue;
    return there === source ? path : posix.join(from, "node_modules", name);
  }
  return posix.join("node_modules", name);
}

/**
 * The directories Node searches for `node_modules/` from a package at `path` in the copy, nearest
 * first: the package's own directory, each package directory above it, and the root (`.`).
 */
function lookupDirs(path: string): string[] {
  const dirs: string[] = [];
  for (let dir = path; dir !== "."; dir = posix.dirname(dir)) {
    if (posix.basename(dir) !== "node_modules") dirs.push(dir);
  }
  return [...dirs, "."];
}
