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

interface PackageJson {
  name?: unknown;
  version?: unknown;
  devDependencies?: Record<string, unknown>;
}

/**
 * Reads the nearest package.json named pulumi-travel at or above `dir` (by default this module's
 * folder: `src/cli` in the repository, `dist/src/cli` in the package).
 */
export function ownPackage(dir: string = __dirname): OwnPackage {
  const file = join(dir, "package.json");
  const found = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as PackageJson) : undefined;
  if (found?.name !== "pulumi-travel") {
    if (dirname(dir) === dir) throw new Error(`no package.json of pulumi-travel above ${__dirname}`);
    return ownPackage(dirname(dir));
  }
  const text = (value: unknown, what: string): string => {
    if (typeof value !== "string") throw new Error(`pulumi-travel's package.json (${file}) has no ${what}`);
    return value;
  };
  return {
    version: text(found.version, "version"),
    pulumiVersion: text(found.devDependencies?.["@pulumi/pulumi"], "devDependency @pulumi/pulumi"),
    typescriptVersion: text(found.devDependencies?.typescript, "devDependency typescript"),
  };
}
