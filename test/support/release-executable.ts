/** The one file of a plugin release tarball (`npm run plugin:release`): the single executable. */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

/** The tarball's first entry: its name, mode and content (a ustar header, then the bytes). */
export function releaseExecutable(tarball: string): { name: string; mode: number; content: Buffer } {
  const tar = gunzipSync(readFileSync(tarball));
  const field = (offset: number, length: number) =>
    tar
      .subarray(offset, offset + length)
      .toString("utf8")
      .replace(/\0.*$/s, "")
      .trim();
  const size = parseInt(field(124, 12), 8);
  return { name: field(0, 100), mode: parseInt(field(100, 8), 8), content: tar.subarray(512, 512 + size) };
}
