/**
 * A TypeScript program on the provider plugin through the Node.js SDK (`pulumi-travel/plugin`),
 * as a user runs it: one project (`runtime: nodejs`, `typescript: true`) below the packed package,
 * one stack, the `pulumi` CLI against the emulator, the plugin of the packed package named in
 * Pulumi.yaml, the TypeScript global-setup.ts links into the packed project. In order:
 *
 * - the program is deployed on the dynamic resources (`from "pulumi-travel"`);
 * - `pulumi-travel migrate --to typescript` moves its state onto the plugin, the program's import
 *   becomes `from "pulumi-travel/plugin"`, and its preview shows no changes, nothing replaced, on
 *   the very provider the SDK asks for (the package's version and the schema's pluginDownloadURL);
 * - a cost center made directly through the API is adopted with
 *   `pulumi import travel:index:CostCenter <name> <companyId>/<costCenterId> --generate-code=false`,
 *   and another with the `import` resource option, each with no write to the platform (no POST to
 *   cost-centers), and the program declaring them previews no changes;
 * - the final program type-checks with `tsc` against the packed package's types, with the
 *   tsconfig `export --format typescript` writes.
 */
import { execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PROJECT_TSCONFIG } from "../../src/cli/typescript-program";
import type { TravelClient } from "../../src/client";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { assertNoContractViolations, type ContractRecorder } from "../support/contract-recorder";
import { cleanEnv } from "../support/clean-env";
import { fileBackendEnv } from "../support/file-stack";
import { clientFor, travelEnv } from "../support/live-emulator";
import { pluginProject } from "../support/plugin-classes";
import { e2eSkipReason, startE2eRecorder, writesSince } from "./harness";

const STACK = "e2e";
const PROJECT = "ts-plugin";
const address = { addressLines: ["1 Main Street"], regionCode: "US", locality: "Springfield" };

/** The program, importing the travel classes from `from`, with `more` declarations at its end. */
const program = (from: string, more = "") => `import * as pulumi from "@pulumi/pulumi";
import * as travel from "${from}";

const companyId = new pulumi.Config().require("companyId");
const address = ${JSON.stringify(address)};
const us = new travel.LegalEntity("us", { companyId, name: "US Inc.", billingCurrency: "USD", address });
const hq = new travel.Office("hq", { companyId, legalEntityId: us.legalEntityId, name: "HQ", address });
new travel.CostCenter("eng", { companyId, name: "Engineering", externalId: "cc-eng" });
${more}
export const officeId = hq.officeId;
`;

interface StateResource {
  urn: string;
  type: string;
  provider?: string;
}

