/**
 * Walks the registry: every resource type is in the tenant manifest, in `export` and in
 * `reconcile`, or its definition says why not. Against a live emulator holding a tenant built
 * through the API (test/support/build-tenant.ts): the export of that tenant has each type's
 * section, declaring the exported manifest (with Pulumi's mocks) declares each type, the
 * TypeScript export (`--format typescript`) declares each type with its class, and reconcile lists
 * each type's objects. Also a company without the ORG role (a TMC with
 * TMC-level custom fields) is read, exported and reconciled like any other.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, type TravelClient } from "../../src/client";
import { reconcilePlan } from "../../src/cli/commands/reconcile";
import { declaredResources } from "../../src/cli/declared-resources";
import { currentExportShape, manifestFromTenant } from "../../src/cli/manifest-from-tenant";
import { programSource } from "../../src/cli/typescript-program";
import type { RunningEmulator } from "../../src/emulator";
import { manifestSchema, type TenantManifest } from "../../src/manifest";
import { codecOf, SECTION_CODECS } from "../../src/manifest/sections";
import { tenantFromManifest } from "../../src/manifest/tenant";
import { dynamicTokenOf as tokenOf } from "../../src/provider/hosts/dynamic/token";
import { definitions } from "../../src/resources/registry";
import { readTenantSnapshot, type TenantSnapshot, tenantObjectsOf } from "../../src/tenant/read-tenant";
import { parseStackExport } from "../../src/tenant/stack-export";
import { type BuiltTenant, buildTenant } from "../support/build-tenant";
import { clientFor, liveEmulator } from "../support/live-emulator";

const types = Object.keys(definitions);
/** An opt-out says why, in words. */
const SENTENCE = /^\S+( \S+){3,}/;
const factsOf = (type: string) => {
  const facts = definitions[type]?.capabilities?.tenant;
  if (facts === undefined) throw new Error(`${type} declares no tenant facts`);
  return facts;
};
const sectionOf = (type: string) => {
  const { manifest } = factsOf(type);
  return "omitted" in manifest ? undefined : manifest.section;
};

/** Declares `manifest` under Pulumi's mocks and returns the type names of the resources declared. */
async function declaredTypes(manifest: TenantManifest): Promise<Set<string>> {
  const declared = new Set<string>();
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        declared.add(args.type);
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: () => ({}),
    },
    "project",
    "stack",
    false,
  );
  const tenant = tenantFromManifest(manifest);
  // Each resource's URN resolves once the mocked registration ran.
  await Promise.all(resourcesIn(tenant).map((resource) => new Promise((done) => resource.urn.apply(done))));
  return new Set(types.filter((type) => declared.has(tokenOf(type))));
}

/** Every resource held anywhere in `value`. */
function resourcesIn(value: unknown): pulumi.CustomResource[] {
  if (value instanceof pulumi.CustomResource) return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(resourcesIn);
}

