/**
 * The provider plugin `travel`: the {@link launcherScript} and a self-contained `node_modules/` with
 * pulumi-travel and its run-time closure ({@link dependencyClosure}), so the plugin keeps working
 * whatever happens to the project's own node_modules. {@link pluginContents} lists it once, and
 * each form is written from that list: {@link stagePlugin} a directory (Pulumi.yaml can name it),
 * {@link writePluginTarGz} the tarball Pulumi's plugin cache takes, read straight from the installed
 * packages with no copy on disk first.
 */
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, posix } from "node:path";
import { dependencyClosure, type PlacedPackage, readManifest } from "./dependency-closure";
import { LAUNCHER_NAME, launcherScript } from "./launcher";
import { type TarEntry, writeTarGz } from "./tar-gz";

/** One entry of the plugin: a directory, a file of an installed package, or the launcher. */
export interface PluginEntry extends TarEntry {
  /** The installed file a file entry copies (the launcher has none: it is written). */
  source?: string;
}

/** What the plugin holds, in figures. */
export interface PluginSummary {
  /** The plugin's version: pulumi-travel's. */
  version: string;
  /** How many packages node_modules/ holds (pulumi-travel included). */
  packages: number;
  /** The size of the files, in bytes. */
  bytes: number;
}

/** The plugin's contents. */
export interface PluginContents extends PluginSummary {
  /** Every directory and file below the plugin's root, each directory before what it holds. */
  entries: PluginEntry[];
}

/** What {@link stagePlugin} wrote. */
export interface StagedPlugin extends PluginSummary {
  /** The directory holding the launcher and node_modules/. */
  dir: string;
}

/** Files npm packs whatever `files` says. */
const ALWAYS_PACKED = /^(package\.json|readme|licen[cs]e)(\..*)?$/i;

/** A directory of the plugin being listed, by name. */
interface DirNode {
  mode: number;
  mtime: number;
  children: Map<string, DirNode | FileNode>;
}

/** A file of the plugin being listed. */
interface FileNode {
  mode: number;
  mtime: number;
  size: number;
  source?: string;
  content?: string;
}

const isDir = (node: DirNode | FileNode): node is DirNode => "children" in node;

/** The directory at `path` (`/`-separated) below `root`, made (mode 755) where missing. */
function dirAt(root: DirNode, path: string): DirNode {
  let node = root;
  for (const name of path.split("/").filter((part) => part !== "")) {
    let child = node.children.get(name);
    if (child === undefined) {
      child = { mode: 0o755, mtime: root.mtime, children: new Map() };
      node.children.set(name, child);
    }
    if (!isDir(child)) throw new Error(`the plugin holds both a file and a directory at ${path}`);
    node = child;
  }
  return node;
}

/**
 * Adds `source` (a file or a directory, symlinks followed) as `name` under `parent`, leaving out
 * the path `skip`: a package's own node_modules/, where the closure places what it needs.
 */
function add(parent: DirNode, name: string, source: string, skip?: string): void {
  const stat = statSync(source);
  const mode = stat.mode & 0o7777;
  const mtime = Math.floor(stat.mtimeMs / 1000);
  if (stat.isFile()) {
    parent.children.set(name, { mode, mtime, size: stat.size, source });
  } else if (stat.isDirectory()) {
    const dir = dirAt(parent, name);
    Object.assign(dir, { mode, mtime });
    for (const child of readdirSync(source)) {
      const path = join(source, child);
      if (path !== skip) add(dir, child, path);
    }
  } else {
    throw new Error(`cannot package ${source}: only directories and regular files are supported`);
  }
}

/**
 * Adds package `pkg` at its place: only what npm would pack (`files`, less its `!` exclusions, and
 * the files npm always packs) for pulumi-travel itself, which may be a repository checkout; the
 * whole package for the others. Never its own node_modules/.
 */
