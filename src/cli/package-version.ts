/** The version of the installed pulumi-travel, read from its package.json. */
import { ownPackageJson, packageText } from "./own-package";

/**
 * The `version` of the nearest package.json named pulumi-travel at or above `dir` (by default this
 * module's folder: `src/cli` in the repository, `dist/src/cli` in the package).
 */
export function packageVersion(dir: string = __dirname): string {
  const { file, json } = ownPackageJson(dir);
  return packageText(file, json.version, "version");
}
