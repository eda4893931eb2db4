/**
 * Stages the provider plugin `travel`: a directory holding the {@link launcherScript} and a
 * self-contained `node_modules/` with pulumi-travel and its run-time closure
 * ({@link dependencyClosure}), so the plugin keeps working whatever happens to the project's own
 * node_modules. Pulumi's plugin cache takes it as a tarball; Pulumi.yaml can name the directory.
 */
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { dependencyClosure, type PlacedPackage, readManifest } from "./dependency-closure";
import { LAUNCHER_NAME, launcherScript } from "./launcher";

/** What {@link stagePlugin} wrote. */
export interface StagedPlugin {
  /** The directory holding the launcher and node_modules/. */
  dir: string;
  /** The plugin's version: pulumi-travel's. */
  version: string;
  /** How many packages node_modules/ holds (pulumi-travel included). */
  packages: number;
  /** The size of the files written, in bytes. */
  bytes: number;
}

/** Files npm packs whatever `files` says. */
const ALWAYS_PACKED = /^(package\.json|readme|licen[cs]e)(\..*)?$/i;

/**
 * Copies the package at `source` to `dest`: only what npm would pack (`files` and the files npm
 * always packs) for pulumi-travel itself, which may be a repository checkout; the whole package
 * for the others. Never its own node_modules/: the closure places what it needs; symlinks are
 * copied as what they point to.
 */
function copyPackage(pkg: PlacedPackage, dest: string, isRoot: boolean): void {
  const files = isRoot ? readManifest(pkg.source).files : undefined;
  const nested = join(pkg.source, "node_modules");
  if (!Array.isArray(files)) {
    cpSync(pkg.source, dest, { recursive: true, dereference: true, filter: (path) => path !== nested });
    return;
  }
  mkdirSync(dest, { recursive: true });
  const top = readdirSync(pkg.source).filter((name) => ALWAYS_PACKED.test(name));
  for (const entry of [...top, ...files.filter((file): file is string => typeof file === "string")]) {
    const path = join(pkg.source, entry);
    if (existsSync(path)) cpSync(path, join(dest, entry), { recursive: true, dereference: true });
  }
}

/** The total size of the files below `dir`, in bytes. */
function sizeOf(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/**
 * Writes the plugin for the pulumi-travel package in `packageDir` into `dir` (created; it should
 * not exist or be empty): the executable {@link LAUNCHER_NAME} and node_modules/.
 */
export function stagePlugin(packageDir: string, dir: string): StagedPlugin {
  const closure = dependencyClosure(packageDir);
  const [root] = closure;
  if (root?.name !== "pulumi-travel")
    throw new Error(`${packageDir} holds ${root?.name ?? "no package"}, not pulumi-travel`);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  for (const pkg of closure) copyPackage(pkg, join(dir, pkg.path), pkg === root);
  writeFileSync(join(dir, LAUNCHER_NAME), launcherScript(root.version), { mode: 0o755 });
  return { dir, version: root.version, packages: closure.length, bytes: sizeOf(dir) };
}