function addPackage(root: DirNode, pkg: PlacedPackage, isRoot: boolean): void {
  const files = isRoot ? readManifest(pkg.source).files : undefined;
  const parts = pkg.path.split("/");
  const parent = dirAt(root, parts.slice(0, -1).join("/"));
  const name = parts.at(-1) ?? pkg.path;
  if (!Array.isArray(files)) {
    add(parent, name, pkg.source, join(pkg.source, "node_modules"));
    return;
  }
  const dir = dirAt(parent, name);
  dir.mode = statSync(pkg.source).mode & 0o7777;
  const top = readdirSync(pkg.source).filter((entry) => ALWAYS_PACKED.test(entry));
  const entries = files.filter((file): file is string => typeof file === "string");
  const relative = (entry: string) => posix.normalize(entry).replace(/\/+$/, "");
  for (const entry of [...top, ...entries.filter((file) => !file.startsWith("!"))]) {
    const normalized = relative(entry);
    const at = normalized.split("/");
    const path = join(pkg.source, normalized);
    if (existsSync(path)) add(dirAt(dir, at.slice(0, -1).join("/")), at.at(-1) ?? normalized, path);
  }
  for (const entry of entries.filter((file) => file.startsWith("!"))) removeAt(dir, relative(entry.slice(1)));
}

/** Removes the entry at `path` below `root` (a file or a whole directory), when there is one. */
function removeAt(root: DirNode, path: string): void {
  const at = path.split("/");
  let node: DirNode | FileNode | undefined = root;
  for (const name of at.slice(0, -1)) node = node && isDir(node) ? node.children.get(name) : undefined;
  if (node && isDir(node)) node.children.delete(at.at(-1) ?? path);
}

/** The entries below `node`, `prefix` naming it: each directory, then what it holds, by name. */
function* entriesOf(node: DirNode, prefix: string): Generator<PluginEntry> {
  for (const name of [...node.children.keys()].sort()) {
    const child = node.children.get(name) as DirNode | FileNode;
    const path = prefix === "" ? name : `${prefix}/${name}`;
    if (isDir(child)) {
      yield { path, kind: "dir", mode: child.mode, mtime: child.mtime };
      yield* entriesOf(child, path);
    } else {
      const { source, content } = child;
      const read = () => (source === undefined ? Buffer.from(content ?? "") : readFileSync(source));
      yield { path, kind: "file", mode: child.mode, mtime: child.mtime, read, ...(source && { source }) };
    }
  }
}

/** The total size of the files below `node`, in bytes. */
function sizeOf(node: DirNode): number {
  let total = 0;
  for (const child of node.children.values()) total += isDir(child) ? sizeOf(child) : child.size;
  return total;
}

/** The contents of the plugin for the pulumi-travel package in `packageDir`. */
export function pluginContents(packageDir: string): PluginContents {
  const closure = dependencyClosure(packageDir);
  const [root] = closure;
  if (root?.name !== "pulumi-travel")
    throw new Error(`${packageDir} holds ${root?.name ?? "no package"}, not pulumi-travel`);
  const now = Math.floor(Date.now() / 1000);
  const top: DirNode = { mode: 0o755, mtime: now, children: new Map() };
  for (const pkg of closure) addPackage(top, pkg, pkg === root);
  const launcher = launcherScript(root.version);
  top.children.set(LAUNCHER_NAME, {
    mode: 0o755,
    mtime: now,
    size: Buffer.byteLength(launcher),
    content: launcher,
  });
  return {
    version: root.version,
    packages: closure.length,
    bytes: sizeOf(top),
    entries: [...entriesOf(top, "")],
  };
}

/**
 * Writes the plugin for the pulumi-travel package in `packageDir` into `dir` (created; it should
 * not exist or be empty): the executable {@link LAUNCHER_NAME} and node_modules/.
 */
export function stagePlugin(packageDir: string, dir: string): StagedPlugin {
  const { entries, ...contents } = pluginContents(packageDir);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  for (const entry of entries) {
    const path = join(dir, entry.path);
    if (entry.kind === "dir") mkdirSync(path);
    else if (entry.source !== undefined) copyFileSync(entry.source, path);
    else writeFileSync(path, entry.read?.() ?? "");
    if (entry.kind === "file") chmodSync(path, entry.mode);
  }
  // Directories take their modes last, deepest first: one without write permission still took its files.
  for (const entry of entries.filter(({ kind }) => kind === "dir").reverse())
    chmodSync(join(dir, entry.path), entry.mode);
  return { ...contents, dir };
}

/**
 * Writes the plugin for the pulumi-travel package in `packageDir` as a gzipped tarball to `file`,
 * each file read from its installed package; returns what it holds.
 */
export async function writePluginTarGz(packageDir: string, file: string): Promise<PluginSummary> {
  const { entries, ...contents } = pluginContents(packageDir);
  await writeTarGz(entries, file);
  return contents;
}
