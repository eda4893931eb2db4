import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { useFixture } from "./fixtures";
import { call } from "./helpers";
import { createObject, expectBadRequest, expectError, expectStatus, orgFixture } from "./org-helpers";

describe("departments", () => {
  const fx = useFixture(orgFixture);
  let base: string;
  beforeEach(() => {
    base = `/v2/companies/${fx.companyId}/departments`;
  });

  const create = (fields: Record<string, unknown>) => createObject(fx, base, fields);

  it("creates, reads, replaces and deletes a department (plain-string id)", async () => {
    const id = await create({ name: "IT", externalId: "dep-it" });
    expect((await expectStatus(fx, 200, "GET", `${base}/${id}`)).json()).toEqual({
      id,
      name: "IT",
      externalId: "dep-it",
    });
    const put = await expectStatus(fx, 204, "PUT", `${base}/${id}`, { id, name: "Engineering" });
    expect(put.body).toBe("");
    expect((await expectStatus(fx, 200, "GET", `${base}/${id}`)).json()).toEqual({ id, name: "Engineering" });
    await expectStatus(fx, 204, "DELETE", `${base}/${id}?detachUsers=true`);
    expectError(await call(fx.emu, fx.token, "GET", `${base}/${id}`), 404, "DEPARTMENT_NOT_FOUND");
    expectError(await call(fx.emu, fx.token, "DELETE", `${base}/${id}`), 404, "DEPARTMENT_NOT_FOUND");
  });

  it("validates bodies field by field and checks the id", async () => {
    expectBadRequest(await call(fx.emu, fx.token, "POST", base, { externalId: "x" }), /name/);
    expectBadRequest(await call(fx.emu, fx.token, "POST", base, { name: "" }), /name: must not be empty/);
    const id = await create({ name: "Ops" });
    expectBadRequest(
      await call(fx.emu, fx.token, "PUT", `${base}/${id}`, { name: "x" }),
      /^invalid request body: id:/,
    );
    const other = randomUUID();
    expectBadRequest(
      await call(fx.emu, fx.token, "PUT", `${base}/${id}`, { id: other, name: "x" }),
      new RegExp(`id ${other} does not match`),
      "ID_MISMATCH",
    );
    expectBadRequest(await call(fx.emu, fx.token, "DELETE", `${base}/${id}?detachUsers=1`), /detachUsers/);
  });

  it("keeps externalId unique within the company", async () => {
    await create({ name: "A", externalId: "dup" });
    const b = await create({ name: "B", externalId: "b" });
    expectError(
      await call(fx.emu, fx.token, "POST", base, { name: "C", externalId: "dup" }),
      409,
      "DUPLICATE_EXTERNAL_ID",
    );
    expectError(
      await call(fx.emu, fx.token, "PUT", `${base}/${b}`, { id: b, name: "B", externalId: "dup" }),
      409,
      "DUPLICATE_EXTERNAL_ID",
    );
    await expectStatus(fx, 204, "PUT", `${base}/${b}`, { id: b, name: "B2", externalId: "b" });
  });

  it("lists through the deprecated GET with deprecation headers and the externalId filter", async () => {
    const a = await create({ name: "A", externalId: "a" });
    const b = await create({ name: "B" });
    const response = await expectStatus(fx, 200, "GET", base);
    expect(response.json()).toEqual({
      length: 2,
      elements: [
        { id: a, name: "A" },
        { id: b, name: "B" },
      ],
      totalNumResults: 2,
    });
    expect(response.headers.deprecation).toBe("true");
    expect(response.headers.link).toBe(
      `</v3/companies/${fx.companyId}/departments/list>; rel="successor-version"`,
    );
    expect(response.headers.sunset).toBe("Wed, 01 Jul 2026 00:00:00 GMT");
    expect((await expectStatus(fx, 200, "GET", `${base}?externalId=a`)).json()).toMatchObject({
      elements: [{ id: a, name: "A" }],
      totalNumResults: 1,
    });
  });

  it("lists through POST /v3/.../departments/list with search, filters and paging", async () => {
    const list = `/v3/companies/${fx.companyId}/departments/list`;
    const ids = [
      await create({ name: "Accounting", externalId: "acc" }),
      await create({ name: "Engineering" }),
      await create({ name: "Account Management", externalId: "am" }),
    ];
    expect((await expectStatus(fx, 200, "POST", list, { paginationParams: { limit: 2 } })).json()).toEqual({
      paginationParams: { totalNumResults: 3 },
      departments: [
        { id: ids[0], name: "Accounting" },
        { id: ids[1], name: "Engineering" },
      ],
    });
    expect(
      (await expectStatus(fx, 200, "POST", list, { paginationParams: {}, searchText: " ACCOUNT " })).json(),
    ).toEqual({
      paginationParams: { totalNumResults: 2 },
      departments: [
        { id: ids[0], name: "Accounting" },
        { id: ids[2], name: "Account Management" },
      ],
    });
    expect(
      (
        await expectStatus(fx, 200, "POST", list, {
          paginationParams: {},
          filters: [{ departmentIds: [ids[1]] }, { externalIds: ["am"] }],
        })
      ).json(),
    ).toMatchObject({ paginationParams: { totalNumResults: 2 } });
    expect(
      (await expectStatus(fx, 200, "POST", list, { paginationParams: {}, filters: [] })).json(),
    ).toMatchObject({ paginationParams: { totalNumResults: 3 } });
    expectBadRequest(
      await call(fx.emu, fx.token, "POST", list, { paginationParams: { offset: "1" } }),
      /paginationParams\.offset/,
    );
    expectBadRequest(
      await call(fx.emu, fx.token, "POST", list, { paginationParams: {}, filters: [{ departmentIds: "x" }] }),
      /filters\.0\.departmentIds/,
    );
  });
});
