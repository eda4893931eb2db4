/** The version of the installed pulumi-travel, read from its package.json. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * The `version` of the nearest package.json named pulumi-travel at or above `dir` (by default this
 * module's folder: `src/cli` in the repository, `dist/src/cli` in the package).
 */
export function packageVersion(dir: string = __dirname): string {
  const version = versionIn(join(dir, "package.json"));
  if (version !== undefined) return version;
  const parent = dirname(dir);
  if (parent === dir) throw new Error(`no package.json of pulumi-travel above ${__dirname}`);
  return packageVersion(parent);
}

/** The version in `file` when it is pulumi-travel's package.json. */
function versionIn(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, "utf8")) as { name?: unknown; version?: unknown };
  return manifest.name === "pulumi-travel" && typeof manifest.version === "string"
    ? manifest.version
    : undefined;
}
