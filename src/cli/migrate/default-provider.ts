/**
 * The default provider the Pulumi engine makes for a package's resources, named and recorded as the
 * engine does it (CLI 3.259, `ProviderRequest.DefaultName` and the provider's recorded inputs), so
 * that a migrated state holds the very provider the program's resources will ask for:
 *
 * - a program that names no version (Pulumi YAML as `migrate` writes it) gets `default`;
 * - a program on the Node.js SDK (`pulumi-travel/plugin`) sends its version and the schema's
 *   `pluginDownloadURL` with every resource, and gets `default_0_1_0_github_/api.github.com/...`:
 *   `default`, `_<major>_<minor>_<patch>` (then each prerelease and build part), then `_` and the URL
 *   with each character a name cannot hold made `_`. Its inputs record `version` and
 *   `__internal.pluginDownloadURL`, its outputs the `version`. Pure: no I/O.
 */
import type { Values } from "../../provider/model/values";

/** What a program's resources ask the engine for: nothing, or a version and a download URL. */
export interface DefaultProviderRequest {
  version?: string | undefined;
  pluginDownloadURL?: string | undefined;
}

/** A character a name may start with, and one it may hold (tokens.nameFirstCharRegexpPattern). */
const NAME_CHAR = /^[A-Za-z0-9_.-]$/;

/** `text` as the engine makes it a QName (`tokens.IntoQName`): per `/` segment, odd characters `_`. */
export function intoQName(text: string): string {
  const segments = text
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => [...segment].map((char) => (NAME_CHAR.test(char) ? char : "_")).join(""));
  return segments.length === 0 ? "_" : segments.join("/");
}

/** The parts of a semantic version the name spells; throws naming `version` when it is not one. */
function versionParts(version: string): string[] {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?$/.exec(version);
  if (!match) throw new Error(`"${version}" is not a semantic version`);
  const [, major = "", minor = "", patch = "", pre, build] = match;
  return [major, minor, patch, ...(pre?.split(".") ?? []), ...(build?.split(".") ?? [])].map((part) =>
    /^\d+$/.test(part) ? String(Number(part)) : part,
  );
}

/** The name of the default provider the engine makes for resources asking `request`. */
export function defaultProviderName(request: DefaultProviderRequest = {}): string {
  let name = "default";
  if (request.version !== undefined) name += `_${versionParts(request.version).join("_")}`;
  if (request.pluginDownloadURL) name += `_${intoQName(request.pluginDownloadURL)}`;
  return name;
}

/** The inputs and outputs the engine records for that provider, beside its `settings`. */
export function defaultProviderRecord(
  request: DefaultProviderRequest,
  settings: Values,
): { inputs: Values; outputs: Values } {
  const version = request.version !== undefined ? { version: request.version } : {};
  const internal = request.pluginDownloadURL
    ? { __internal: { pluginDownloadURL: request.pluginDownloadURL } }
    : {};
  return { inputs: { ...internal, ...settings, ...version }, outputs: { ...settings, ...version } };
}
