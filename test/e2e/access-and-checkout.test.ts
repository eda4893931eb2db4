/**
 * Access control and checkout questions through the real engine, with the packed package: three
 * custom fields with arms (USER + MANUAL with 50 options, AUTO, a profile attribute), their
 * order, and the role assignments of a custom group. The steps run in order, each changing the
 * program through the `step` config value; edits of independent resources (options, order, a
 * field's enabled, a group's roles) share one `up`, each checked on its own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, TravelClient } from "../../src/client";
import { PLATFORM_ROLES } from "../../src/emulator/rbac/seed";
import { createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";

const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
const travel = require("pulumi-travel");
const config = new pulumi.Config();
const step = Number(config.require("step"));
const companyId = config.require("companyId");
const roleIds = JSON.parse(config.require("roleIds"));

let options = Array.from({ length: 50 }, (_, i) => ({ name: "Project " + (i + 1) }));
if (step >= 3) {
  options = options
    .filter((o) => o.name !== "Project 1" && o.name !== "Project 2")
    .map((o) => (o.name === "Project 3" ? { ...o, description: "edited" } : o));
  for (let i = 51; i <= 55; i++) options.push({ name: "Project " + i });
}
if (step >= 7) options = options.map((o) => (o.name === "Project 4" ? { ...o, description: "also edited" } : o));

const project = new travel.CustomField("project", { companyId, name: "Project", enabled: step < 5 });
const purpose = new travel.CustomField("purpose", { companyId, name: "Trip purpose", enabled: true });
const department = new travel.CustomField("department", { companyId, name: "Department", description: "From the profile", enabled: true });
const pick = new travel.Arm("project-pick", {
  companyId, customFieldId: project.customFieldId, name: "Pick a project",
  action: { type: "USER", userOptionSource: { type: "MANUAL" } },
});
new travel.OptionGroup("project-options", { companyId, customFieldId: project.customFieldId, optionGroupId: pick.optionGroupId, options });
new travel.Arm("purpose-auto", {
  companyId, customFieldId: purpose.customFieldId, name: "Default purpose", action: { type: "AUTO", value: "Business" },
});
new travel.Arm("department-profile", {
  companyId, customFieldId: department.customFieldId, name: "From profile",
  action: { type: "USER", userOptionSource: { type: "PROFILE_ATTRIBUTE", attribute: "department" } },
});
const ordered = step >= 4 ? [department, project, purpose] : [project, purpose, department];
new travel.CustomFieldOrder("order", { companyId, fieldIds: ordered.map((f) => f.customFieldId) });

const assignments = [
  { roleId: roleIds[0], scope: { audiences: [{ predicates: [{ type: "COMPANY", id: companyId }] }] } },
  { roleId: roleIds[1], scope: { audiences: [{ predicates: [{ type: "LEGAL_ENTITY" }] }] } },
  { roleId: roleIds[2], scope: { audiences: [{ predicates: [{ type: "PROFILE" }, { type: "STEALTH_TYPE", id: "STEALTH_TYPE_1" }] }] } },
];
new travel.UserGroupRoles("finance", { companyId, groupId: config.require("groupId"), roles: step >= 6 ? assignments.slice(0, 2) : assignments });
if (step === 8) {
  new travel.UserGroupRoles("standard", { companyId, groupId: config.require("standardGroupId"), roles: [assignments[0]] });
}
exports.projectId = project.customFieldId;
exports.optionGroupId = pick.optionGroupId;
exports.fieldIds = [project.customFieldId, purpose.customFieldId, department.customFieldId];
`;

const OPTION_PATCH =
  "PATCH /v3/companies/:companyId/custom-fields/:customFieldId/option-groups/:optionGroupId";

describe.skipIf(e2eSkipReason() !== "")("access control and checkout through the Pulumi engine", () => {
  let env: E2eEnvironment;
  let client: TravelClient;
  let companyId: string;
  let groupId: string;
  let outputs: Record<string, unknown> = {};

  const setStep = (step: number) => env.stack.setConfig("checkout:step", { value: String(step) });
  const up = async () => {
    const result = await env.stack.up();
    outputs = Object.fromEntries(Object.entries(result.outputs).map(([key, value]) => [key, value.value]));
    return result;
  };
  const fieldList = async () =>
    (
      await client.post<{ fields: { id: string; enabled: boolean }[] }>(
        apiPath`/v3/companies/${companyId}/custom-fields/list`,
        { query: { companyRole: "ORG" }, body: { paginationParams: {} }, idempotent: true },
      )
    ).fields;
  const optionGroupPath = () =>
    apiPath`/v3/companies/${companyId}/custom-fields/${String(outputs.projectId)}/option-groups/${String(outputs.optionGroupId)}`;
  const optionNames = async () =>
    (await client.get<{ options: { name: string }[] }>(optionGroupPath())).options.map((o) => o.name);
  const groupRoles = async () =>
    (
      await client.post<{ roles: { id: string }[] }>(
        apiPath`/v3/companies/${companyId}/user-groups/${groupId}/roles`,
        {
          body: { pagination: { offset: 0, limit: 100 } },
          idempotent: true,
        },
      )
    ).roles.map((r) => r.id);

  beforeAll(async () => {
    env = await createEnvironment("checkout", PROGRAM);
    client = new TravelClient({
      baseUrl: env.emulator.url,
      credentials: {
        clientId: env.emulator.bootstrap.clientId,
        clientSecret: env.emulator.bootstrap.clientSecret,
      },
    });
    ({ id: companyId } = await client.post<{ id: string }>("/v2/companies", {
      body: { name: "Checkout Inc", billingCurrency: "USD", companyRoles: ["ORG"] },
    }));
    const created = await fetch(`${env.emulator.url}/_emulator/companies/${companyId}/user-groups`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Finance travelers" }),
    });
    groupId = ((await created.json()) as { id: string }).id;
    const groups = await client.post<{ userGroups: { id: string; isUnmodifiable: boolean }[] }>(
      apiPath`/v3/companies/${companyId}/user-groups/list`,
      { body: { pagination: { offset: 0, limit: 10 } }, idempotent: true },
    );
    const standard = groups.userGroups.find((g) => g.isUnmodifiable);
    await env.stack.setAllConfig({
      "checkout:step": { value: "1" },
      "checkout:companyId": { value: companyId },
      "checkout:groupId": { value: groupId },
      "checkout:standardGroupId": { value: standard?.id ?? "" },
      "checkout:roleIds": { value: JSON.stringify(PLATFORM_ROLES.slice(0, 3).map((r) => r.id)) },
    });
  });
  afterAll(async () => {
    await client?.close();
    await env?.dispose();
  });

  it("1. up creates fields, arms, 50 options, the order and 3 role assignments", async () => {
    const result = await up();
    expect(result.summary.resourceChanges).toEqual({ create: 10 });
    expect(await optionNames()).toHaveLength(50);
    expect((await fieldList()).map((f) => f.id)).toEqual(outputs.fieldIds);
    expect((await groupRoles()).sort()).toEqual(
      PLATFORM_ROLES.slice(0, 3)
        .map((r) => r.id)
        .sort(),
    );
  });

  it("2. preview expects no changes", async () => {
    await env.stack.preview({ expectNoChanges: true });
  });

  it("3. one up of independent edits: adding 5, removing 2 and editing 1 option is a single PATCH carrying exactly those", async () => {
    // Steps 3 to 6 of the program at once: the options, the order, one field disabled, one role removed.
    await setStep(6);
    const before = env.emulator.admin.lastRequestSeq;
    const journalBefore = await fetch(`${env.emulator.url}/_emulator/option-group-patches`);
    const after = ((await journalBefore.json()) as { entries: { seq: number }[] }).entries.at(-1)?.seq ?? 0;
    const result = await up();
    // The option group, the order, the project field and the group's roles: one update each.
    expect(result.summary.resourceChanges).toEqual({ same: 6, update: 4 });
    expect(env.emulator.admin.requestCounts(before)[OPTION_PATCH]).toBe(1);
    const journal = await fetch(`${env.emulator.url}/_emulator/option-group-patches?after=${after}`);
    const entries = ((await journal.json()) as { entries: { toUpdate: string[]; toDelete: string[] }[] })
      .entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]?.toDelete).toEqual(["Project 1", "Project 2"]);
    expect(entries[0]?.toUpdate.sort()).toEqual([
      "Project 3",
      "Project 51",
      "Project 52",
      "Project 53",
      "Project 54",
      "Project 55",
    ]);
    expect(await optionNames()).toHaveLength(53);
  });

  it("4. the same up reorders, and the list order matches", async () => {
    const [project, purpose, department] = outputs.fieldIds as string[];
    expect((await fieldList()).map((f) => f.id)).toEqual([department, project, purpose]);
  });

  it("5. the same up disables one field", async () => {
    const project = (await fieldList()).find((f) => f.id === outputs.projectId);
    expect(project?.enabled).toBe(false);
  });

  it("6. the same up removes one role", async () => {
    expect((await groupRoles()).sort()).toEqual(
      PLATFORM_ROLES.slice(0, 2)
        .map((r) => r.id)
        .sort(),
    );
  });

  it("7. an option added through the emulator survives the next up", async () => {
    await client.patch(optionGroupPath(), { body: { toUpdate: [{ name: "Added by the travel manager" }] } });
    await setStep(7);
    const result = await up();
    expect(result.summary.resourceChanges).toEqual({ same: 9, update: 1 });
    expect(await optionNames()).toContain("Added by the travel manager");
  });

  it("8. a UserGroupRoles aimed at a standard group fails at preview with the message", async () => {
    await setStep(8);
    const before = env.emulator.admin.lastRequestSeq;
    await expect(env.stack.preview()).rejects.toThrow(
      /is a standard group \(isUnmodifiable: true\): its roles cannot be changed/,
    );
    const writes = Object.keys(env.emulator.admin.requestCounts(before)).filter(
      (route) => /^(PATCH|PUT|DELETE) /.test(route) || /^POST .*\/(custom-fields|reorder|arms)$/.test(route),
    );
    expect(writes).toEqual([]);
    await setStep(7);
  });

  it("9. destroy removes every field, arm and option group and the group's roles", async () => {
    const result = await env.stack.destroy();
    expect(result.summary.resourceChanges).toEqual({ delete: 10 });
    expect(await fieldList()).toEqual([]);
    expect(await groupRoles()).toEqual([]);
    const state = env.emulator.admin.snapshot();
    for (const collection of ["customFields", "customFieldArms", "customFieldOptionGroups"])
      expect(Object.keys(state.collections[collection] ?? {})).toEqual([]);
  });
});
