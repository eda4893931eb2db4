/** The package.json of the installed pulumi-travel: its version and the versions it is built with. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** What a generated project pins from pulumi-travel's package.json. */
export interface OwnPackage {
  /** pulumi-travel's version. */
  version: string;
  /** The `@pulumi/pulumi` it is built and tested with. */
  pulumiVersion: string;
  /** The TypeScript it is built with. */
  typescriptVersion: string;
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
  };
}
