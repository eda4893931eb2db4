import { describe, expect, it } from "vitest";
import { PLATFORM_ROLES } from "../../src/emulator/rbac/seed";
import { companyFixture, useFixture } from "./fixtures";
import { call, createCompany, errorCode, tokenFor } from "./helpers";

interface Group {
  id: string;
  name: string;
  isUnmodifiable: boolean;
}

describe("user groups and roles", () => {
  const page = { pagination: { offset: 0, limit: 100 } };
  const [admin, arranger, reports] = PLATFORM_ROLES;

  /** A company with a custom group made through the admin route, and one of its standard groups. */
  const fx = useFixture(async () => {
    const company = await companyFixture();
    const { emu, token, companyId } = company;
    const created = await emu.app.inject({
      method: "POST",
      url: `/_emulator/companies/${companyId}/user-groups`,
      payload: { name: "Finance travelers", description: "custom" },
    });
    expect(created.statusCode).toBe(201);
    const custom = created.json<Group>();
    const list = await call(emu, token, "POST", `/v3/companies/${companyId}/user-groups/list`, page);
    const standard = list.json<{ userGroups: Group[] }>().userGroups.find((g) => g.isUnmodifiable) as Group;
    return { ...company, custom, standard };
  }, "all");
  const base = () => `/v3/companies/${fx.companyId}`;

  it("seeds standard groups, platform roles and company roles per company", async () => {
    const groups = await call(fx.emu, fx.token, "POST", `${base()}/user-groups/list`, page);
    const body = groups.json<{ userGroups: Group[]; pagination: { totalNumResults: number } }>();
    expect(body.userGroups.filter((g) => g.isUnmodifiable).map((g) => g.name)).toEqual([
      "Company admins",
      "Travel arrangers",
      "Travelers",
    ]);
    expect(body.pagination.totalNumResults).toBe(4);
    const roles = await call(fx.emu, fx.token, "POST", `${base()}/roles`, page);
    const all = roles.json<{
      roles: { id: string; isPlatformRole: boolean; companyId?: string; permissions: unknown[] }[];
    }>().roles;
    expect(all.filter((r) => r.isPlatformRole)).toHaveLength(PLATFORM_ROLES.length);
    expect(all.filter((r) => !r.isPlatformRole).every((r) => r.companyId === fx.companyId)).toBe(true);
    expect(all.filter((r) => !r.isPlatformRole)).toHaveLength(2);
    const other = await createCompany(fx.emu, fx.token, { name: "Other" });
    const otherRoles = await call(fx.emu, fx.token, "POST", `/v3/companies/${other}/roles`, {
      ...page,
      filters: { roleProvidedBy: "COMPANY" },
    });
    const ids = otherRoles.json<{ roles: { id: string; companyId: string }[] }>().roles;
    expect(ids.every((r) => r.companyId === other)).toBe(true);
  });

  it("lists groups with search, sort, filters and pages", async () => {
    const searched = await call(fx.emu, fx.token, "POST", `${base()}/user-groups/list`, {
      ...page,
      searchText: "TRAVEL",
    });
    expect(
      searched
        .json<{ userGroups: Group[] }>()
        .userGroups.map((g) => g.name)
        .sort(),
    ).toEqual(["Finance travelers", "Travel arrangers", "Travelers"]);
    const sorted = await call(fx.emu, fx.token, "POST", `${base()}/user-groups/list`, {
      pagination: { offset: 1, limit: 2 },
      sortParams: { sortBy: "NAME", sortOrder: "DESC" },
    });
    const body = sorted.json<{ userGroups: Group[]; pagination: { totalNumResults: number } }>();
    expect(body.userGroups.map((g) => g.name)).toEqual(["Travel arrangers", "Finance travelers"]);
    expect(body.pagination.totalNumResults).toBe(4);
    const filtered = await call(fx.emu, fx.token, "POST", `${base()}/user-groups/list`, {
      ...page,
      filters: { userGroupIds: [fx.custom.id] },
    });
    expect(filtered.json<{ userGroups: Group[] }>().userGroups.map((g) => g.id)).toEqual([fx.custom.id]);
    const missing = await call(fx.emu, fx.token, "POST", `${base()}/user-groups/list`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errorMessages: { message: string }[] }>().errorMessages[0]?.message).toContain(
      "pagination",
    );
  });

  it("gets one group and answers 404 USER_GROUP_NOT_FOUND for another", async () => {
    const got = await call(fx.emu, fx.token, "GET", `${base()}/user-groups/${fx.custom.id}`);
    expect(got.json()).toMatchObject({
      id: fx.custom.id,
      companyId: fx.companyId,
      isUnmodifiable: false,
      name: "Finance travelers",
    });
    const missing = await call(
      fx.emu,
      fx.token,
      "GET",
      `${base()}/user-groups/00000000-0000-4000-8000-000000000000`,
    );
    expect(missing.statusCode).toBe(404);
    expect(errorCode(missing)).toBe("USER_GROUP_NOT_FOUND");
  });

  it("patches roles: rolesToDelete first, then rolesToAdd, scopes included", async () => {
    const scope = { audiences: [{ predicates: [{ type: "LEGAL_ENTITY", id: "le-1" }] }] };
    const add = await call(fx.emu, fx.token, "PATCH", `${base()}/user-groups/${fx.custom.id}/roles`, {
      rolesToAdd: [
        { roleId: admin.id, scope },
        { roleId: arranger.id, scope: { audiences: [] } },
      ],
    });
    expect(add.statusCode).toBe(200);
    const swap = await call(fx.emu, fx.token, "PATCH", `${base()}/user-groups/${fx.custom.id}/roles`, {
      rolesToAdd: [
        { roleId: reports.id, scope: { audiences: [] } },
        { roleId: arranger.id, scope },
      ],
      rolesToDelete: [{ roleId: admin.id }, { roleId: arranger.id }],
    });
    expect(swap.statusCode).toBe(200);
    const roles = await call(fx.emu, fx.token, "POST", `${base()}/user-groups/${fx.custom.id}/roles`, {
      ...page,
      sortParams: { sortBy: "NAME" },
    });
    expect(roles.json<{ roles: { id: string; scope: unknown }[] }>().roles).toEqual([
      expect.objectContaining({ id: reports.id, scope: { audiences: [] } }),
      expect.objectContaining({ id: arranger.id, scope }),
    ]);
    const platformOnly = await call(fx.emu, fx.token, "POST", `${base()}/user-groups/${fx.custom.id}/roles`, {
      ...page,
      filters: { roleProvidedBy: "COMPANY" },
    });
    expect(platformOnly.json<{ roles: unknown[] }>().roles).toEqual([]);
  });

  it("refuses unknown roles, duplicates and bad predicates with 400 naming the entry", async () => {
    const unknown = await call(fx.emu, fx.token, "PATCH", `${base()}/user-groups/${fx.custom.id}/roles`, {
      rolesToAdd: [{ roleId: "nope", scope: { audiences: [] } }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorCode(unknown)).toBe("UNKNOWN_ROLE");
    expect(unknown.body).toContain("rolesToAdd[0].roleId");
    const twice = await call(fx.emu, fx.token, "PATCH", `${base()}/user-groups/${fx.custom.id}/roles`, {
      rolesToAdd: [{ roleId: admin.id }, { roleId: admin.id }],
    });
    expect(errorCode(twice)).toBe("DUPLICATE_ROLE");
    const predicate = await call(fx.emu, fx.token, "PATCH", `${base()}/user-groups/${fx.custom.id}/roles`, {
      rolesToAdd: [{ roleId: admin.id, scope: { audiences: [{ predicates: [{ type: "PLANET" }] }] } }],
    });
    expect(predicate.statusCode).toBe(400);
    expect(predicate.body).toContain("rolesToAdd.0.scope.audiences.0.predicates.0.type");
  });

  it("refuses to patch a standard group with 403 USER_GROUP_UNMODIFIABLE", async () => {
    const response = await call(fx.emu, fx.token, "PATCH", `${base()}/user-groups/${fx.standard.id}/roles`, {
      rolesToAdd: [{ roleId: reports.id }],
    });
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe("USER_GROUP_UNMODIFIABLE");
    expect(response.body).toContain("standard group");
  });

  it("keeps tenants apart: a company admin of another company gets 403", async () => {
    const other = await createCompany(fx.emu, fx.token, { name: "Elsewhere" });
    const created = await fx.emu.app.inject({
      method: "POST",
      url: "/_emulator/company-admins",
      payload: { companyId: other },
    });
    const { clientId, clientSecret } = created.json<{ clientId: string; clientSecret: string }>();
    const otherToken = await tokenFor(fx.emu, clientId, clientSecret);
    const response = await call(fx.emu, otherToken, "POST", `${base()}/user-groups/list`, page);
    expect(response.statusCode).toBe(403);
  });

  it("creates custom groups based on another through the admin route", async () => {
    const created = await fx.emu.app.inject({
      method: "POST",
      url: `/_emulator/companies/${fx.companyId}/user-groups`,
      payload: { name: "Arrangers plus", basedOnGroupId: fx.standard.id },
    });
    expect(created.statusCode).toBe(201);
    const group = created.json<Group>();
    expect(group.isUnmodifiable).toBe(false);
    const roles = await call(fx.emu, fx.token, "POST", `${base()}/user-groups/${group.id}/roles`, page);
    expect(roles.json<{ roles: { id: string }[] }>().roles.map((r) => r.id)).toEqual([admin.id]);
    const bad = await fx.emu.app.inject({
      method: "POST",
      url: `/_emulator/companies/${fx.companyId}/user-groups`,
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("name");
    const noCompany = await fx.emu.app.inject({
      method: "POST",
      url: "/_emulator/companies/00000000-0000-4000-8000-000000000000/user-groups",
      payload: { name: "x" },
    });
    expect(errorCode(noCompany)).toBe("COMPANY_NOT_FOUND");
  });
});
