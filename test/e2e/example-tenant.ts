/**
 * The tenant that examples/go-tenant and examples/python-tenant both declare, in Go and in Python on
 * the generated SDKs, and what their e2e files share: a new user's project against an emulator
 * (through a contract recorder), its stack configured and deployed, and the checks after
 * `pulumi up` (the objects on the platform, the program's outputs, the result of its lookup).
 */
import { afterAll, beforeAll, expect } from "vitest";
import { apiPath, type TravelClient } from "../../src/client";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { definitions } from "../../src/resources/registry";
import { readTenant } from "../../src/tenant/read-tenant";
import { assertNoContractViolations, type ContractRecorder } from "../support/contract-recorder";
import { clientFor } from "../support/live-emulator";
import { newUserProject, type NewUserProject } from "../support/new-user-project";
import { checkpointResources, checkpointText, type StateResource } from "../support/state-size";
import { startE2eRecorder, writesSince } from "./harness";

/** The stack both example files deploy. */
const STACK = "dev";

/** The stack outputs of both examples. */
export interface ExampleTenantOutputs {
  companyId: string;
  officeId: string;
  costCenterIds: Record<string, string>;
  travelersGroupId: string;
}

/** What a first `pulumi up` of either example creates: its nine resources and the stack. */
export const EXAMPLE_TENANT_RESOURCES = 10;

/** The resource changes of the summary event of `pulumi up/refresh/destroy --json`. */
export function summaryChanges(ndjson: string): Record<string, number> {
  for (const line of ndjson.split("\n").filter((text) => text.startsWith("{"))) {
    const event = JSON.parse(line) as { summaryEvent?: { resourceChanges: Record<string, number> } };
    if (event.summaryEvent !== undefined) return event.summaryEvent.resourceChanges;
  }
  throw new Error("the command streamed no summary event");
}

/**
 * Asserts that the platform holds the example's tenant under `outputs.companyId`, with the ids the
 * program exported: a legal entity, an office, the cost centers of cost-centers.csv, the checkout
 * question with its arm and the arm's two options, and the company's standard group `Travelers`
 * found by the lookup. `state` is the stack's checkpoint (for the option group's ids).
 */
export async function expectExampleTenant(
  client: TravelClient,
  outputs: ExampleTenantOutputs,
  state: readonly StateResource[],
): Promise<void> {
  const { companyId } = outputs;
  const objects = await readTenant(client, [companyId], definitions);
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
  const optionGroup = state.find((r) => r.urn.endsWith("::travel:index:OptionGroup::project-codes"));
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

  // The lookup found the company's standard group.
  const travelers = await client.post<{ userGroups: { id: string; name: string }[] }>(
    apiPath`/v3/companies/${companyId}/user-groups/list`,
    { body: { pagination: { offset: 0, limit: 100 } }, idempotent: true },
  );
  expect(outputs.travelersGroupId).toBe(travelers.userGroups.find((g) => g.name === "Travelers")?.id);
}

/** What {@link exampleTenantE2e} gives a test file; valid once its `beforeAll` has run. */
export interface ExampleTenantE2e {
  readonly emulator: RunningEmulator;
  readonly client: TravelClient;
  readonly project: NewUserProject;
  /** Runs `command` in the project directory, logging how long it took (reported, never asserted). */
  run(command: string, args: string[]): Promise<string>;
  /** Runs `pulumi <args> --stack dev --non-interactive` in the project directory. */
  pulumi(...args: string[]): Promise<string>;
  /** The resources of the stack's checkpoint. */
  stateResources(): StateResource[];
  /**
   * Creates the stack, configures it for the emulator, runs `pulumi up` (the example's resources
   * created, one company among them) and asserts the tenant on the platform; its outputs.
   */
  deploy(): Promise<ExampleTenantOutputs>;
  /** Asserts that `pulumi preview --expect-no-changes` passes and writes nothing to the platform. */
  previewNoChanges(): Promise<void>;
}

/**
 * Registers the hooks of an example's e2e file (call it in the `describe`): a fresh emulator with
 * a contract recorder, a client, and a new user's project `name` with `env` added to its
 * environment; all closed or removed after the file, which fails on a contract violation.
 */
export function exampleTenantE2e(name: string, env: NodeJS.ProcessEnv = {}): ExampleTenantE2e {
  let emulator: RunningEmulator | undefined;
  let recorder: ContractRecorder | undefined;
  let client: TravelClient | undefined;
  let project: NewUserProject | undefined;
  const started = Date.now();
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error(`${name}: the e2e environment is not set up yet`);
    return value;
  };

  beforeAll(async () => {
    emulator = await startEmulator();
    recorder = await startE2eRecorder(emulator.url, `e2e ${name}`);
    client = clientFor(emulator);
    project = newUserProject(name, env);
  });
  afterAll(async () => {
    await client?.close();
    await recorder?.close();
    await emulator?.close();
    project?.remove();
    console.log(`${name} e2e: ${Math.round((Date.now() - started) / 1000)} s`);
    if (recorder) assertNoContractViolations(recorder, `e2e ${name}`);
  });

  const e2e: ExampleTenantE2e = {
    get emulator() {
      return ready(emulator);
    },
    get client() {
      return ready(client);
    },
    get project() {
      return ready(project);
    },
    async run(command, args) {
      const start = Date.now();
      const stdout = await e2e.project.run(command, args);
      const what = `${command.split("/").pop() ?? command} ${args[0] ?? ""}`;
      console.log(`${name}: ${what}: ${((Date.now() - start) / 1000).toFixed(1)} s`);
      return stdout;
    },
    pulumi: (...args) => e2e.run("pulumi", [...args, "--stack", STACK, "--non-interactive"]),
    stateResources: () => checkpointResources(checkpointText(e2e.project.backend, name, STACK)),
    async deploy() {
      const platform = e2e.emulator;
      const pulumi = (...args: string[]) => e2e.pulumi(...args);
      await e2e.run("pulumi", ["stack", "init", STACK, "--non-interactive"]);
      await pulumi("config", "set", "travel:baseUrl", ready(recorder).url);
      await pulumi("config", "set", "travel:clientId", platform.bootstrap.clientId);
      await pulumi("config", "set", "--secret", "travel:clientSecret", platform.bootstrap.clientSecret);

      const before = platform.admin.lastRequestSeq;
      expect(summaryChanges(await pulumi("up", "--yes", "--skip-preview", "--json"))).toEqual({
        create: EXAMPLE_TENANT_RESOURCES,
      });
      expect(platform.admin.requests(before).filter((r) => r.route === "POST /v2/companies")).toHaveLength(1);

      const outputs = JSON.parse(
        await pulumi("stack", "output", "--json", "--show-secrets"),
      ) as ExampleTenantOutputs;
      await expectExampleTenant(e2e.client, outputs, e2e.stateResources());
      return outputs;
    },
    async previewNoChanges() {
      const before = e2e.emulator.admin.lastRequestSeq;
      await e2e.pulumi("preview", "--expect-no-changes");
      expect(writesSince(e2e.emulator, before)).toEqual([]);
    },
  };
  return e2e;
}
