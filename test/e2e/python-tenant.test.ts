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
import { describe, expect, inject, it } from "vitest";
import { definitions } from "../../src/resources/registry";
import { readTenant } from "../../src/tenant/read-tenant";
import { renameCostCenterOutOfBand } from "../support/live-emulator";
import { findOnPath } from "../support/on-path";
import { pinnedPulumiVersion, repoRoot } from "../support/packed-project";
import { declaredResources } from "../support/state-size";
import { EXAMPLE_TENANT_RESOURCES, exampleTenantE2e, summaryChanges } from "./example-tenant";
import { e2eSkipReason, writesSince } from "./harness";

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
    const e2e = exampleTenantE2e("python-tenant");
    let companyId = "";

    it("installs the plugin and the SDK from the package, and deploys the example", async () => {
      const { project } = e2e;
      await project.linkPackedInstall(inject("packedProjectDir"));
      cpSync(join(project.dir, "node_modules", "pulumi-travel", "examples", "python-tenant"), project.dir, {
        recursive: true,
      });
      await e2e.run(join(TOOLCHAIN_PYTHON, "venv", "bin", "python3"), ["-m", "venv", "venv"]);
      await e2e.run(join(project.dir, "venv", "bin", "pip"), [
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
      ({ companyId } = await e2e.deploy());
    });

    it("previews no changes on a second run, writing nothing to the platform", async () => {
      await e2e.previewNoChanges();
    });

    it("refreshes a change made on the platform into the state", async () => {
      await renameCostCenterOutOfBand(e2e.emulator, companyId, "Sales", "Sales (renamed)");
      const before = e2e.emulator.admin.lastRequestSeq;
      expect(summaryChanges(await e2e.pulumi("refresh", "--yes", "--skip-preview", "--json"))).toMatchObject({
        update: 1,
      });
      expect(writesSince(e2e.emulator, before)).toEqual([]);
      const sales = e2e.stateResources().find((r) => r.urn.endsWith("::travel:index:CostCenter::cc-sales"));
      expect(sales?.outputs?.name).toBe("Sales (renamed)");
    });

    it("destroys everything: the platform holds none of the company's objects", async () => {
      const { client } = e2e;
      const destroyed = summaryChanges(await e2e.pulumi("destroy", "--yes", "--skip-preview", "--json"));
      expect(destroyed.delete).toBe(EXAMPLE_TENANT_RESOURCES);
      expect(await readTenant(client, [companyId], definitions)).toEqual([]);
      const companies = await client.get<{ elements?: { id: string }[] }>("/v2/companies", {
        query: { offset: 0, limit: 100 },
      });
      expect((companies.elements ?? []).map((c) => c.id)).not.toContain(companyId);
      expect(declaredResources(e2e.stateResources())).toEqual([]);
    });
  },
);
