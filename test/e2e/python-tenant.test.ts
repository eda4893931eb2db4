/**
 * examples/python-tenant as a new user runs it: a new directory outside the repository, the package
 * the e2e setup installed from its tarball (linked in, as go-tenant.test.ts does),
 * `npx pulumi-travel plugin install` into a PULUMI_HOME of its own, the example copied out of the
 * installed package, a virtual environment `venv` (the one its Pulumi.yaml names) with the example's
 * requirements, the `pulumi` Python package of the CLI's version and the generated SDK installed
 * with pip from `node_modules/pulumi-travel/sdk/python`, and the real Pulumi CLI with the Python
 * language host against the emulator (through a contract recorder). pip takes the wheels from the
 * wheelhouse scripts/bootstrap keeps beside `.tools/python` (`--no-index --find-links`), so the
 * run does not depend on the registry. One stack: up, asserted on the platform; a preview with no
 * changes and no writes; a cost center renamed on the platform, which refresh records; destroy.
 * What yaml-tenant.test.ts proves of the plugin beyond that (previews of changes, import, explicit
 * providers) is not repeated for each language.
 */
import { cpSync, existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { TravelClient } from "../../src/client";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { definitions } from "../../src/resources/registry";
import { readTenant } from "../../src/tenant/read-tenant";
import { assertNoContractViolations, type ContractRecorder } from "../support/contract-recorder";
import { clientFor, renameCostCenterOutOfBand } from "../support/live-emulator";
import { findOnPath } from "../support/on-path";
import { newUserProject, type NewUserProject } from "../support/new-user-project";
import { pinnedPulumiVersion, repoRoot } from "../support/packed-project";
import { checkpointResources, checkpointText, declaredResources } from "../support/state-size";
import {
  EXAMPLE_TENANT_RESOURCES,
  type ExampleTenantOutputs,
  expectExampleTenant,
  summaryChanges,
} from "./example-tenant";
import { e2eSkipReason, startE2eRecorder, writesSince } from "./harness";

const STACK = "dev";
/** The virtual environment of the `pulumi` Python package scripts/bootstrap made, and its wheels. */
const TOOLCHAIN_PYTHON = join(repoRoot(), ".tools", "python");

/** Why this file cannot run here: the e2e suite's reason, or no Python toolchain or Python host. */
function skipReason(): string {
  const suite = e2eSkipReason();
  if (suite !== "") return suite;
  const missing = [
    ...(findOnPath("pulumi-language-python") === undefined ? ["pulumi-language-python on PATH"] : []),
    ...(existsSync(join(TOOLCHAIN_PYTHON, "venv", "bin", "python3")) ? [] : [".tools/python"]),
  ];
  if (missing.length === 0) return "";
  const reason = `no ${missing.join(" and no ")}: install python3 with its venv module, then run scripts/bootstrap`;
  if (process.env.CI === "true") throw new Error(`CI=true: the Python e2e cannot run: ${reason}`);
  return reason;
}

describe.skipIf(skipReason() !== "")(
  "examples/python-tenant on the generated Python SDK, as a new user runs it",
  () => {
    let emulator: RunningEmulator;
    let recorder: ContractRecorder;
    let client: TravelClient;
    let project: NewUserProject;
    let companyId = "";
    const started = Date.now();

    /** Runs `command` in the project directory, logging how long it took (reported, never asserted). */
    const run = async (command: string, args: string[]): Promise<string> => {
      const start = Date.now();
      const stdout = await project.run(command, args);
      const what = `${command.split("/").pop() ?? command} ${args[0] ?? ""}`;
      console.log(`python-tenant: ${what}: ${((Date.now() - start) / 1000).toFixed(1)} s`);
      return stdout;
    };
    const pulumi = (...args: string[]) => run("pulumi", [...args, "--stack", STACK, "--non-interactive"]);
    const stateResources = () => checkpointResources(checkpointText(project.backend, "python-tenant", STACK));

    beforeAll(async () => {
      emulator = await startEmulator();
      recorder = await startE2eRecorder(emulator.url, "e2e python-tenant");
      client = clientFor(emulator);
      project = newUserProject("python-tenant");
    });
    afterAll(async () => {
      await client?.close();
      await recorder?.close();
      await emulator?.close();
      project?.remove();
      console.log(`python-tenant e2e: ${Math.round((Date.now() - started) / 1000)} s`);
      if (recorder) assertNoContractViolations(recorder, "e2e python-tenant");
    });

    it("installs the plugin and the SDK from the package, and deploys the example", async () => {
      await project.linkPackedInstall(inject("packedProjectDir"));
      cpSync(join(project.dir, "node_modules", "pulumi-travel", "examples", "python-tenant"), project.dir, {
        recursive: true,
      });
      await run(join(TOOLCHAIN_PYTHON, "venv", "bin", "python3"), ["-m", "venv", "venv"]);
      await run(join(project.dir, "venv", "bin", "pip"), [
        "install",
        "--quiet",
        "--no-index",
        "--find-links",
        join(TOOLCHAIN_PYTHON, "wheels"),
        "-r",
        "requirements.txt",
        `pulumi==${pinnedPulumiVersion()}`,
        "./node_modules/pulumi-travel/sdk/python",
      ]);

      await run("pulumi", ["stack", "init", STACK, "--non-interactive"]);
      await pulumi("config", "set", "travel:baseUrl", recorder.url);
      await pulumi("config", "set", "travel:clientId", emulator.bootstrap.clientId);
      await pulumi("config", "set", "--secret", "travel:clientSecret", emulator.bootstrap.clientSecret);

      const before = emulator.admin.lastRequestSeq;
      expect(summaryChanges(await pulumi("up", "--yes", "--skip-preview", "--json"))).toEqual({
        create: EXAMPLE_TENANT_RESOURCES,
      });
      expect(emulator.admin.requests(before).filter((r) => r.route === "POST /v2/companies")).toHaveLength(1);

      const outputs = JSON.parse(
        await pulumi("stack", "output", "--json", "--show-secrets"),
      ) as ExampleTenantOutputs;
      companyId = outputs.companyId;
      await expectExampleTenant(client, outputs, stateResources());
    });

    it("previews no changes on a second run, writing nothing to the platform", async () => {
      const before = emulator.admin.lastRequestSeq;
      await pulumi("preview", "--expect-no-changes");
      expect(writesSince(emulator, before)).toEqual([]);
    });

    it("refreshes a change made on the platform into the state", async () => {
      await renameCostCenterOutOfBand(emulator, companyId, "Sales", "Sales (renamed)");
      const before = emulator.admin.lastRequestSeq;
      expect(summaryChanges(await pulumi("refresh", "--yes", "--skip-preview", "--json"))).toMatchObject({
        update: 1,
      });
      expect(writesSince(emulator, before)).toEqual([]);
      const sales = stateResources().find((r) => r.urn.endsWith("::travel:index:CostCenter::cc-sales"));
      expect(sales?.outputs?.name).toBe("Sales (renamed)");
    });

    it("destroys everything: the platform holds none of the company's objects", async () => {
      const destroyed = summaryChanges(await pulumi("destroy", "--yes", "--skip-preview", "--json"));
      expect(destroyed.delete).toBe(EXAMPLE_TENANT_RESOURCES);
      expect(await readTenant(client, [companyId], definitions)).toEqual([]);
      const companies = await client.get<{ elements?: { id: string }[] }>("/v2/companies", {
        query: { offset: 0, limit: 100 },
      });
      expect((companies.elements ?? []).map((c) => c.id)).not.toContain(companyId);
      expect(declaredResources(stateResources())).toEqual([]);
    });
  },
);
