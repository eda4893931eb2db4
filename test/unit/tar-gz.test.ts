/**
 * The plugin tarball writer, read back by the system's `tar`: contents, permission bits, empty
 * directories and a path longer than ustar's 100 bytes (a pax header).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type TarEntry, writeTarGz } from "../../src/cli/plugin/tar-gz";

describe("writeTarGz", () => {
  const work = mkdtempSync(join(tmpdir(), "pulumi-travel-tar-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("writes an archive tar extracts to the same files, modes and long paths", async () => {
    const deep = "node_modules/@scope/a-package-with-a-long-name/node_modules/nested/dist";
    const long = `${deep}/a-file-whose-path-is-well-over-one-hundred-bytes-long.js`;
    expect(long.length).toBeGreaterThan(100);
    const mtime = Math.floor(Date.now() / 1000);
    const dir = (path: string): TarEntry => ({ path, kind: "dir", mode: 0o755, mtime });
    const file = (path: string, content: Buffer, mode = 0o644): TarEntry => ({
      path,
      kind: "file",
      mode,
      mtime,
      read: () => content,
    });
    const parents = deep.split("/").map((_, i, parts) => dir(parts.slice(0, i + 1).join("/")));
    const entries = [
      file("big.bin", Buffer.alloc(3 << 20, 7)),
      dir("empty"),
      file("launcher", Buffer.from("#!/bin/sh\necho hi\n"), 0o755),
      ...parents,
      file(long, Buffer.from("module.exports = 1;\n")),
    ];

    const archive = join(work, "out.tar.gz");
    await writeTarGz(entries, archive);
    const out = join(work, "out");
    mkdirSync(out);
    execFileSync("tar", ["-xzf", archive, "-C", out]);

    expect(readFileSync(join(out, long), "utf8")).toBe("module.exports = 1;\n");
    expect(statSync(join(out, "launcher")).mode & 0o777).toBe(0o755);
    expect(readFileSync(join(out, "big.bin")).equals(Buffer.alloc(3 << 20, 7))).toBe(true);
    expect(statSync(join(out, "empty")).isDirectory()).toBe(true);
    const listed = execFileSync("tar", ["-tzf", archive], { encoding: "utf8" }).trim().split("\n");
    expect(listed).toEqual(entries.map(({ path, kind }) => (kind === "dir" ? `${path}/` : path)));
  });
});
