/**
 * The plugin tarball writer, read back by the system's `tar`: contents, permission bits, empty
 * directories and a path longer than ustar's 100 bytes (a pax header); a symlink is refused.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeTarGz } from "../../src/cli/plugin/tar-gz";

describe("writeTarGz", () => {
  const work = mkdtempSync(join(tmpdir(), "pulumi-travel-tar-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("writes an archive tar extracts to the same files, modes and long paths", async () => {
    const src = join(work, "src");
    const deep = join(
      src,
      "node_modules",
      "@scope",
      "a-package-with-a-long-name",
      "node_modules",
      "nested",
      "dist",
    );
    mkdirSync(deep, { recursive: true });
    mkdirSync(join(src, "empty"));
    const long = join(deep, "a-file-whose-path-is-well-over-one-hundred-bytes-long.js");
    writeFileSync(long, "module.exports = 1;\n");
    writeFileSync(join(src, "launcher"), "#!/bin/sh\necho hi\n", { mode: 0o755 });
    writeFileSync(join(src, "big.bin"), Buffer.alloc(3 << 20, 7));
    expect(long.length - src.length).toBeGreaterThan(100);

    const file = join(work, "out.tar.gz");
    await writeTarGz(src, file);
    const out = join(work, "out");
    mkdirSync(out);
    execFileSync("tar", ["-xzf", file, "-C", out]);

    const relative = long.slice(src.length);
    expect(readFileSync(join(out, relative), "utf8")).toBe("module.exports = 1;\n");
    expect(statSync(join(out, "launcher")).mode & 0o777).toBe(0o755);
    expect(readFileSync(join(out, "big.bin")).equals(Buffer.alloc(3 << 20, 7))).toBe(true);
    expect(statSync(join(out, "empty")).isDirectory()).toBe(true);
  });

  it("refuses a symlink, naming it", async () => {
    const src = join(work, "with-link");
    mkdirSync(src);
    symlinkSync("elsewhere", join(src, "link"));
    await expect(writeTarGz(src, join(work, "link.tar.gz"))).rejects.toThrow(
      `cannot archive ${join(src, "link")}: only directories and regular files are supported`,
    );
  });
});
