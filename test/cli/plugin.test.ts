/**
 * `pulumi-travel plugin install` from source: the exit codes for no `pulumi` on PATH and for a
 * `--dir` that is not empty. The install from the packed package, as users run it, is an e2e test
 * (test/e2e/plugin-install.test.ts), which shares the suite's one packed project.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EXIT } from "../../src/cli/exit-codes";
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
});
