/**
 * The package schema the plugin host answers `GetSchema` with: `schemas/pulumi-package.json`,
 * generated from the registry (`npm run provider-schema`) and shipped in the npm package. It is
 * found from the package root, the nearest directory above this module whose `package.json` is
 * `pulumi-travel`'s, which holds from `src/` and from `dist/src/` alike.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The package's name in its `package.json`. */
const PACKAGE_NAME = "pulumi-travel";

/** The schema's path under the package root. */
const SCHEMA_PATH = join("schemas", "pulumi-package.json");

/** The root of the `pulumi-travel` package this module belongs to. */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown };
      if (name === PACKAGE_NAME) return dir;
    }
    if (dirname(dir) === dir) throw new Error(`no package.json of ${PACKAGE_NAME} above ${from}`);
  }
}

/** The package schema's JSON text, as shipped. */
export function readPackageSchema(): string {
  return readFileSync(join(packageRoot(__dirname), SCHEMA_PATH), "utf8");
}
