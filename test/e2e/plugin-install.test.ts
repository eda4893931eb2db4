/**
 * `pulumi-travel plugin install` as users run it: in the project that installed the packed package
 * (the suite's packed project, test/e2e/global-setup.ts), it puts plugin `travel` into a temporary
 * Pulumi plugin cache (PULUMI_HOME); the installed launcher refuses an old `node` on PATH and, with
 * a good one, serves (prints its port).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { InstalledPlugin } from "../../src/cli/plugin/pulumi-plugins";
import { type Finished, ROOT, runProgram } from "../cli/harness";
import { e2eSkipReason } from "./harness";

const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
/** A `node` that says it is Node 20, however it is asked. */
const OLD_NODE = `#!/bin/sh
case "$*" in
  --version | -v) echo v20.0.0 ;;
  *process.versions.node*) echo 20.0.0 ;;
  *) echo "fake node v20.0.0 cannot run $*" >&2; exit 1 ;;
esac
`;

/** The first line `program` writes to stdout within `ms`, then the process is killed. */
function firstLine(program: string, env: NodeJS.ProcessEnv, ms: number): Promise<string> {
  const child = spawn(program, [], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no line on stdout within ${ms} ms; stderr: ${stderr}`)),
      ms,
    );
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (stdout.includes("\n")) {
        clearTimeout(timer);
        resolve(stdout.slice(0, stdout.indexOf("\n")));
      }
    });
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before writing a line; stderr: ${stderr}`));
    });
  }).finally(() => child.kill());
}

describe.skipIf(e2eSkipReason() !== "")("pulumi-travel plugin install, from the packed package", () => {
  let project: string;
  let home: string;
  let install: Finished;
  /** The environment of `pulumi` and the bin: the temporary plugin cache. */
  const env = () => ({ PULUMI_HOME: home, PULUMI_SKIP_UPDATE_CHECK: "true" });
  const launcher = () => join(home, "plugins", `resource-travel-v${version}`, "pulumi-resource-travel");

  beforeAll(async () => {
    project = inject("packedProjectDir");
    home = mkdtempSync(join(tmpdir(), "pulumi-travel-plugin-home-"));
    install = await runProgram("npx", ["pulumi-travel", "plugin", "install"], env(), "", project);
  }, 600_000);
  // The plugin cache holds a copy of the package's closure (about 100 MB), slow to delete on a busy disk.
  afterAll(() => {
    if (home) rmSync(home, { recursive: true, force: true });
  }, 120_000);

  it("installs plugin travel of the package's version, which pulumi plugin ls lists", async () => {
    expect(install.code, install.stderr).toBe(0);
    expect(install.stdout).toContain(`installed plugin travel v${version} into Pulumi's plugin cache`);
    const ls = await runProgram("pulumi", ["plugin", "ls", "--json"], env());
    expect(ls.code, ls.stderr).toBe(0);
    const plugins = JSON.parse(ls.stdout) as InstalledPlugin[];
    expect(plugins).toContainEqual(expect.objectContaining({ name: "travel", kind: "resource", version }));
  });

  it("leaves an installed plugin alone without --reinstall", async () => {
    const again = await runProgram("npx", ["pulumi-travel", "plugin", "install"], env(), "", project);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(
      `plugin travel v${version} is already installed (pulumi plugin ls lists it); --reinstall replaces it\n`,
    );
  });

  it("has a launcher that refuses a node older than 22.19 on PATH, naming both versions", async () => {
    const bin = mkdtempSync(join(tmpdir(), "pulumi-travel-old-node-"));
    writeFileSync(join(bin, "node"), OLD_NODE, { mode: 0o755 });
    const run = await runProgram(launcher(), [], { PATH: `${bin}${delimiter}${process.env.PATH}` });
    rmSync(bin, { recursive: true, force: true });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `pulumi-resource-travel: the travel plugin needs Node.js 22.19 or later; the node on PATH (${join(bin, "node")}) is v20.0.0. Put a newer node first on PATH.\n`,
    );
  });

  it("has a launcher that starts the plugin with a good node: it prints its port first", async () => {
    const path = `${dirname(process.execPath)}${delimiter}${process.env.PATH}`;
    const line = await firstLine(launcher(), { ...process.env, ...env(), PATH: path }, 10_000);
    expect(line).toMatch(/^\d+$/);
  });

  it("serves the package schema: pulumi package get-schema prints the committed one", async () => {
    const schema = await runProgram("pulumi", ["package", "get-schema", "travel"], env());
    expect(schema.code, schema.stderr).toBe(0);
    const committed = readFileSync(join(ROOT, "schemas", "pulumi-package.json"), "utf8");
    expect(JSON.parse(schema.stdout)).toEqual(JSON.parse(committed));
  });
});
