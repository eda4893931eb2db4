/**
 * Lookups and the manifest's names through the real engine (issue 23's acceptance), kept to five
 * engine runs:
 * - a company that exists, with a custom group made outside the program (the emulator's admin
 *   route): the program finds the company by externalId, the group and a role by name, and assigns
 *   the role with UserGroupRoles; in the same program, a manifest names another company's group and
 *   the role by name and deploys the same assignment; up makes both, a second preview shows no
 *   changes;
 * - a company the program creates: the lookups' inputs are unknown at preview, which succeeds with
 *   no lookup call; up then finds the company, its standard group and the role;
 * - one token request per preview with lookups, on either host: on the dynamic host the lookups run
 *   in the program's process and the resources in the provider's, which share the run's token
 *   (provider/operations/run-token-cache.ts); on the plugin host lookups are invokes of the plugin.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, type TravelClient } from "../../src/client";
import { PLATFORM_ROLES } from "../../src/emulator/rbac/seed";
import { clientFor, createCustomGroup } from "../support/live-emulator";
import { TRAVEL_BY_HOST } from "../support/plugin-classes";
import { createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";

const ARRANGER = PLATFORM_ROLES[1].id;
const TOKEN_ROUTE = "POST /v2/auth/oauth2-token";

/** Finds an existing company, its custom group and a role by name, and assigns the role. */
const EXISTING = `const travel = require("pulumi-travel");
const company = travel.getCompanyOutput({ externalId: "globex" });
const companyId = company.apply((c) => c.id);
const group = travel.getUserGroupOutput({ companyId, name: "Travel desk" });
const role = travel.getRoleOutput({ companyId, name: "Travel arranger" });
new travel.UserGroupRoles("desk", { companyId, groupId: group.apply((g) => g.id), roles: [{ roleId: role.apply((r) => r.id) }] });
exports.companyId = companyId;
exports.groupId = group.apply((g) => g.id);
exports.roleId = role.apply((r) => r.id);
`;

/** {@link EXISTING} on the plugin host: the lookups are the plugin's functions, invoked by the engine. */
const EXISTING_ON_PLUGIN = `const pulumi = require("@pulumi/pulumi");
${TRAVEL_BY_HOST}
const find = (fn, args) => pulumi.runtime.invokeOutput("travel:index:" + fn, args);
const companyId = find("getCompany", { externalId: "globex" }).apply((c) => c.id);
const group = find("getUserGroup", { companyId, name: "Travel desk" });
const role = find("getRole", { companyId, name: "Travel arranger" });
new travel.UserGroupRoles("desk", { companyId, groupId: group.apply((g) => g.id), roles: [{ roleId: role.apply((r) => r.id) }] });
exports.roleId = role.apply((r) => r.id);
`;

/** Creates a company and looks up through its id, unknown at preview. */
const CREATED = `const travel = require("pulumi-travel");
const company = new travel.Company("initech", { name: "Initech", billingCurrency: "USD", externalId: "initech" });
const found = travel.getCompanyOutput({ externalId: company.companyId.apply(() => "initech") });
const group = travel.getUserGroupOutput({ companyId: company.companyId, name: "Travelers" });
const role = travel.getRoleOutput({ companyId: company.companyId, name: "Travel arranger" });
exports.companyId = company.companyId;
exports.foundCompanyId = found.apply((c) => c.id);
exports.group = group.apply((g) => ({ id: g.id, isUnmodifiable: g.isUnmodifiable }));
exports.roleId = role.apply((r) => r.id);
`;

/** {@link EXISTING} and a manifest naming another company's group and the role by name. */
const EXISTING_AND_MANIFEST = `${EXISTING}
const tenant = travel.tenantFromManifest(require("path").join(__dirname, "tenant.yaml"), { namePrefix: "manifest-" });
exports.manifestGroupId = tenant.userGroupRoles.desk.groupId;
`;

/** The manifest: the company adopted by id, the group and the role by name. */
const manifest = (companyId: string) => `company:
  adoptId: ${companyId}
  name: Hooli
  billingCurrency: USD
  externalId: hooli
userGroupRoles:
  desk:
    group: Travel desk
    roles:
      - role: Travel arranger
        scope: { audiences: [{ predicates: [{ type: COMPANY, company: true }] }] }
`;

/** Calls to the RBAC and company listings the lookups make. */
const lookupCalls = (routes: Record<string, number>) =>
  Object.keys(routes).filter((route) => /user-groups\/list|\/roles$|^GET \/v2\/companies$/.test(route));

/** A company with a custom group "Travel desk", made through the API and the admin route. */
async function globex(env: E2eEnvironment, client: TravelClient, name = "Globex") {
  const { id } = await client.post<{ id: string }>("/v2/companies", {
    body: { name, billingCurrency: "USD", companyRoles: ["ORG"], externalId: name.toLowerCase() },
  });
  return { companyId: id, groupId: await createCustomGroup(env.emulator, id, "Travel desk") };
}

