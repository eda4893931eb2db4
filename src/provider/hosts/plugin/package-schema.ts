/**
 * The package schema the plugin host answers `GetSchema` with: `schemas/pulumi-package.json`,
 * generated from the registry (`npm run provider-schema`) and shipped in the npm package (and
 * embedded in the plugin's single executable: `package-files/`).
 */
import { packageFileText } from "../../../package-files/package-file";

/** The package schema's JSON text, as shipped. */
export function readPackageSchema(): string {
  return packageFileText("schemas/pulumi-package.json");
}
