/** The package.json of the installed pulumi-travel: its version and the versions it is built with. */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/** What a generated project pins from pulumi-travel's package.json. */
export interface OwnPackage {
  /** pulumi-travel's version. */
  version: string;
  /** The `@pulumi/pulumi` it is built and tested with. */
  pulumiVersion: string;
  /** The TypeScript it is built with. */
  typescriptVersion: string;
  /** What a project's package.json names to install this copy ({@link ownInstallSpec}). */
  installSpec: string;
}

/** The fields of a package.json read here. */
interface PackageJson {
  name?: unknown;
  version?: unknown;
  devDependencies?: Record<string, unknown>;
}

/**
 * The nearest package.json named pulumi-travel at or above `dir` (by default this module's folder:
 * `src/cli` in the repository, `dist/src/cli` in the package), and its path.
 */
export function ownPackageJson(dir: string = __dirname): { file: string; json: PackageJson } {
  const file = join(dir, "package.json");
  const json = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as PackageJson) : undefined;
  if (json?.name === "pulumi-travel") return { file, json };
  if (dirname(dir) === dir) throw new Error(`no package.json of pulumi-travel above ${__dirname}`);
  return ownPackageJson(dirname(dir));
}

/** The text at `value` of pulumi-travel's package.json `file`; throws naming `what` when missing. */
export function packageText(file: string, value: unknown, what: string): string {
  if (typeof value !== "string") throw new Error(`pulumi-travel's package.json (${file}) has no ${what}`);
  return value;
}

/** The versions a generated project pins, from pulumi-travel's package.json (see {@link ownPackageJson}). */
export function ownPackage(dir?: string): OwnPackage {
  const { file, json } = ownPackageJson(dir);
  return {
    version: packageText(file, json.version, "version"),
    pulumiVersion: packageText(
      file,
      json.devDependencies?.["@pulumi/pulumi"],
      "devDependency @pulumi/pulumi",
    ),
    typescriptVersion: packageText(file, json.devDependencies?.typescript, "devDependency typescript"),
    installSpec: ownInstallSpec(dir),
  };
}

/** The lockfile npm keeps of what it installed in a project (`node_modules/.package-lock.json`). */
interface HiddenLockfile {
  packages?: Record<string, { resolved?: unknown }>;
}

/**
 * What a generated project's package.json names to get this copy of pulumi-travel, so that its
 * `npm install` works: the tarball or folder this copy was installed from (`file:` with an
 * absolute path), the repository checkout it runs from, or the published version range when it
 * came from a registry.
 */
export function ownInstallSpec(dir?: string): string {
  const { file, json } = ownPackageJson(dir);
  const packageDir = dirname(file);
  const version = packageText(file, json.version, "version");
  // Not installed as a dependency: a checkout of the repository, which npm installs as a folder.
  if (basename(dirname(packageDir)) !== "node_modules") return `file:${packageDir}`;
  const projectDir = dirname(dirname(packageDir));
  const lockfile = join(projectDir, "node_modules", ".package-lock.json");
  const lock = existsSync(lockfile) ? (JSON.parse(readFileSync(lockfile, "utf8")) as HiddenLockfile) : {};
  const resolved = lock.packages?.[`node_modules/${basename(packageDir)}`]?.resolved;
  if (typeof resolved === "string" && resolved.startsWith("file:"))
    return `file:${resolve(projectDir, resolved.slice("file:".length))}`;
  return `^${version}`;
}
