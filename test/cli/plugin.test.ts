/**
 * `pulumi-travel plugin install` from source: the exit codes for no `pulumi` on PATH, for a
 * `--dir` that is not empty, and for a `--file` that is not a release tarball of this platform or
 * that its checksums file disowns (nothing is installed: `pulumi` is never reached). The install from the packed package, as users run it, is an e2e test
 * (test/e2e/plugin-install.test.ts), which shares the suite's one packed project.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EXIT } from "../../src/cli/exit-codes";
import { pluginPlatform } from "../../src/cli/plugin/pulumi-plugins";
import { releaseChecksumsName, releaseTarballName, sha256File } from "../../src/cli/plugin/release-tarball";
import { CLI, runNode } from "./harness";

describe("pulumi-travel plugin install, from source", () => {
  it("exits with the missing-tool code when no pulumi is on PATH, saying what to do", async () => {
    // runNode starts process.execPath itself: PATH only decides where the command looks for pulumi.
    const empty = mkdtempSync(join(tmpdir(), "pulumi-travel-empty-path-"));
    const { code, stderr } = await runNode(CLI, ["plugin", "install"], { PATH: empty });
    rmSync(empty, { recursive: true, force: true });
    expect(code).toBe(EXIT.missingTool);
    expect(stderr).toContain("pulumi-travel: no `pulumi` on PATH: install the Pulumi CLI");
    expect(stderr).toContain("--dir <path>");
  });

  it("refuses a --dir that is not empty without --reinstall", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pulumi-travel-plugin-dir-"));
    mkdirSync(join(dir, "something"));
    const { code, stderr } = await runNode(CLI, ["plugin", "install", "--dir", dir], {});
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(EXIT.usage);
    expect(stderr).toContain(`--dir ${dir} is not empty; pass --reinstall to replace its contents`);
  });

  describe("--file", () => {
    /** A directory holding `name` (some bytes), and optionally a checksums file; the file's path. */
    function release(name: string, checksums?: (file: string) => string): string {
      const dir = mkdtempSync(join(tmpdir(), "pulumi-travel-release-"));
      const file = join(dir, name);
      writeFileSync(file, "not really a tarball");
      if (checksums) writeFileSync(join(dir, releaseChecksumsName("0.1.0")), checksums(file));
      return file;
    }
    /** `plugin install --file file ...args` with no pulumi on PATH; the file's folder removed after. */
    async function install(file: string, ...args: string[]) {
      const empty = mkdtempSync(join(tmpdir(), "pulumi-travel-empty-path-"));
      try {
        return await runNode(CLI, ["plugin", "install", "--file", file, ...args], { PATH: empty });
      } finally {
        rmSync(empty, { recursive: true, force: true });
        rmSync(join(file, ".."), { recursive: true, force: true });
      }
    }

    it("refuses a file whose name is not a release tarball's, saying the name it needs", async () => {
      const { code, stderr } = await install(release("travel.tar.gz"));
      expect(code).toBe(EXIT.usage);
      expect(stderr).toContain(
        "not a release tarball of plugin travel; its name must be pulumi-resource-travel-v<version>-<os>-<arch>.tar.gz",
      );
    });

    it("refuses a tarball of another platform", async () => {
      const other = pluginPlatform() === "linux-amd64" ? "darwin-arm64" : "linux-amd64";
      const { code, stderr } = await install(release(releaseTarballName("0.1.0", other)));
      expect(code).toBe(EXIT.usage);
      expect(stderr).toContain(`the tarball is for ${other}, and this machine is ${pluginPlatform()}`);
    });

    it("refuses a tarball its checksums file disowns, or does not name", async () => {
      const name = releaseTarballName("0.1.0");
      const wrong = await install(release(name, () => `${"0".repeat(64)}  ${name}\n`));
      expect(wrong.code).toBe(EXIT.invalid);
      expect(wrong.stderr).toMatch(
        new RegExp(`it says sha256 0{64}, the file's is [0-9a-f]{64}; nothing was installed`),
      );
      const unnamed = await install(release(name, (file) => `${sha256File(file)}  other.tar.gz\n`));
      expect(unnamed.code).toBe(EXIT.invalid);
      expect(unnamed.stderr).toContain(`it has no line for ${name}`);
    });

    it("checks the checksum before looking for pulumi", async () => {
      const name = releaseTarballName("0.1.0");
      const { code, stderr } = await install(release(name, (file) => `${sha256File(file)}  ${name}\n`));
      expect(code).toBe(EXIT.missingTool);
      expect(stderr).toContain("no `pulumi` on PATH");
    });

    it("does not go with --dir", async () => {
      const { code, stderr } = await install(release(releaseTarballName("0.1.0")), "--dir", tmpdir());
      expect(code).toBe(EXIT.usage);
      expect(stderr).toContain("--file and --dir do not go together");
    });
  });
});
