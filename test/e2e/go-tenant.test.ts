/**
 * examples/go-tenant as a new user runs it: a new directory outside the repository, the package the
 * e2e setup installed from its tarball (linked in: yaml-tenant.test.ts and readme-quick-start.test.ts
 * prove the npm install itself), `npx pulumi-travel plugin install` into a PULUMI_HOME of its own,
 * the example copied out of the installed package with its `replace` pointed at the package's
 * generated Go SDK (node_modules/pulumi-travel/sdk/go), and the real Pulumi CLI with the Go
 * language host against the emulator (through a contract recorder). Two engine commands, each
 * building and running the Go program: up, asserted on the platform, and a preview with no changes
 * and no writes. What follows a deployment (a change made on the platform refreshed and undone by
 * `up`, destroy) is the provider plugin's work, not the Go SDK's: yaml-tenant.test.ts proves it
 * through the same plugin, on a superset of this example's types.
 *
 * Go compiles the program at each `up` and preview. The generated SDK and Pulumi's Go SDK come
 * from Go's build cache, which scripts/bootstrap warms with GOFLAGS=-trimpath (this file builds
 * with it too, so the cache entries do not depend on the directory the SDK sits in).
 */
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiPath, type TravelClient } from "../../src/client";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { definitions } from "../../src/resources/registry";
import { readTenant } from "../../src/tenant/read-tenant";
import { assertNoContractViolations, type ContractRecorder } from "../support/contract-recorder";
import { clientFor } from "../support/live-emulator";
import { findOnPath } from "../support/on-path";
import { newUserProject, type NewUserProject } from "../support/new-user-project";
import { checkpointResources, checkpointText } from "../support/state-size";
import { e2eSkipReason, startE2eRecorder } from "./harness";

const STACK = "dev";
const SDK_MODULE = "github.com/pulumi-travel/pulumi-travel/sdk/go";

/** Why this file cannot run here: the e2e suite's reason, or no Go toolchain or Go language host. */
function skipReason(): string {
  const suite = e2eSkipReason();
  if (suite !== "") return suite;
  const missing = ["go", "pulumi-language-go"].filter((program) => findOnPath(program) === undefined);
  if (missing.length === 0) return "";
  const reason = `${missing.join(", ")} not found on PATH; install Go and run scripts/bootstrap`;
  if (process.env.CI === "true") throw new Error(`CI=true: the Go e2e needs ${reason}`);
  return reason;
}

/** The resource changes of the summary event of `pulumi up/refresh/destroy --json`. */
function summaryChanges(ndjson: string): Record<string, number> {
  for (const line of ndjson.split("\n").filter((text) => text.startsWith("{"))) {
    const event = JSON.parse(line) as { summaryEvent?: { resourceChanges: Record<string, number> } };
    if (event.summaryEvent !== undefined) return event.summaryEvent.resourceChanges;
  }
  throw new Error("the command streamed no summary event");
}