describe.skipIf(e2eSkipReason() !== "")("a TypeScript program on pulumi-travel/plugin", () => {
  let emulator: RunningEmulator;
  let recorder: ContractRecorder;
  let client: TravelClient;
  let work: string;
  let project: string;
  let companyId: string;
  let env: Record<string, string>;
  const packageDir = () => join(inject("packedProjectDir"), "node_modules", "pulumi-travel");

  /** Runs `command` in the project; its exit code and output. */
  function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { cwd: project, env });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, output }));
    });
  }
  /** Runs the pulumi CLI on the stack and fails, with its output, unless it succeeds. */
  async function pulumi(...args: string[]): Promise<string> {
    const { code, output } = await run("pulumi", [...args, "--stack", STACK, "--non-interactive"]);
    if (code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${code}:\n${output}`);
    return output;
  }
  const writeProgram = (text: string) => writeFileSync(join(project, "index.ts"), text);
  const state = async () =>
    (JSON.parse(await pulumi("stack", "export")) as { deployment: { resources: StateResource[] } }).deployment
      .resources;
  /** POSTs to a company's cost centers since `seq`: what would create one. */
  const costCenterPosts = (seq: number) =>
    emulator.admin.requests(seq).filter((r) => r.method === "POST" && /\/cost-centers$/.test(r.path)).length;
  /** A cost center made directly through the API; its import id. */
  async function handMade(name: string): Promise<string> {
    const { id } = await client.post<{ id: string }>(`/v2/companies/${companyId}/cost-centers`, {
      body: { name, externalId: `cc-${name.toLowerCase()}` },
    });
    return `${companyId}/${id}`;
  }

  beforeAll(async () => {
    emulator = await startEmulator({ logErrors: false });
    recorder = await startE2eRecorder(emulator.url, "e2e typescript-plugin");
    client = clientFor(emulator);
    ({ id: companyId } = await client.post<{ id: string }>("/v2/companies", {
      body: { name: "TS Plugin Inc", billingCurrency: "USD", companyRoles: ["ORG"] },
    }));
    work = mkdtempSync(join(inject("packedProjectDir"), "ts-plugin-"));
    project = join(work, "project");
    mkdirSync(project);
    writeFileSync(
      join(project, "Pulumi.yaml"),
      `name: ${PROJECT}\nruntime:\n  name: nodejs\n  options:\n    typescript: true\nmain: index.ts\n${pluginProject(project, packageDir())}`,
    );
    writeFileSync(join(project, "tsconfig.json"), JSON.stringify(PROJECT_TSCONFIG));
    env = {
      ...cleanEnv(),
      ...fileBackendEnv(join(work, "backend")),
      ...travelEnv(emulator, recorder.url),
    };
    mkdirSync(join(work, "backend"));
    await pulumi("stack", "init");
    await pulumi("config", "set", "companyId", companyId);
  });

  afterAll(async () => {
    await client?.close();
    await recorder?.close();
    await emulator?.close();
    if (work) rmSync(work, { recursive: true, force: true });
    if (recorder) assertNoContractViolations(recorder, "e2e typescript-plugin");
  });

  it("moves a stack of the dynamic resources onto the plugin with migrate: no change, nothing replaced", async () => {
    writeProgram(program("pulumi-travel"));
    await pulumi("up", "--yes");
    const before = await state();
    expect(before.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/travel:")).length).toBe(3);

    const seq = emulator.admin.lastRequestSeq;
    const migrate = await run(process.execPath, [
      join(packageDir(), "dist", "src", "cli", "main.js"),
      "migrate",
      ...["--stack", STACK, "--out", join(work, "backup"), "--to", "typescript"],
    ]);
    expect(migrate.code, migrate.output).toBe(0);
    expect(migrate.output).toContain('now import from "pulumi-travel/plugin"');
    writeProgram(program("pulumi-travel/plugin"));
    const preview = await pulumi("preview", "--expect-no-changes", "--diff");
    expect(preview).not.toMatch(/replace|provider:/);
    expect(writesSince(emulator, seq)).toEqual([]);

    const after = await state();
    expect(
      after
        .filter((r) => r.type.startsWith("travel:index:"))
        .map((r) => r.type)
        .sort(),
    ).toEqual(["travel:index:CostCenter", "travel:index:LegalEntity", "travel:index:Office"]);
    // The provider the SDK's resources ask for: this package's version, the schema's download URL.
    const { version } = JSON.parse(readFileSync(join(packageDir(), "package.json"), "utf8")) as {
      version: string;
    };
    const providers = after.filter((r) => r.type.startsWith("pulumi:providers:")).map((r) => r.urn);
    expect(providers).toEqual([
      `urn:pulumi:${STACK}::${PROJECT}::pulumi:providers:travel::default_${version.replaceAll(".", "_")}_github_/api.github.com/pulumi-travel/pulumi-travel`,
    ]);
  });

  it("adopts a hand-made cost center with pulumi import --generate-code=false, creating nothing", async () => {
    const id = await handMade("Imported");
    const seq = emulator.admin.lastRequestSeq;
    const output = await pulumi(
      "import",
      ...["travel:index:CostCenter", "imported", id],
      ...["--generate-code=false", "--protect=false", "--yes"],
    );
    expect(output).toMatch(/1 imported/);
    expect(costCenterPosts(seq)).toBe(0);
    expect(writesSince(emulator, seq)).toEqual([]);
    writeProgram(
      program(
        "pulumi-travel/plugin",
        `new travel.CostCenter("imported", { companyId, name: "Imported", externalId: "cc-imported" });`,
      ),
    );
    await pulumi("preview", "--expect-no-changes");
  });

  it("adopts another with the import resource option: up imports it, creating nothing", async () => {
    const id = await handMade("Adopted");
    writeProgram(
      program(
        "pulumi-travel/plugin",
        `new travel.CostCenter("imported", { companyId, name: "Imported", externalId: "cc-imported" });
new travel.CostCenter("adopted", { companyId, name: "Adopted", externalId: "cc-adopted" }, { import: "${id}" });`,
      ),
    );
    const seq = emulator.admin.lastRequestSeq;
    const output = await pulumi("up", "--yes");
    expect(output).toMatch(/1 imported/);
    expect(costCenterPosts(seq)).toBe(0);
    expect(writesSince(emulator, seq)).toEqual([]);
    await pulumi("preview", "--expect-no-changes");
  });

  it("type-checks against the packed package's types (tsc, strict, nodenext)", async () => {
    const tsc = join(inject("packedProjectDir"), "node_modules", "typescript", "bin", "tsc");
    await expect(
      promisify(execFile)(process.execPath, [tsc, "-p", project, "--noEmit"]),
    ).resolves.toBeDefined();
  });
});
