/**
 * The state move of `pulumi-travel migrate` (src/cli/migrate/plugin-state.ts) and the program read
 * off the moved state (program-from-state.ts), on a small deployment shaped as the dynamic host
 * records one: types, URNs and every reference follow; `__provider` goes; keyed inputs return to
 * lists; secrets stay the ciphertext they were; pending operations are refused; a second run
 * moves nothing. The engine run is test/e2e/migrate.test.ts.
 */
import { describe, expect, it } from "vitest";
import { programFromState } from "../../src/cli/migrate/program-from-state";
import { type Deployment, migrateDeployment, pendingOperations } from "../../src/cli/migrate/plugin-state";
import { ProgramReference } from "../../src/cli/yaml-program";
import { definitions } from "../../src/resources/registry";

const SIG = "4dabf18193072939515e22adb298388d";
const secret = (ciphertext: string) => ({ [SIG]: "1b47061264138c4ac30d75fd1eb44270", ciphertext });
const PREFIX = "urn:pulumi:dev::tenant::";
const STACK = `${PREFIX}pulumi:pulumi:Stack::tenant-dev`;
const NODEJS = `${PREFIX}pulumi:providers:pulumi-nodejs::default`;
const COMPANY = `${PREFIX}pulumi-nodejs:dynamic/travel:Company::company`;
const FIELD = `${PREFIX}pulumi-nodejs:dynamic/travel:CustomField::trip-purpose`;
const ORDER = `${PREFIX}pulumi-nodejs:dynamic/travel:CustomFieldOrder::custom-field-order`;
const USER = `${PREFIX}pulumi-nodejs:dynamic/travel:ApiUser::expense-sync`;

function dynamicDeployment(): Deployment {
  const provider = `${NODEJS}::p-1`;
  return {
    manifest: { version: "v3.259.0" },
    resources: [
      { urn: STACK, type: "pulumi:pulumi:Stack", custom: false, outputs: { companyId: "c-1" } },
      {
        urn: NODEJS,
        type: "pulumi:providers:pulumi-nodejs",
        custom: true,
        id: "p-1",
        inputs: { "travel:baseUrl": "https://api.example", "travel:clientSecret": secret("v1:aaa") },
      },
      {
        urn: COMPANY,
        type: "pulumi-nodejs:dynamic/travel:Company",
        id: "c-1",
        parent: STACK,
        provider,
        inputs: { __provider: "code", name: "Acme" },
        outputs: { __provider: "code", name: "Acme", companyId: "c-1" },
        propertyDependencies: { __provider: [], name: [] },
      },
      {
        urn: FIELD,
        type: "pulumi-nodejs:dynamic/travel:CustomField",
        id: "f-1",
        parent: STACK,
        provider,
        dependencies: [COMPANY],
        inputs: { __provider: "code", companyId: "c-1", name: "Trip purpose" },
        outputs: { __provider: "code", companyId: "c-1", name: "Trip purpose" },
        propertyDependencies: { companyId: [COMPANY], name: [] },
      },
      {
        urn: ORDER,
        type: "pulumi-nodejs:dynamic/travel:CustomFieldOrder",
        id: "c-1",
        parent: STACK,
        provider,
        dependencies: [COMPANY, FIELD],
        inputs: { __provider: "code", companyId: "c-1", fieldIds: { "f-1": "first" } },
        outputs: { __provider: "code", companyId: "c-1", fieldIds: ["f-1"] },
        propertyDependencies: { companyId: [COMPANY], fieldIds: [FIELD] },
      },
      {
        urn: USER,
        type: "pulumi-nodejs:dynamic/travel:ApiUser",
        id: "u-1",
        parent: STACK,
        provider,
        inputs: { __provider: "code", role: "COMPANY_ADMIN" },
        outputs: { __provider: "code", role: "COMPANY_ADMIN", clientSecret: secret("v1:bbb") },
      },
    ],
  };
}

