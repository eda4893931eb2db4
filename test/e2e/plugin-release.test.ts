/**
 * The plugin's release (`npm run plugin:release`) as a user of Pulumi YAML gets it: the release
 * folder served on the loopback interface, and a YAML program whose resource names that server as
 * its `pluginDownloadURL`. In a fresh PULUMI_HOME, with only `pulumi` and `pulumi-language-yaml`
 * on PATH (no node, no npm) and automatic plugin acquisition on, the engine fetches the tarball
 * itself, and the single executable deploys, previews no changes and destroys against the
 * emulator. Then `pulumi-travel plugin install --file` installs the same tarball.
 *
 * The release is built once per content (its per-user cache): seconds when the code is unchanged.
 */
import { createHash } from "node:crypto";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type PluginRelease, writePluginRelease } from "../../scripts/plugin-release/release";
import type { InstalledPlugin } from "../../src/cli/plugin/pulumi-plugins";
import { findOnPath as findOnSomePath } from "../../src/cli/plugin/pulumi-plugins";
import { releaseChecksumsName, releaseTarballName } from "../../src/cli/plugin/release-tarball";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import type { TravelClient } from "../../src/client";
import { definitions } from "../../src/resources/registry";
import { readTenant } from "../../src/tenant/read-tenant";
import { type Finished, runProgram } from "../cli/harness";
import { assertNoContractViolations, type ContractRecorder } from "../support/contract-recorder";
import { type FolderServer, serveFolder } from "../support/folder-server";
import { clientFor } from "../support/live-emulator";
import { findOnPath } from "../support/on-path";
import { repoRoot } from "../support/packed-project";
import { releaseExecutable } from "../support/release-executable";
import { startE2eRecorder, yamlHostSkipReason } from "./harness";

const version = (JSON.parse(readFileSync(join(repoRoot(), "package.json"), "utf8")) as { version: string })
  .version;

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** The program: one company, its plugin fetched from `url` (the version is needed with an http URL). */
const program = (url: string) => `name: release-tenant
runtime: yaml
resources:
  acme:
    type: travel:index:Company
    properties:
      name: Acme Release
      billingCurrency: EUR
    options:
      version: ${version}
      pluginDownloadURL: ${url}
outputs:
  companyId: \${acme.companyId}
`;

