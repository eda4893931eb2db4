import { describe, expect, it } from "vitest";
import { companyFixture, useFixture } from "./fixtures";
import { call, createCompany, errorCode, tokenFor } from "./helpers";

interface Listed {
  id: string;
  name: string;
  enabled: boolean;
  definedAt: string;
  parentInfos: { customFieldId: string }[];
}

const ID = "00000000-0000-4000-8000-000000000000";

/** The 18 routes of the user-groups, custom-fields and arms/options sections of the spec. */
const ROUTES: ["GET" | "POST" | "PUT" | "PATCH" | "DELETE", string][] = [
  ["POST", `/v3/companies/${ID}/user-groups/list`],
  ["GET", `/v3/companies/${ID}/user-groups/${ID}`],
  ["POST", `/v3/companies/${ID}/user-groups/${ID}/roles`],
  ["POST", `/v3/companies/${ID}/roles`],
  ["PATCH", `/v3/companies/${ID}/user-groups/${ID}/roles`],
  ["POST", `/v3/companies/${ID}/custom-fields`],
  ["POST", `/v3/companies/${ID}/custom-fields/list`],
  ["GET", `/v3/companies/${ID}/custom-fields/${ID}`],
  ["PUT", `/v3/companies/${ID}/custom-fields/${ID}`],
  ["DELETE", `/v3/companies/${ID}/custom-fields/${ID}`],
  ["PATCH", `/v3/companies/${ID}/custom-fields/update-status`],
  ["POST", `/v3/companies/${ID}/custom-fields/reorder`],
  ["POST", `/v3/companies/${ID}/custom-fields/${ID}/arms`],
  ["POST", `/v3/companies/${ID}/custom-fields/${ID}/arms/list`],
  ["GET", `/v3/companies/${ID}/custom-fields/${ID}/arms/${ID}`],
  ["PUT", `/v3/companies/${ID}/custom-fields/${ID}/arms/${ID}`],
  ["DELETE", `/v3/companies/${ID}/custom-fields/${ID}/arms/${ID}`],
  ["PATCH", `/v3/companies/${ID}/custom-fields/${ID}/option-groups/${ID}`],
];

const MANUAL = { type: "USER", userOptionSource: { type: "MANUAL" } };

