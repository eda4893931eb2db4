/**
 * The files of the pulumi-travel package that code reads at run time (its package.json, the
 * package schema, the vendor's OpenAPI documents), named by their path in the package. From the npm
 * package or a checkout of the repository they are read from the package root on disk; in the
 * plugin's single executable (`npm run plugin:release`, docs/plugin.md) they are the assets the
 * release embedded under the same names, and nothing is read from disk.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The package's name in its `package.json`. */
const PACKAGE_NAME = "pulumi-travel";

/** The package's files code reads at run time, by path from the package root (POSIX separators). */
export const RUNTIME_PACKAGE_FILES = [
  "package.json",
  "schemas/pulumi-package.json",
  "vendor-api/vendor-company-api.openapi.json",
  "vendor-api/vendor-auth-api.openapi.json",
] as const;

/** One of {@link RUNTIME_PACKAGE_FILES}. */
export type RuntimePackageFile = (typeof RUNTIME_PACKAGE_FILES)[number];

/** `node:sea`, which Node 22 has; its `isSea()` is true only inside a single executable. */
type SeaModule = typeof import("node:sea");

let sea: SeaModule | undefined;
let root: string | undefined;

function seaModule(): SeaModule {
  return (sea ??= require("node:sea") as SeaModule);
}

/** True when this process is the plugin's single executable (the files are its assets). */
export function inSingleExecutable(): boolean {
  return seaModule().isSea();
}

/**
 * The root of the pulumi-travel package this module belongs to: the nearest directory above it
 * whose `package.json` is pulumi-travel's (from `src/` and from `dist/src/` alike). A single
 * executable has none.
 */
export function packageRoot(): string {
  if (root !== undefined) return root;
  if (inSingleExecutable())
    throw new Error("pulumi-travel: the plugin's single executable has no package directory");
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown };
      if (name === PACKAGE_NAME) return (root = dir);
    }
    if (dirname(dir) === dir)
      throw new Error(`pulumi-travel: no package.json of ${PACKAGE_NAME} above ${__dirname}`);
  }
}

/** The text (UTF-8) of the package's file `path`: an embedded asset, or the file on disk. */
export function packageFileText(path: RuntimePackageFile): string {
  if (!inSingleExecutable()) return readFileSync(join(packageRoot(), path), "utf8");
  try {
    return seaModule().getAsset(path, "utf8");
  } catch (error) {
    throw new Error(
      `pulumi-travel: the plugin's single executable has no asset ${path} (${error instanceof Error ? error.message : String(error)}); build it again with npm run plugin:release`,
      { cause: error },
    );
  }
}