/** Fails with the command's output unless it exited 0; its stdout. */
function ok(run: Finished, what: string): string {
  if (run.code !== 0) throw new Error(`${what} exited ${run.code}:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

describe.skipIf(yamlHostSkipReason() !== "")("the plugin's release, fetched by the engine", () => {
  let work: string;
  let release: PluginRelease;
  let server: FolderServer;
  let emulator: RunningEmulator;
  let recorder: ContractRecorder;
  let projectDir: string;
  let env: Record<string, string>;
  let travel: TravelClient | undefined;
  const client = () => (travel ??= clientFor(emulator));
  const pulumi = (...args: string[]) => runProgram("pulumi", args, env, "", projectDir);

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "pulumi-travel-release-e2e-"));
    release = await writePluginRelease(repoRoot(), join(work, "release"));
    server = await serveFolder(join(work, "release"));
    emulator = await startEmulator({ logErrors: false });
    recorder = await startE2eRecorder(emulator.url, "e2e plugin release");
    // PATH: one folder of links to the two programs the run needs, and nothing else.
    const bin = join(work, "bin");
    mkdirSync(bin);
    for (const tool of ["pulumi", "pulumi-language-yaml"]) {
      const found = findOnPath(tool);
      if (found === undefined) throw new Error(`${tool} is not on PATH`);
      symlinkSync(realpathSync(found), join(bin, tool));
    }
    projectDir = join(work, "project");
    mkdirSync(projectDir);
    writeFileSync(join(projectDir, "Pulumi.yaml"), program(server.url));
    mkdirSync(join(work, "backend"));
    // runProgram passes on only PATH, HOME and a few build settings: PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION
    // (the toolchain's) and TRAVEL_* are not among them.
    env = {
      PATH: bin,
      PULUMI_HOME: join(work, "pulumi-home"),
      PULUMI_BACKEND_URL: `file://${join(work, "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: "release",
      PULUMI_SKIP_UPDATE_CHECK: "true",
    };
    ok(await pulumi("stack", "init", "dev"), "pulumi stack init");
    ok(await pulumi("config", "set", "travel:baseUrl", recorder.url), "pulumi config set");
    ok(await pulumi("config", "set", "travel:clientId", emulator.bootstrap.clientId), "pulumi config set");
    ok(
      await pulumi("config", "set", "--secret", "travel:clientSecret", emulator.bootstrap.clientSecret),
      "pulumi config set --secret",
    );
  }, 600_000);

  afterAll(async () => {
    await travel?.close();
    await server?.close();
    await recorder?.close();
    await emulator?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 120_000);

  it("writes the tarball of one executable and a checksums file that matches it", () => {
    expect(release.tarball).toBe(join(work, "release", releaseTarballName(version)));
    expect(releaseTarballName(version)).toBe(`pulumi-resource-travel-v${version}-linux-amd64.tar.gz`);
    expect(release.checksums).toBe(join(work, "release", releaseChecksumsName(version)));
    expect(readFileSync(release.checksums, "utf8")).toBe(
      `${sha256(readFileSync(release.tarball))}  ${releaseTarballName(version)}\n`,
    );
    const file = releaseExecutable(release.tarball);
    expect(file.name).toBe("pulumi-resource-travel");
    expect(file.mode).toBe(0o755);
    expect(file.content.subarray(0, 4).toString("latin1")).toBe("\x7fELF");
    expect(file.content.length).toBe(release.executableBytes);
  });

  it("runs with no node or npm on PATH", () => {
    for (const tool of ["node", "npm", "npx"]) expect(findOnSomePath(tool, env.PATH), tool).toBeUndefined();
    expect(env.PATH?.split(delimiter)).toHaveLength(1);
    expect(findOnSomePath("pulumi", env.PATH)).toBeDefined();
  });

  it("deploys: the engine fetches the plugin from the pluginDownloadURL itself and installs it", async () => {
    const up = await pulumi("up", "--yes", "--skip-preview");
    ok(up, "pulumi up");
    expect(server.requests).toEqual([`GET /${releaseTarballName(version)} 200`]);
    const installed = readFileSync(
      join(env.PULUMI_HOME ?? "", "plugins", `resource-travel-v${version}`, "pulumi-resource-travel"),
    );
    expect(sha256(installed)).toBe(sha256(releaseExecutable(release.tarball).content));
    const { companyId } = JSON.parse(ok(await pulumi("stack", "output", "--json"), "stack output")) as {
      companyId: string;
    };
    const tenant = await readTenant(client(), [companyId], definitions);
    expect(tenant.map((object) => object.type)).toContain("Company");
  }, 300_000);

  it("previews no changes, then destroys, leaving the platform empty", async () => {
    ok(await pulumi("preview", "--expect-no-changes"), "pulumi preview --expect-no-changes");
    const { companyId } = JSON.parse(ok(await pulumi("stack", "output", "--json"), "stack output")) as {
      companyId: string;
    };
    ok(await pulumi("destroy", "--yes", "--skip-preview"), "pulumi destroy");
    expect(await readTenant(client(), [companyId], definitions)).toEqual([]);
    expect(server.requests).toHaveLength(1);
    assertNoContractViolations(recorder, "e2e plugin release");
  }, 300_000);

  it("installs with pulumi-travel plugin install --file, checked against the checksums file", async () => {
    const home = join(work, "install-home");
    const install = await runProgram(
      "npx",
      ["pulumi-travel", "plugin", "install", "--file", release.tarball],
      { PULUMI_HOME: home, PULUMI_SKIP_UPDATE_CHECK: "true" },
      "",
      inject("packedProjectDir"),
    );
    expect(ok(install, "plugin install --file")).toContain(
      `installed plugin travel v${version} into Pulumi's plugin cache`,
    );
    expect(install.stdout).toContain(`its sha256 matches ${release.checksums}`);
    const ls = await runProgram("pulumi", ["plugin", "ls", "--json"], { PULUMI_HOME: home });
    expect(JSON.parse(ok(ls, "pulumi plugin ls")) as InstalledPlugin[]).toContainEqual(
      expect.objectContaining({ name: "travel", kind: "resource", version }),
    );
    const installed = readFileSync(
      join(home, "plugins", `resource-travel-v${version}`, "pulumi-resource-travel"),
    );
    expect(sha256(installed)).toBe(sha256(releaseExecutable(release.tarball).content));
  }, 300_000);
});