describe.skipIf(skipReason() !== "")(
  "examples/go-tenant on the generated Go SDK, as a new user runs it",
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
      console.log(`go-tenant: ${command} ${args[0] ?? ""}: ${((Date.now() - start) / 1000).toFixed(1)} s`);
      return stdout;
    };
    const pulumi = (...args: string[]) => run("pulumi", [...args, "--stack", STACK, "--non-interactive"]);
    const stateResources = () => checkpointResources(checkpointText(project.backend, "go-tenant", STACK));
    const tenant = async () => readTenant(client, [companyId], definitions);

    beforeAll(async () => {
      emulator = await startEmulator();
      recorder = await startE2eRecorder(emulator.url, "e2e go-tenant");
      client = clientFor(emulator);
      project = newUserProject("go-tenant", {
        // The build cache entries scripts/bootstrap made are directory-independent with -trimpath.
        GOFLAGS: `${process.env.GOFLAGS ?? ""} -trimpath -mod=readonly`.trim(),
        GOTOOLCHAIN: "local",
      });
    });
    afterAll(async () => {
      await client?.close();
      await recorder?.close();
      await emulator?.close();
      project?.remove();
      console.log(`go-tenant e2e: ${Math.round((Date.now() - started) / 1000)} s`);
      if (recorder) assertNoContractViolations(recorder, "e2e go-tenant");
    });

    it("installs the plugin from the package, and deploys the example", async () => {
      const start = Date.now();
      await project.linkPackedInstall(inject("packedProjectDir"));
      console.log(`go-tenant: plugin installed: ${Math.round((Date.now() - start) / 1000)} s`);
      const installed = join(project.dir, "node_modules", "pulumi-travel");
      cpSync(join(installed, "examples", "go-tenant"), project.dir, { recursive: true });
      await run("go", ["mod", "edit", `-replace=${SDK_MODULE}=./node_modules/pulumi-travel/sdk/go`]);
      expect(readFileSync(join(project.dir, "go.mod"), "utf8")).toContain(
        `${SDK_MODULE} => ./node_modules/pulumi-travel/sdk/go`,
      );

      await run("pulumi", ["stack", "init", STACK, "--non-interactive"]);
      await pulumi("config", "set", "travel:baseUrl", recorder.url);
      await pulumi("config", "set", "travel:clientId", emulator.bootstrap.clientId);
      await pulumi("config", "set", "--secret", "travel:clientSecret", emulator.bootstrap.clientSecret);

      const before = emulator.admin.lastRequestSeq;
      expect(summaryChanges(await pulumi("up", "--yes", "--skip-preview", "--json"))).toEqual({ create: 10 });
      expect(emulator.admin.requests(before).filter((r) => r.route === "POST /v2/companies")).toHaveLength(1);

      const outputs = JSON.parse(await pulumi("stack", "output", "--json", "--show-secrets")) as {
        companyId: string;
        officeId: string;
        costCenterIds: Record<string, string>;
        travelersGroupId: string;
      };
      companyId = outputs.companyId;
      const objects = await tenant();
      const named = (type: string) =>
        objects
          .filter((o) => o.type === type)
          .map((o) => o.name)
          .sort();
      expect(named("LegalEntity")).toEqual(["Acme US Inc."]);
      expect(named("Office")).toEqual(["Springfield HQ"]);
      expect(named("CustomField")).toEqual(["Project code"]);
      expect(named("Arm")).toEqual(["US staff pick a project"]);
      // The cost centers are the rows of cost-centers.csv, with the ids the program exported.
      const centers = objects.filter((o) => o.type === "CostCenter");
      expect(centers.map((o) => [o.externalId, o.name]).sort()).toEqual([
        ["cc-engineering", "Engineering"],
        ["cc-operations", "Operations"],
        ["cc-sales", "Sales"],
      ]);
      expect(Object.fromEntries(centers.map((o) => [o.externalId, o.id]))).toEqual(outputs.costCenterIds);
      expect(objects.find((o) => o.type === "Office")?.id).toBe(outputs.officeId);

      // The arm's options, as the platform holds them (in the option group the arm made).
      const arm = objects.find((o) => o.type === "Arm");
      const optionGroup = stateResources().find((r) =>
        r.urn.endsWith("::travel:index:OptionGroup::project-codes"),
      );
      const { customFieldId, optionGroupId } = optionGroup?.outputs as {
        customFieldId: string;
        optionGroupId: string;
      };
      expect(objects.find((o) => o.type === "CustomField")?.id).toBe(customFieldId);
      expect(arm?.parents).toMatchObject({ customFieldId });
      const group = await client.get<{ armId: string; options: { name: string; description?: string }[] }>(
        apiPath`/v3/companies/${companyId}/custom-fields/${customFieldId}/option-groups/${optionGroupId}`,
      );
      expect(group.armId).toBe(arm?.id);
      expect(group.options.map((o) => [o.name, o.description]).sort()).toEqual([
        ["P-100", "Apollo"],
        ["P-200", "Zephyr"],
      ]);

      // The lookup (travel.GetUserGroupOutput) found the company's standard group.
      const travelers = await client.post<{ userGroups: { id: string; name: string }[] }>(
        apiPath`/v3/companies/${companyId}/user-groups/list`,
        { body: { pagination: { offset: 0, limit: 100 } }, idempotent: true },
      );
      expect(outputs.travelersGroupId).toBe(travelers.userGroups.find((g) => g.name === "Travelers")?.id);
    });

    it("previews no changes on a second run, writing nothing to the platform", async () => {
      const before = emulator.admin.lastRequestSeq;
      await pulumi("preview", "--expect-no-changes");
      const writes = emulator.admin
        .requests(before)
        .filter((r) => r.method !== "GET" && !r.route.endsWith("/list") && !r.route.includes("oauth2-token"));
      expect(writes).toEqual([]);
    });
  },
);
