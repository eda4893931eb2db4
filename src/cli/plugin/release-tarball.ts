/**
 * The files of a plugin release (`npm run plugin:release`, docs/plugin.md): the tarball
 * `pulumi-resource-travel-v<version>-<os>-<arch>.tar.gz`, named as the Pulumi engine asks a
 * `pluginDownloadURL` for it, and `pulumi-resource-travel-v<version>-checksums.txt` beside it, one
 * `<sha256>  <file name>` line per tarball (`sha256sum` format).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { pluginPlatform } from "./pulumi-plugins";

/** The plugin's executable, and the prefix of its release files. */
export const PLUGIN_EXECUTABLE = "pulumi-resource-travel";

/** `pulumi-resource-travel-v<semver>-<os>-<arch>.tar.gz`. */
const TARBALL_NAME =
  /^pulumi-resource-travel-v(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?)-([a-z0-9]+-[a-z0-9]+)\.tar\.gz$/;

/** The release tarball's file name for `version` on `platform` (default: this machine's). */
export function releaseTarballName(version: string, platform: string = pluginPlatform()): string {
  return `${PLUGIN_EXECUTABLE}-v${version}-${platform}.tar.gz`;
}

/** The release's checksums file name for `version`. */
export function releaseChecksumsName(version: string): string {
  return `${PLUGIN_EXECUTABLE}-v${version}-checksums.txt`;
}

/** The version and platform a release tarball's name says, or undefined for another name. */
export function parseReleaseTarballName(name: string): { version: string; platform: string } | undefined {
  const match = TARBALL_NAME.exec(name);
  return match?.[1] === undefined || match[2] === undefined
    ? undefined
    : { version: match[1], platform: match[2] };
}

/** The sha256 of `file`, in hex. */
export function sha256File(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

/** The sha256sum line of `tarball`: `<sha256>  <file name>`, with its newline. */
export function checksumsLine(tarball: string): string {
  return `${sha256File(tarball)}  ${basename(tarball)}\n`;
}

/** What {@link checkReleaseChecksum} found. */
export type ChecksumCheck =
  | { kind: "verified"; checksums: string }
  | { kind: "absent"; checksums: string }
  | { kind: "mismatch"; checksums: string; reason: string };

/**
 * Checks `tarball` (of `version`) against the release's checksums file beside it, when there is
 * one: its line for the tarball must name the tarball's sha256.
 */
export function checkReleaseChecksum(tarball: string, version: string): ChecksumCheck {
  const checksums = join(dirname(tarball), releaseChecksumsName(version));
  if (!existsSync(checksums)) return { kind: "absent", checksums };
  const name = basename(tarball);
  const line = readFileSync(checksums, "utf8")
    .split("\n")
    .map((text) => /^([0-9a-f]{64}) [ *](.+)$/.exec(text.trim()))
    .find((match) => match?.[2] === name);
  if (!line) return { kind: "mismatch", checksums, reason: `it has no line for ${name}` };
  const actual = sha256File(tarball);
  return line[1] === actual
    ? { kind: "verified", checksums }
    : { kind: "mismatch", checksums, reason: `it says sha256 ${line[1]}, the file's is ${actual}` };
}