describe("migrate: the state moved onto the plugin", () => {
  const { deployment, moved, providerAdded, providersDropped } = migrateDeployment(
    dynamicDeployment(),
    definitions,
  );
  const resources = deployment.resources ?? [];
  const byName = (name: string) => resources.find((r) => r.urn.endsWith(`::${name}`));
  const travelProvider = `${PREFIX}pulumi:providers:travel::default`;

  it("renames types and URNs, and every reference follows", () => {
    expect(moved.size).toBe(4);
    expect(resources.map((r) => r.type)).toEqual([
      "pulumi:pulumi:Stack",
      "pulumi:providers:travel",
      "travel:index:Company",
      "travel:index:CustomField",
      "travel:index:CustomFieldOrder",
      "travel:index:ApiUser",
    ]);
    const order = byName("custom-field-order");
    expect(order?.urn).toBe(`${PREFIX}travel:index:CustomFieldOrder::custom-field-order`);
    expect(order?.dependencies).toEqual([
      `${PREFIX}travel:index:Company::company`,
      `${PREFIX}travel:index:CustomField::trip-purpose`,
    ]);
    expect(order?.propertyDependencies).toEqual({
      companyId: [`${PREFIX}travel:index:Company::company`],
      fieldIds: [`${PREFIX}travel:index:CustomField::trip-purpose`],
    });
    expect(order?.parent).toBe(STACK);
    expect(providerAdded).toBe(travelProvider);
    expect(providersDropped).toEqual([NODEJS]);
    const providerId = byName("default")?.id;
    for (const r of resources.filter((r) => r.type.startsWith("travel:index:")))
      expect(r.provider).toBe(`${travelProvider}::${providerId}`);
  });

  it("records inputs and outputs as the plugin does: no __provider, lists, the id output", () => {
    expect(byName("company")?.inputs).toEqual({ name: "Acme" });
    expect(byName("trip-purpose")?.outputs).toEqual({
      companyId: "c-1",
      name: "Trip purpose",
      customFieldId: "f-1",
    });
    expect(byName("custom-field-order")?.inputs).toEqual({ companyId: "c-1", fieldIds: ["f-1"] });
  });

  it("keeps secrets as the ciphertext they were: the provider's settings and the outputs", () => {
    expect(byName("default")?.inputs).toEqual({
      baseUrl: "https://api.example",
      clientSecret: secret("v1:aaa"),
    });
    expect(byName("expense-sync")?.outputs?.clientSecret).toEqual(secret("v1:bbb"));
  });

  it("moves nothing on a second run", () => {
    const again = migrateDeployment(deployment, definitions);
    expect(again.moved.size).toBe(0);
    expect(again.alreadyOnPlugin).toBe(4);
    expect(again.deployment).toBe(deployment);
  });

  it("for the Node.js SDK, records the versioned default provider its resources ask for", () => {
    const url = "github://api.github.com/pulumi-travel/pulumi-travel";
    const sdk = migrateDeployment(dynamicDeployment(), definitions, {
      version: "0.1.0",
      pluginDownloadURL: url,
    });
    const urn = `${PREFIX}pulumi:providers:travel::default_0_1_0_github_/api.github.com/pulumi-travel/pulumi-travel`;
    expect(sdk.providerAdded).toBe(urn);
    const provider = sdk.deployment.resources?.find((r) => r.urn === urn);
    const settings = { baseUrl: "https://api.example", clientSecret: secret("v1:aaa") };
    expect(provider?.inputs).toEqual({
      __internal: { pluginDownloadURL: url },
      ...settings,
      version: "0.1.0",
    });
    expect(provider?.outputs).toEqual({ ...settings, version: "0.1.0" });
    const company = sdk.deployment.resources?.find((r) => r.urn.endsWith("::company"));
    expect(company?.provider).toBe(`${urn}::${provider?.id}`);
    // A second run finds that provider and moves nothing.
    const again = migrateDeployment(sdk.deployment, definitions, {
      version: "0.1.0",
      pluginDownloadURL: url,
    });
    expect(again.moved.size).toBe(0);
  });

  it("refuses pending operations, naming each", () => {
    const pending = {
      ...dynamicDeployment(),
      pending_operations: [{ type: "creating", resource: { urn: COMPANY } }],
    };
    expect(pendingOperations(pending)).toEqual([`creating ${COMPANY}`]);
    expect(() => migrateDeployment(pending, definitions)).toThrow(`pending operations: creating ${COMPANY}`);
  });

  it("refuses a type the registry does not know, naming the resource", () => {
    const unknown = dynamicDeployment();
    unknown.resources?.push({
      urn: `${PREFIX}pulumi-nodejs:dynamic/travel:Region::r`,
      type: "pulumi-nodejs:dynamic/travel:Region",
    });
    expect(() => migrateDeployment(unknown, definitions)).toThrow(
      /::r: pulumi-travel has no resource type Region/,
    );
  });

  it("reads the program off the state: references by property dependency, secrets from config", () => {
    const program = programFromState(deployment, definitions);
    expect(program).toMatchObject({ project: "tenant", stack: "dev" });
    const order = program.resources.find((r) => r.name === "custom-field-order");
    expect(order?.properties).toEqual({
      companyId: new ProgramReference("company", "companyId"),
      fieldIds: [new ProgramReference("trip-purpose", "customFieldId")],
    });
    expect(program.outputs).toEqual({ companyId: new ProgramReference("company", "companyId") });
    expect(program.secretConfig).toEqual([]);
  });
});