/** The group's roles as the emulator holds them. */
async function rolesOf(client: TravelClient, companyId: string, groupId: string) {
  const { roles } = await client.post<{ roles: { id: string; scope: unknown }[] }>(
    apiPath`/v3/companies/${companyId}/user-groups/${groupId}/roles`,
    { body: { pagination: { offset: 0, limit: 100 } }, idempotent: true },
  );
  return roles.map(({ id, scope }) => ({ id, scope }));
}

const valuesOf = (outputs: Record<string, { value: unknown }>) =>
  Object.fromEntries(Object.entries(outputs).map(([key, { value }]) => [key, value]));

describe.skipIf(e2eSkipReason() !== "")("lookups and the manifest's names (real engine)", () => {
  const envs: E2eEnvironment[] = [];
  const clients: TravelClient[] = [];
  const environment = async (name: string, program: string, host?: "plugin") => {
    const env = await createEnvironment(name, program, {}, "e2e", host);
    const client = clientFor(env.emulator);
    envs.push(env);
    clients.push(client);
    return { env, client };
  };
  afterAll(async () => {
    for (const client of clients) await client.close();
    for (const env of envs) await env.dispose();
  });

  // One stack: the manifest's company is another than the lookups', so the two do not interfere.
  describe("an existing company with a custom group, and a manifest naming another's", () => {
    let env: E2eEnvironment;
    let client: TravelClient;
    let ids: { companyId: string; groupId: string };
    let manifestIds: { companyId: string; groupId: string };
    beforeAll(async () => {
      ({ env, client } = await environment("lookups-existing", EXISTING_AND_MANIFEST));
      ids = await globex(env, client);
      manifestIds = await globex(env, client, "Hooli");
      writeFileSync(join(env.programDir, "tenant.yaml"), manifest(manifestIds.companyId));
    });

    it("up finds the company, the group and the role, and assigns the role", async () => {
      const result = await env.stack.up();
      // The stack itself, the lookups' UserGroupRoles, and the manifest's company and UserGroupRoles.
      expect(result.summary.resourceChanges).toEqual({ create: 4 });
      expect(valuesOf(result.outputs)).toEqual({
        ...ids,
        roleId: ARRANGER,
        manifestGroupId: manifestIds.groupId,
      });
      expect(await rolesOf(client, ids.companyId, ids.groupId)).toEqual([
        { id: ARRANGER, scope: { audiences: [] } },
      ]);
    });

    it("the manifest naming the group and the role deploys the same assignment", async () => {
      const { companyId, groupId } = manifestIds;
      expect(await rolesOf(client, companyId, groupId)).toEqual([
        { id: ARRANGER, scope: { audiences: [{ predicates: [{ type: "COMPANY", id: companyId }] }] } },
      ]);
    });

    it("a second preview shows no changes, its lookups made at preview with the run's one token", async () => {
      const before = env.emulator.admin.lastRequestSeq;
      const preview = await env.stack.preview({ expectNoChanges: true });
      expect(preview.changeSummary).toEqual({ same: 4 });
      const calls = env.emulator.admin.requestCounts(before);
      expect(lookupCalls(calls).length).toBeGreaterThan(0);
      // The program's lookups and the provider process's credential check: one token between them.
      expect(calls[TOKEN_ROUTE]).toBe(1);
    });
  });

  describe("the same lookups as invokes of the plugin", () => {
    it("a preview finds the role and requests one token", async () => {
      const { env, client } = await environment("lookups-plugin", EXISTING_ON_PLUGIN, "plugin");
      await globex(env, client);
      const before = env.emulator.admin.lastRequestSeq;
      const preview = await env.stack.preview();
      expect(preview.changeSummary).toEqual({ create: 2 });
      const calls = env.emulator.admin.requestCounts(before);
      expect(lookupCalls(calls).length).toBeGreaterThan(0);
      expect(calls[TOKEN_ROUTE]).toBe(1);
    });
  });

  describe("a company the program creates", () => {
    let env: E2eEnvironment;
    beforeAll(async () => {
      ({ env } = await environment("lookups-created", CREATED));
    });

    it("the preview succeeds with the lookups unknown, and makes none of their calls", async () => {
      const before = env.emulator.admin.lastRequestSeq;
      const preview = await env.stack.preview();
      expect(preview.changeSummary).toEqual({ create: 2 });
      expect(lookupCalls(env.emulator.admin.requestCounts(before))).toEqual([]);
    });

    it("up creates the company and then finds it, its standard group and the role", async () => {
      const result = await env.stack.up();
      const outputs = valuesOf(result.outputs);
      expect(outputs.foundCompanyId).toBe(outputs.companyId);
      expect(outputs.group).toEqual({ id: expect.any(String), isUnmodifiable: true });
      expect(outputs.roleId).toBe(ARRANGER);
    });
  });
});
