/** Provider tests of UserGroupRoles, CustomField, CustomFieldOrder, Arm and OptionGroup against a live emulator. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, type TravelClient } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { PLATFORM_ROLES } from "../../src/emulator/rbac/seed";
import type { ResourceDefinition, Values } from "../../src/provider/model/definition";
import { buildTypeProvider, type TypeProvider } from "../../src/provider/operations/type-provider";
import { UNKNOWN } from "../../src/provider/model/unknown-values";
import { armResource } from "../../src/resources/arm";
import { customFieldResource } from "../../src/resources/custom-field";
import { customFieldOrderResource } from "../../src/resources/custom-field-order";
import { optionGroupResource } from "../../src/resources/option-group";
import { userGroupRolesResource } from "../../src/resources/user-group-roles";
import { clientFor, liveEmulator } from "../support/live-emulator";
import { checked } from "./harness";
import { testRun } from "../support/test-run";

const MANUAL = { type: "USER", userOptionSource: { type: "MANUAL" } };
const [admin, arranger, reports] = PLATFORM_ROLES;

describe("access control and checkout resources", () => {
  let emulator: RunningEmulator;
  let client: TravelClient;
  let companyId: string;
  const providerOf = (definition: ResourceDefinition<Values, Values>): TypeProvider =>
    buildTypeProvider(definition, testRun(client));
  const fields = () => apiPath`/v3/companies/${companyId}/custom-fields`;
  const adminPost = async (path: string, body: unknown) => {
    const response = await fetch(`${emulator.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const patchesSince = async (after: number) =>
    (
      (await (await fetch(`${emulator.url}/_emulator/option-group-patches?after=${after}`)).json()) as {
        entries: { seq: number; toUpdate: string[]; toDelete: string[] }[];
      }
    ).entries;

  beforeAll(async () => {
    emulator = await liveEmulator();
    client = clientFor(emulator);
    ({ id: companyId } = await client.post<{ id: string }>("/v2/companies", {
      body: { name: "Checkout Co", billingCurrency: "USD", companyRoles: ["ORG"] },
    }));
  });
  afterAll(async () => {
    await client?.close();
    await emulator?.close();
  });

  describe("UserGroupRoles", () => {
    const provider = () => providerOf(userGroupRolesResource);
    const rolesOf = async (groupId: string) =>
      (
        await client.post<{ roles: { id: string; scope: unknown }[] }>(
          apiPath`/v3/companies/${companyId}/user-groups/${groupId}/roles`,
          { body: { pagination: { offset: 0, limit: 100 } }, idempotent: true },
        )
      ).roles;

    it("fails check (so preview) on a standard group, naming groupId and saying why", async () => {
      const groups = await client.post<{ userGroups: { id: string; isUnmodifiable: boolean }[] }>(
        apiPath`/v3/companies/${companyId}/user-groups/list`,
        { body: { pagination: { offset: 0, limit: 10 } }, idempotent: true },
      );
      const standard = groups.userGroups.find((g) => g.isUnmodifiable);
      const result = await provider().check(
        {},
        { companyId, groupId: standard?.id, roles: [{ roleId: admin.id }] },
      );
      expect(result.failures).toEqual([
        {
          property: "groupId",
          reason: expect.stringContaining("is a standard group (isUnmodifiable: true)"),
        },
      ]);
      const missing = await provider().check({}, { companyId, groupId: "nope", roles: [] });
      expect(missing.failures?.[0]?.reason).toContain("does not exist");
    });

    it("skips the platform check while the group id is unknown (preview of a new group)", async () => {
      const before = emulator.admin.lastRequestSeq;
      const result = await provider().check({}, { companyId, groupId: UNKNOWN, roles: [] });
      expect(result.failures).toEqual([]);
      expect(emulator.admin.requestCounts(before)).toEqual({});
    });

    it("validates with property paths", async () => {
      const result = await provider().check(
        {},
        {
          companyId,
          groupId: "g",
          roles: [
            { roleId: admin.id },
            { roleId: admin.id, scope: { audiences: [{ predicates: [{ type: "MOON" }] }] } },
          ],
        },
      );
      expect(result.failures?.map((f) => f.property)).toEqual([
        "roles[1].scope.audiences[0].predicates[0].type",
      ]);
      const twice = await provider().check(
        {},
        { companyId, groupId: "g", roles: [{ roleId: admin.id }, { roleId: admin.id }] },
      );
      expect(twice.failures).toEqual([
        { property: "roles[1].roleId", reason: expect.stringContaining("listed twice") },
      ]);
    });

    it("owns exactly the declared assignments: create, drift, update, delete", async () => {
      const group = await adminPost(`/_emulator/companies/${companyId}/user-groups`, { name: "Owned" });
      const groupId = String(group.id);
      await client.patch(apiPath`/v3/companies/${companyId}/user-groups/${groupId}/roles`, {
        body: { rolesToAdd: [{ roleId: reports.id, scope: { audiences: [] } }] },
      });
      const scope = { audiences: [{ predicates: [{ type: "COMPANY", id: companyId }] }] };
      const inputs = await checked(provider(), {
        companyId,
        groupId,
        roles: [{ roleId: admin.id, scope }, { roleId: arranger.id }],
      });
      const created = await provider().create(inputs);
      expect(created.id).toBe(groupId);
      expect((await rolesOf(groupId)).map((r) => r.id).sort()).toEqual([admin.id, arranger.id].sort());

      const read = await provider().read(groupId, created.outs);
      expect(read.inputs).toEqual(inputs);
      expect((await provider().diff(groupId, read.inputs ?? {}, inputs)).changes).toBe(false);

      await client.patch(apiPath`/v3/companies/${companyId}/user-groups/${groupId}/roles`, {
        body: { rolesToAdd: [{ roleId: reports.id, scope: { audiences: [] } }] },
      });
      const drifted = await provider().read(groupId, created.outs);
      expect((await provider().diff(groupId, drifted.inputs ?? {}, inputs)).changes).toBe(true);

      const fewer = await checked(provider(), { companyId, groupId, roles: [{ roleId: admin.id, scope }] });
      await provider().update(groupId, drifted.inputs ?? {}, fewer);
      expect(await rolesOf(groupId)).toEqual([expect.objectContaining({ id: admin.id, scope })]);

      await provider().delete(groupId, { ...created.outs, ...fewer });
      expect(await rolesOf(groupId)).toEqual([]);
      expect((await provider().diff(groupId, inputs, { ...inputs, groupId: "other" })).replaces).toEqual([
        "groupId",
      ]);
    });
  });

  describe("CustomField", () => {
    const provider = () => providerOf(customFieldResource);

    it("creates, enables through update-status, updates in place, replaces on companyRole and deletes", async () => {
      const inputs = await checked(provider(), {
        companyId,
        name: "Trip purpose",
        description: "Why?",
        enabled: true,
      });
      expect(inputs).toMatchObject({ companyRole: "ORG", enabled: true });
      const created = await provider().create(inputs);
      const id = created.id;
      expect(created.outs.customFieldId).toBe(id);
      const read = await provider().read(id, created.outs);
      expect(read.inputs).toEqual(inputs);

      const edited = await checked(
        provider(),
        { companyId, name: "Trip purpose", enabled: false, respondOnlyOnceLevel: "TRIP" },
        inputs,
      );
      const diff = await provider().diff(id, inputs, edited);
      expect(diff).toMatchObject({ changes: true, replaces: [] });
      const updated = await provider().update(id, inputs, edited);
      const after = await provider().read(id, updated.outs);
      expect(after.inputs).toEqual(edited);

      const before = emulator.admin.lastRequestSeq;
      await provider().update(id, edited, { ...edited, enabled: true });
      expect(emulator.admin.requestCounts(before)).toEqual({
        "PATCH /v3/companies/:companyId/custom-fields/update-status": 1,
      });
      await provider().update(id, { ...edited, enabled: true }, edited);

      const moved = await provider().diff(id, edited, { ...edited, companyRole: "TMC" });
      expect(moved).toMatchObject({ replaces: ["companyRole"], deleteBeforeReplace: true });

      await provider().delete(id, after.props ?? {});
      expect(await provider().read(id, after.props)).toEqual({});
    });

    it("keeps fields set outside the program through refresh and the next update", async () => {
      const inputs = await checked(provider(), { companyId, name: "Hand edited", enabled: false });
      const created = await provider().create(inputs);
      const path = apiPath`/v3/companies/${companyId}/custom-fields/${created.id}`;
      const current = await client.get<Values>(path);
      await client.put(path, {
        body: { ...current, description: "set by hand", respondOnlyOnceLevel: "TRIP" },
      });

      const refreshed = await provider().read(created.id, created.outs);
      expect(refreshed.inputs).toEqual(inputs);
      expect(await provider().diff(created.id, refreshed.inputs ?? {}, inputs)).toMatchObject({
        changes: false,
      });
      const renamed = await checked(provider(), { ...inputs, name: "Hand edited 2" }, refreshed.inputs);
      await provider().update(created.id, refreshed.inputs ?? {}, renamed);
      expect(await client.get(path)).toMatchObject({
        name: "Hand edited 2",
        description: "set by hand",
        respondOnlyOnceLevel: "TRIP",
      });
    });

    it("catches a duplicate name at check time and lets adoptId take the field over", async () => {
      const { id } = await client.post<{ id: string }>(fields(), {
        query: { companyRole: "ORG" },
        body: { name: "Cost code" },
      });
      const duplicate = await provider().check({}, { companyId, name: "COST code" });
      expect(duplicate.failures).toEqual([
        {
          property: "name",
          reason: expect.stringContaining(`already exists in company ${companyId} (id ${id})`),
        },
      ]);
      const renameOnto = await provider().check(
        { companyId, name: "Other" },
        { companyId, name: "Cost code" },
      );
      expect(renameOnto.failures).toHaveLength(1);
      const adopt = await checked(provider(), {
        companyId,
        name: "Cost code",
        description: "adopted",
        adoptId: id,
      });
      const adopted = await provider().create(adopt);
      expect(adopted.id).toBe(id);
      expect(await client.get(apiPath`/v3/companies/${companyId}/custom-fields/${id}`)).toMatchObject({
        description: "adopted",
      });
    });

    it("refuses enabled on a PARTNER_TMC field and reports bad values with their path", async () => {
      const result = await provider().check(
        {},
        { companyId, companyRole: "PARTNER_TMC", name: "x", enabled: true, respondOnlyOnceLevel: "LEG" },
      );
      expect(result.failures?.map((f) => f.property).sort()).toEqual(["respondOnlyOnceLevel"]);
      const partner = await provider().check(
        {},
        { companyId, companyRole: "PARTNER_TMC", name: "x", enabled: true },
      );
      expect(partner.failures).toEqual([
        { property: "enabled", reason: expect.stringContaining("ORG or TMC only") },
      ]);
    });

    it("takes a 404 for gone only with CUSTOM_FIELD_NOT_FOUND, not ROUTE_NOT_FOUND", async () => {
      const wrong = clientFor(emulator, { baseUrl: `${emulator.url}/wrong-prefix` });
      const provider = buildTypeProvider(customFieldResource, testRun(wrong));
      await expect(provider.read("x", { companyId, companyRole: "ORG", name: "n" })).rejects.toThrow(
        "ROUTE_NOT_FOUND",
      );
      await wrong.close();
    });
  });

  describe("CustomFieldOrder and Arm", () => {
    let ids: string[];
    const order = async () =>
      (
        await client.post<{ fields: { id: string; parentInfos: unknown[] }[] }>(`${fields()}/list`, {
          query: { companyRole: "ORG" },
          body: { paginationParams: {} },
          idempotent: true,
        })
      ).fields
        .map((f) => f.id)
        .filter((id) => ids.includes(id));

    beforeAll(async () => {
      ids = [];
      for (const name of ["Q1", "Q2", "Q3", "Q4"]) {
        ids.push(
          (await client.post<{ id: string }>(fields(), { query: { companyRole: "ORG" }, body: { name } })).id,
        );
      }
    });

    it("converges the declared order with the fewest reorder calls and shows drift", async () => {
      const provider = providerOf(customFieldOrderResource);
      const [a, b, c, d] = ids as [string, string, string, string];
      const inputs = await checked(provider, { companyId, fieldIds: [d, a, b, c] });
      const before = emulator.admin.lastRequestSeq;
      await provider.create(inputs);
      expect(
        emulator.admin.requestCounts(before)["POST /v3/companies/:companyId/custom-fields/reorder"],
      ).toBe(1);
      expect(await order()).toEqual([d, a, b, c]);
      const read = await provider.read(companyId, inputs);
      expect(read.inputs).toEqual(inputs);
      await client.post(`${fields()}/reorder`, {
        body: { targetFieldId: d, direction: "BEFORE", fieldIdsToMove: [c] },
      });
      const drifted = await provider.read(companyId, inputs);
      expect((await provider.diff(companyId, drifted.inputs ?? {}, inputs)).changes).toBe(true);
      await provider.update(companyId, drifted.inputs ?? {}, inputs);
      expect(await order()).toEqual([d, a, b, c]);
      const twice = await provider.check({}, { companyId, fieldIds: [a, a] });
      expect(twice.failures).toEqual([
        { property: "fieldIds[1]", reason: expect.stringContaining("listed twice") },
      ]);
      await expect(
        provider.update(companyId, inputs, { ...inputs, fieldIds: [a, "missing"] }),
      ).rejects.toThrow("missing is not a custom field");
    });

    it("Arm: outputs optionGroupId for USER + MANUAL, replaces on a kind change, updates in place otherwise", async () => {
      const provider = providerOf(armResource);
      const customFieldId = ids[0] as string;
      const manual = await checked(provider, { companyId, customFieldId, name: "Pick", action: MANUAL });
      const created = await provider.create(manual);
      expect(created.outs.optionGroupId).toEqual(expect.any(String));
      expect(created.outs.armId).toBe(created.id);
      const read = await provider.read(created.id, created.outs);
      expect(read.inputs).toEqual(manual);
      expect(read.props?.optionGroupId).toBe(created.outs.optionGroupId);

      const auto = { ...manual, action: { type: "AUTO", value: "X" } };
      expect(await provider.diff(created.id, manual, auto)).toMatchObject({ replaces: ["action"] });
      const profile = {
        ...manual,
        action: { type: "USER", userOptionSource: { type: "PROFILE_ATTRIBUTE", attribute: "department" } },
      };
      expect(await provider.diff(created.id, manual, profile)).toMatchObject({ replaces: ["action"] });
      const renamed = { ...manual, name: "Pick one", audiences: [{ legalEntityIds: ["le"] }] };
      expect(await provider.diff(created.id, manual, renamed)).toMatchObject({ changes: true, replaces: [] });
      const updated = await provider.update(created.id, manual, renamed);
      expect(updated.outs.optionGroupId).toBe(created.outs.optionGroupId);

      const bad = await provider.check(
        {},
        {
          companyId,
          customFieldId,
          name: "x",
          action: { type: "USER", userOptionSource: { type: "PROFILE_ATTRIBUTE" } },
        },
      );
      expect(bad.failures?.[0]?.property).toBe("action.userOptionSource.attribute");

      await client.delete(apiPath`/v3/companies/${companyId}/custom-fields/${customFieldId}`);
      expect(await provider.read(created.id, created.outs)).toEqual({});
      ids.shift();
    });
  });

  describe("OptionGroup", () => {
    it("manages only its options, in batches, and survives options added outside code", async () => {
      const { id: customFieldId } = await client.post<{ id: string }>(fields(), {
        query: { companyRole: "ORG" },
        body: { name: "Projects" },
      });
      const arm = await client.post<{ optionGroupId: string }>(
        apiPath`/v3/companies/${companyId}/custom-fields/${customFieldId}/arms`,
        {
          body: { name: "Pick", action: MANUAL },
        },
      );
      const optionGroupId = arm.optionGroupId;
      const group = apiPath`/v3/companies/${companyId}/custom-fields/${customFieldId}/option-groups/${optionGroupId}`;
      const names = async () =>
        (await client.get<{ options: { name: string }[] }>(group)).options.map((o) => o.name);
      const provider = providerOf(optionGroupResource);
      const options = Array.from({ length: 1200 }, (_, i) => ({ name: `P-${i}` }));
      const inputs = await checked(provider, { companyId, customFieldId, optionGroupId, options });
      const start = (await patchesSince(0)).at(-1)?.seq ?? 0;
      const created = await provider.create(inputs);
      expect((await patchesSince(start)).map((p) => p.toUpdate.length)).toEqual([500, 500, 200]);

      await client.patch(group, { body: { toUpdate: [{ name: "Added by a person" }] } });
      const read = await provider.read(created.id, inputs);
      expect(read.inputs).toEqual(inputs);

      const next = {
        ...inputs,
        options: [{ name: "P-0", description: "first" }, ...options.slice(2), { name: "New" }],
      };
      const mark = (await patchesSince(0)).at(-1)?.seq ?? 0;
      await provider.update(created.id, inputs, next);
      expect(await patchesSince(mark)).toEqual([
        expect.objectContaining({ toDelete: ["P-1"], toUpdate: ["P-0", "New"] }),
      ]);
      expect(await names()).toContain("Added by a person");
      expect(await names()).not.toContain("P-1");

      const dupes = await provider.check({}, { ...inputs, options: [{ name: "a" }, { name: "a" }] });
      expect(dupes.failures).toEqual([
        { property: "options[1].name", reason: expect.stringContaining("listed twice") },
      ]);

      await provider.delete(created.id, next);
      expect(await names()).toEqual(["Added by a person"]);
    });
  });
  describe("preflight: references the platform does not hold fail check, with one read per collection", () => {
    let otherCompany: string;
    let fieldId: string;
    beforeAll(async () => {
      ({ id: otherCompany } = await client.post<{ id: string }>("/v2/companies", {
        body: { name: "Preflight Co", billingCurrency: "USD", companyRoles: ["ORG"] },
      }));
      ({ id: fieldId } = await client.post<{ id: string }>(
        apiPath`/v3/companies/${otherCompany}/custom-fields`,
        {
          query: { companyRole: "ORG" },
          body: { name: "Known" },
        },
      ));
    });

    it("names a role id that does not exist", async () => {
      const group = await adminPost(`/_emulator/companies/${otherCompany}/user-groups`, { name: "Refs" });
      const result = await providerOf(userGroupRolesResource).check(
        {},
        {
          companyId: otherCompany,
          groupId: String(group.id),
          roles: [{ roleId: admin.id }, { roleId: "no-role" }],
        },
      );
      expect(result.failures).toEqual([
        {
          property: "roles[1].roleId",
          reason: expect.stringContaining("role no-role is neither a platform role"),
        },
      ]);
    });

    it("names an unknown field of a CustomFieldOrder, listing the fields once for every check", async () => {
      const provider = providerOf(customFieldOrderResource);
      const before = emulator.admin.lastRequestSeq;
      const bad = await provider.check({}, { companyId: otherCompany, fieldIds: [fieldId, "made-up"] });
      expect(bad.failures).toEqual([
        { property: "fieldIds[1]", reason: expect.stringContaining("made-up is not a custom field") },
      ]);
      expect((await provider.check({}, { companyId: otherCompany, fieldIds: [fieldId] })).failures).toEqual(
        [],
      );
      expect(emulator.admin.requestCounts(before)).toEqual({
        "POST /v3/companies/:companyId/custom-fields/list": 1,
      });
    });

    it("names an unknown customFieldId on an Arm and a made-up optionGroupId", async () => {
      const arm = await providerOf(armResource).check(
        {},
        {
          companyId: otherCompany,
          customFieldId: "made-up",
          name: "A",
          action: { type: "AUTO", value: "x" },
        },
      );
      expect(arm.failures).toEqual([
        { property: "customFieldId", reason: expect.stringContaining("custom field made-up does not exist") },
      ]);
      const group = await providerOf(optionGroupResource).check(
        {},
        { companyId: otherCompany, customFieldId: fieldId, optionGroupId: "made-up", options: [] },
      );
      expect(group.failures).toEqual([
        { property: "optionGroupId", reason: expect.stringContaining("option group made-up does not exist") },
      ]);
    });
  });
});