describe("custom fields, arms and option groups", () => {
  const fx = useFixture(companyFixture, "all");
  const fields = () => `/v3/companies/${fx.companyId}/custom-fields`;

  const createField = async (name: string, extra: Record<string, unknown> = {}) => {
    const response = await call(fx.emu, fx.token, "POST", `${fields()}?companyRole=ORG`, { name, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const list = async (
    query = "companyRole=ORG",
    body: Record<string, unknown> = { paginationParams: {} },
  ) => {
    const response = await call(fx.emu, fx.token, "POST", `${fields()}/list?${query}`, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ fields: Listed[]; paginationParams: Record<string, number> }>();
  };

  it("answers every route of the three spec sections with 401 without a token", async () => {
    const statuses = await Promise.all(
      ROUTES.map(
        async ([method, url]) =>
          `${method} ${url} ${(await call(fx.emu, undefined, method, url, method === "GET" || method === "DELETE" ? undefined : {})).statusCode}`,
      ),
    );
    expect(statuses).toEqual(ROUTES.map(([method, url]) => `${method} ${url} 401`));
  });

  it("creates disabled fields, refuses a duplicate name with 409 and pages with defaults", async () => {
    const id = await createField("Project code", {
      description: "Which project?",
      respondOnlyOnceLevel: "TRIP",
    });
    const got = await call(fx.emu, fx.token, "GET", `${fields()}/${id}`);
    expect(got.json()).toEqual({
      id,
      name: "Project code",
      description: "Which project?",
      respondOnlyOnceLevel: "TRIP",
    });
    const duplicate = await call(fx.emu, fx.token, "POST", `${fields()}?companyRole=ORG`, {
      name: "project CODE",
    });
    expect(duplicate.statusCode).toBe(409);
    expect(errorCode(duplicate)).toBe("DUPLICATE_CUSTOM_FIELD_NAME");
    const listed = await list();
    expect(listed.paginationParams).toEqual({ offset: 0, limit: 100, totalNumResults: 1 });
    expect(listed.fields[0]).toMatchObject({ id, enabled: false, definedAt: "ORG", parentInfos: [] });
    const noRole = await call(fx.emu, fx.token, "POST", fields(), { name: "x" });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.body).toContain("companyRole");
    const noName = await call(fx.emu, fx.token, "POST", `${fields()}?companyRole=ORG`, {});
    expect(noName.body).toContain("name");
    const wrongLevel = await call(fx.emu, fx.token, "POST", `${fields()}?companyRole=TMC`, { name: "y" });
    expect(errorCode(wrongLevel)).toBe("COMPANY_ROLE_MISMATCH");
  });

  it("pages the list with offset and limit", async () => {
    for (let i = 0; i < 4; i++) await createField(`Paged ${i}`);
    const second = await list("companyRole=ORG", {
      paginationParams: { offset: 2, limit: 2 },
      searchText: "paged",
    });
    expect(second.fields.map((f) => f.name)).toEqual(["Paged 2", "Paged 3"]);
    expect(second.paginationParams).toEqual({ offset: 2, limit: 2, totalNumResults: 4 });
  });

  it("inherits TMC fields into a company's ORG list with parentInfos; ORG is a company admin's level", async () => {
    const tmcId = fx.emu.bootstrap.tmcId;
    const tmcField = await call(
      fx.emu,
      fx.token,
      "POST",
      `/v3/companies/${tmcId}/custom-fields?companyRole=TMC`,
      { name: "Agency ref" },
    );
    expect(tmcField.statusCode).toBe(201);
    const tmcFieldId = tmcField.json<{ id: string }>().id;
    const listed = await list();
    const inherited = listed.fields.find((f) => f.id === tmcFieldId);
    expect(inherited).toMatchObject({
      definedAt: "TMC",
      parentInfos: [{ customFieldId: tmcFieldId, companyId: tmcId }],
    });
    const admin = await fx.emu.app.inject({
      method: "POST",
      url: "/_emulator/company-admins",
      payload: { companyId: fx.companyId },
    });
    const creds = admin.json<{ clientId: string; clientSecret: string }>();
    const companyToken = await tokenFor(fx.emu, creds.clientId, creds.clientSecret);
    const own = await call(fx.emu, companyToken, "POST", `${fields()}?companyRole=ORG`, {
      name: "Admin's own",
    });
    expect(own.statusCode).toBe(201);
    const tmcByCompany = await call(
      fx.emu,
      companyToken,
      "POST",
      `/v3/companies/${tmcId}/custom-fields?companyRole=TMC`,
      { name: "z" },
    );
    expect(tmcByCompany.statusCode).toBe(403);
    const partner = await call(fx.emu, fx.token, "POST", `${fields()}?companyRole=PARTNER_TMC`, {
      name: "z",
    });
    expect(errorCode(partner)).toBe("COMPANY_ROLE_MISMATCH");
  });

  it("enables and disables through update-status, ORG or TMC only, all or nothing", async () => {
    const id = await createField("Cost code");
    const enable = await call(fx.emu, fx.token, "PATCH", `${fields()}/update-status?companyRole=ORG`, {
      fieldsToUpdate: [{ id, enabled: true }],
    });
    expect(enable.statusCode).toBe(200);
    expect(
      (await list("companyRole=ORG", { paginationParams: {}, filter: { enabled: true } })).fields.map(
        (f) => f.id,
      ),
    ).toEqual([id]);
    const partner = await call(
      fx.emu,
      fx.token,
      "PATCH",
      `${fields()}/update-status?companyRole=PARTNER_TMC`,
      {
        fieldsToUpdate: [{ id, enabled: false }],
      },
    );
    expect(partner.statusCode).toBe(400);
    expect(partner.body).toContain("companyRole");
    const mixed = await call(fx.emu, fx.token, "PATCH", `${fields()}/update-status?companyRole=ORG`, {
      fieldsToUpdate: [
        { id, enabled: false },
        { id: ID, enabled: false },
      ],
    });
    expect(errorCode(mixed)).toBe("CUSTOM_FIELD_NOT_FOUND");
    expect(
      (await list("companyRole=ORG", { paginationParams: {}, filter: { customFieldIds: [id] } })).fields[0]
        ?.enabled,
    ).toBe(true);
    const empty = await call(fx.emu, fx.token, "PATCH", `${fields()}/update-status?companyRole=ORG`, {
      fieldsToUpdate: [],
    });
    expect(empty.statusCode).toBe(400);
  });

  it("reorders BEFORE and AFTER; lists follow the order; needs at least one id", async () => {
    const own = (await list()).fields.filter((f) => f.parentInfos.length === 0).map((f) => f.id);
    const [a, b, c] = own as [string, string, string];
    const move = await call(fx.emu, fx.token, "POST", `${fields()}/reorder`, {
      targetFieldId: a,
      direction: "BEFORE",
      fieldIdsToMove: [c, b],
    });
    expect(move.statusCode).toBe(200);
    const after = (await list()).fields.filter((f) => f.parentInfos.length === 0).map((f) => f.id);
    expect(after.slice(0, 3)).toEqual([c, b, a]);
    const tail = await call(fx.emu, fx.token, "POST", `${fields()}/reorder`, {
      targetFieldId: after.at(-1),
      direction: "AFTER",
      fieldIdsToMove: [c],
    });
    expect(tail.statusCode).toBe(200);
    expect(
      (await list()).fields
        .filter((f) => f.parentInfos.length === 0)
        .map((f) => f.id)
        .at(-1),
    ).toBe(c);
    const none = await call(fx.emu, fx.token, "POST", `${fields()}/reorder`, {
      targetFieldId: a,
      direction: "AFTER",
      fieldIdsToMove: [],
    });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain("at least one");
    const self = await call(fx.emu, fx.token, "POST", `${fields()}/reorder`, {
      targetFieldId: a,
      direction: "AFTER",
      fieldIdsToMove: [a],
    });
    expect(errorCode(self)).toBe("INVALID_REORDER");
    const unknown = await call(fx.emu, fx.token, "POST", `${fields()}/reorder`, {
      targetFieldId: a,
      direction: "AFTER",
      fieldIdsToMove: [ID],
    });
    expect(errorCode(unknown)).toBe("CUSTOM_FIELD_NOT_FOUND");
  });

  it("PUT replaces the whole field and refuses an id that differs from the path", async () => {
    const id = await createField("Replace me", { description: "old", managementTags: ["a"] });
    const put = await call(fx.emu, fx.token, "PUT", `${fields()}/${id}`, { id, name: "Replaced" });
    expect(put.statusCode).toBe(200);
    expect((await call(fx.emu, fx.token, "GET", `${fields()}/${id}`)).json()).toEqual({
      id,
      name: "Replaced",
    });
    const mismatch = await call(fx.emu, fx.token, "PUT", `${fields()}/${id}`, { id: ID, name: "x" });
    expect(mismatch.statusCode).toBe(400);
    expect(errorCode(mismatch)).toBe("ID_MISMATCH");
    const clash = await call(fx.emu, fx.token, "PUT", `${fields()}/${id}`, { id, name: "Cost code" });
    expect(clash.statusCode).toBe(409);
  });

  it("creates arms: an option group only for USER + MANUAL; list needs a body; PUT keeps the kind", async () => {
    const field = await createField("Arms field");
    const arms = `${fields()}/${field}/arms`;
    const manual = await call(fx.emu, fx.token, "POST", arms, { name: "Pick", action: MANUAL });
    expect(manual.statusCode).toBe(201);
    expect(Object.keys(manual.json()).sort()).toEqual(["armId", "optionGroupId"]);
    const auto = await call(fx.emu, fx.token, "POST", arms, {
      name: "Auto",
      action: { type: "AUTO", value: "X" },
    });
    expect(Object.keys(auto.json())).toEqual(["armId"]);
    const profile = await call(fx.emu, fx.token, "POST", arms, {
      name: "Dept",
      action: { type: "USER", userOptionSource: { type: "PROFILE_ATTRIBUTE", attribute: "department" } },
      audiences: [{ legalEntityIds: ["le"] }],
    });
    expect(Object.keys(profile.json())).toEqual(["armId"]);
    const bad = await call(fx.emu, fx.token, "POST", arms, { name: "x", action: { type: "USER" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("action.userOptionSource");
    const noBody = await call(fx.emu, fx.token, "POST", `${arms}/list`);
    expect(errorCode(noBody)).toBe("BODY_REQUIRED");
    const all = await call(fx.emu, fx.token, "POST", `${arms}/list`, {});
    expect(
      all
        .json<{ arms: { name: string; audiences: unknown[] }[] }>()
        .arms.map((a) => [a.name, a.audiences.length]),
    ).toEqual([
      ["Pick", 0],
      ["Auto", 0],
      ["Dept", 1],
    ]);
    const searched = await call(fx.emu, fx.token, "POST", `${arms}/list`, { searchText: "au" });
    expect(searched.json<{ arms: { name: string }[] }>().arms.map((a) => a.name)).toEqual(["Auto"]);
    const autoId = auto.json<{ armId: string }>().armId;
    const put = await call(fx.emu, fx.token, "PUT", `${arms}/${autoId}`, {
      id: "ignored: the path names the arm",
      name: "Auto 2",
      action: { type: "AUTO" },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call(fx.emu, fx.token, "GET", `${arms}/${autoId}`)).json()).toEqual({
      id: autoId,
      name: "Auto 2",
      audiences: [],
      action: { type: "AUTO" },
    });
    const switchKind = await call(fx.emu, fx.token, "PUT", `${arms}/${autoId}`, {
      name: "Auto 2",
      action: MANUAL,
    });
    expect(errorCode(switchKind)).toBe("ARM_OPTION_SOURCE_CHANGE");
    const missing = await call(fx.emu, fx.token, "GET", `${arms}/${ID}`);
    expect(errorCode(missing)).toBe("ARM_NOT_FOUND");
  });

  it("patches options: toDelete first, then upsert by name; the rest untouched; CSV upload upserts", async () => {
    const field = await createField("Options field");
    const arm = await call(fx.emu, fx.token, "POST", `${fields()}/${field}/arms`, {
      name: "Pick",
      action: MANUAL,
    });
    const { armId, optionGroupId } = arm.json<{ armId: string; optionGroupId: string }>();
    const group = `${fields()}/${field}/option-groups/${optionGroupId}`;
    const names = async () =>
      (await call(fx.emu, fx.token, "GET", group)).json<{
        options: { name: string; description?: string }[];
      }>().options;
    expect(
      (
        await call(fx.emu, fx.token, "PATCH", group, {
          toUpdate: [{ name: "A" }, { name: "B" }, { name: "C" }],
        })
      ).statusCode,
    ).toBe(200);
    const patched = await call(fx.emu, fx.token, "PATCH", group, {
      toDelete: [{ name: "A" }, { name: "not there" }],
      toUpdate: [{ name: "B", description: "bee" }, { name: "D" }],
    });
    expect(patched.statusCode).toBe(200);
    expect(await names()).toEqual([{ name: "B", description: "bee" }, { name: "C" }, { name: "D" }]);
    const both = await call(fx.emu, fx.token, "PATCH", group, {
      toDelete: [{ name: "C" }],
      toUpdate: [{ name: "C" }],
    });
    expect(errorCode(both)).toBe("DUPLICATE_OPTION");
    const empty = await call(fx.emu, fx.token, "PATCH", group, {});
    expect(empty.statusCode).toBe(400);
    const tooMany = await call(fx.emu, fx.token, "PATCH", group, {
      toUpdate: Array.from({ length: 1001 }, (_, i) => ({ name: `o${i}` })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain("batches");
    const upload = await fx.emu.app.inject({
      method: "POST",
      url: `${group}/upload`,
      headers: { authorization: `Bearer ${fx.token}`, "content-type": "text/csv" },
      payload: 'name,description\nD,"dee, with comma"\nE,\n',
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json()).toEqual({ inserted: 1, updated: 1, total: 4 });
    expect((await names()).map((o) => o.name)).toEqual(["B", "C", "D", "E"]);
    const badCsv = await fx.emu.app.inject({
      method: "POST",
      url: `${group}/upload`,
      headers: { authorization: `Bearer ${fx.token}`, "content-type": "text/csv" },
      payload: "label\nx\n",
    });
    expect(errorCode(badCsv)).toBe("CSV_INVALID");
    const journal = await fx.emu.app.inject({ method: "GET", url: "/_emulator/option-group-patches" });
    expect(journal.json<{ entries: { toDelete: string[] }[] }>().entries.at(-1)?.toDelete).toEqual([
      "A",
      "not there",
    ]);

    expect((await call(fx.emu, fx.token, "DELETE", `${fields()}/${field}/arms/${armId}`)).statusCode).toBe(
      200,
    );
    expect(errorCode(await call(fx.emu, fx.token, "GET", group))).toBe("OPTION_GROUP_NOT_FOUND");
  });

  it("deleting a company removes its custom fields, user groups and company roles", async () => {
    const other = await createCompany(fx.emu, fx.token, { name: "Short-lived" });
    await call(fx.emu, fx.token, "POST", `/v3/companies/${other}/custom-fields?companyRole=ORG`, {
      name: "Gone soon",
    });
    await fx.emu.app.inject({
      method: "POST",
      url: `/_emulator/companies/${other}/user-groups`,
      payload: { name: "g" },
    });
    expect(JSON.stringify(fx.emu.admin.snapshot())).toContain(other);
    const deleted = await call(fx.emu, fx.token, "DELETE", `/v2/companies/${other}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const { collections } = fx.emu.admin.snapshot();
    for (const name of ["customFields", "customFieldOrder", "userGroups", "roles", "rbacSeeded"])
      expect(JSON.stringify(collections[name] ?? {})).not.toContain(other);
  });

  it("DELETE of a field cascades to its arms and option groups", async () => {
    const field = await createField("Cascade");
    const arm = await call(fx.emu, fx.token, "POST", `${fields()}/${field}/arms`, {
      name: "Pick",
      action: MANUAL,
    });
    const { optionGroupId } = arm.json<{ optionGroupId: string }>();
    await call(fx.emu, fx.token, "PATCH", `${fields()}/${field}/option-groups/${optionGroupId}`, {
      toUpdate: [{ name: "x" }],
    });
    expect((await call(fx.emu, fx.token, "DELETE", `${fields()}/${field}`)).statusCode).toBe(200);
    expect(errorCode(await call(fx.emu, fx.token, "GET", `${fields()}/${field}`))).toBe(
      "CUSTOM_FIELD_NOT_FOUND",
    );
    const state = JSON.stringify(fx.emu.admin.snapshot());
    expect(state).not.toContain(field);
    expect(state).not.toContain(optionGroupId);
  });
});