describe("the registry reaches the manifest, export and reconcile", () => {
  let emulator: RunningEmulator;
  let client: TravelClient;
  let built: BuiltTenant;
  let snapshot: TenantSnapshot;

  beforeAll(async () => {
    emulator = await liveEmulator();
    client = clientFor(emulator);
    built = await buildTenant(emulator, client);
    // The program's lookups (the exported manifest names groups and roles) read the emulator.
    process.env.TRAVEL_BASE_URL = emulator.url;
    process.env.TRAVEL_CLIENT_ID = emulator.bootstrap.clientId;
    process.env.TRAVEL_CLIENT_SECRET = emulator.bootstrap.clientSecret;
    const read = await readTenantSnapshot(client, built.companyId, definitions);
    if (!read) throw new Error("the built company was not found");
    snapshot = read;
  });
  afterAll(async () => {
    await client.close();
    await emulator.close();
  });

  it.each(types)("%s has a manifest section, or says why not, and so for its inventory", (type) => {
    const { manifest, inventory } = factsOf(type);
    if ("omitted" in manifest) expect(manifest.omitted).toMatch(SENTENCE);
    else expect(Object.keys(manifestSchema.shape)).toContain(manifest.section);
    if ("omitted" in inventory) expect(inventory.omitted).toMatch(SENTENCE);
    else if ("omitted" in inventory.reconcile) expect(inventory.reconcile.omitted).toMatch(SENTENCE);
  });

  it.each(types)("%s's section is plain entries, part of another type's, or has a codec", (type) => {
    const { manifest, inventory } = factsOf(type);
    if ("omitted" in manifest || manifest.entries !== undefined) return;
    if (manifest.partOf !== undefined) {
      expect(sectionOf(manifest.partOf)).toBe(manifest.section);
      expect(Object.keys(SECTION_CODECS)).toContain(manifest.partOf);
      return;
    }
    const codec = codecOf(type);
    // A codec writes the export unless the type's inventory opts out (export notes why instead).
    expect({ type, writes: codec.write !== undefined }).toEqual({ type, writes: !("omitted" in inventory) });
  });

  it("export writes every type's section, or notes why it cannot", () => {
    const result = manifestFromTenant(snapshot, currentExportShape(definitions));
    for (const type of types) {
      const section = sectionOf(type);
      if (section === undefined) continue;
      const { inventory } = factsOf(type);
      if ("omitted" in inventory) {
        expect(result.notes).toContain(`${section}: not exported: ${inventory.omitted}`);
        continue;
      }
      expect({ type, written: result.document[section] !== undefined }).toEqual({ type, written: true });
    }
  });

  /** The export, with the sections it cannot fill written in: every type the manifest declares. */
  const everySection = () => ({
    ...manifestFromTenant(snapshot, currentExportShape(definitions)).document,
    apiUsers: { bot: { role: "COMPANY_ADMIN" } },
    tenantKey: {},
  });

  it("the exported manifest declares every type export writes", async () => {
    // Placeholders stand for secrets and key material the stack's config would give.
    const text = JSON.stringify(everySection())
      .replaceAll(/\$\{secret:[^}]+\}/g, "x")
      .replaceAll(/\$\{config:[^}]+\}/g, JSON.stringify(built.partnerKeyPem).slice(1, -1));
    const declared = await declaredTypes(manifestSchema.parse(JSON.parse(text)));
    expect(types.filter((type) => sectionOf(type) !== undefined && !declared.has(type))).toEqual([]);
  });

  it("the TypeScript export declares every type the manifest declares, with its class", async () => {
    const resources = await declaredResources(everySection());
    const program = programSource(resources, {
      companyId: built.companyId,
      project: "tenant",
      stackValues: [],
      notes: [],
    });
    const missing = types.filter(
      (type) => sectionOf(type) !== undefined && !program.includes(`new ${type}("`),
    );
    expect(missing).toEqual([]);
    // The placeholder of the partner key's PEM is read from the stack's config.
    expect(program).toContain('publicKeyPem: config.require("partnerKeys-partner-a-2026-publicKeyPem"),');
    // An input another resource fills is that resource's output.
    expect(program).toContain('new ApiUser("bot", {\n  orgId: company.companyId,\n');
  });

  it("reconcile lists the objects of every type that does not opt out", () => {
    const listed = new Set<string>(tenantObjectsOf(snapshot, definitions).map((object) => object.type));
    const expected = types.filter((type) => {
      const { inventory } = factsOf(type);
      return !("omitted" in inventory) && !("omitted" in inventory.reconcile);
    });
    expect(expected.filter((type) => !listed.has(type))).toEqual([]);
    expect([...listed].sort()).toEqual([...expected].sort());
  });

  it("reads, exports and reconciles a company without the ORG role (TMC-level custom fields)", async () => {
    const { id: tmcId } = await client.post<{ id: string }>("/v2/companies", {
      body: { name: "Partner TMC", billingCurrency: "USD", companyRoles: ["TMC"] },
    });
    const fields = apiPath`/v3/companies/${tmcId}/custom-fields`;
    const field = await client.post<{ id: string }>(fields, {
      query: { companyRole: "TMC" },
      body: { name: "Cost code" },
    });
    const arm = await client.post<{ armId: string }>(`${fields}${apiPath`/${field.id}/arms`}`, {
      body: { name: "Everyone", action: { type: "AUTO", value: "42" }, audiences: [] },
    });

    const read = await readTenantSnapshot(client, tmcId, definitions);
    expect(read?.objects.CustomField?.map(({ entity }) => [entity.id, entity.companyRole])).toEqual([
      [field.id, "TMC"],
    ]);
    const { document } = manifestFromTenant(read as TenantSnapshot, currentExportShape(definitions));
    expect(document.customFields).toEqual({
      "cost-code": {
        name: "Cost code",
        companyRole: "TMC",
        enabled: false,
        adoptId: field.id,
        arms: {
          everyone: {
            name: "Everyone",
            action: { type: "AUTO", value: "42" },
            audiences: [],
            adoptId: arm.armId,
          },
        },
      },
    });
    expect(document.customFieldOrder).toEqual(["cost-code"]);

    // A stack that declares the field (and not its arm) touches the TMC: reconcile reads it.
    const stack = parseStackExport(
      JSON.stringify({
        deployment: {
          resources: [
            {
              urn: "urn:pulumi:dev::p::pulumi-nodejs:dynamic/travel:CustomField::field",
              type: tokenOf("CustomField"),
              id: field.id,
              inputs: { companyId: tmcId, companyRole: "TMC", name: "Cost code" },
            },
          ],
        },
      }),
    );
    const plan = await reconcilePlan(client, stack);
    expect(plan.companies).toEqual([tmcId]);
    expect(plan.unowned).toEqual([
      expect.objectContaining({ type: "Arm", id: arm.armId, parents: { customFieldId: field.id } }),
    ]);
  });
});
