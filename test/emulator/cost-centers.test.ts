import { beforeEach, describe, expect, it } from "vitest";
import { useFixture } from "./fixtures";
import { call } from "./helpers";
import {
  createObject,
  expectBadRequest,
  expectError,
  expectStatus,
  messageOf,
  orgFixture,
} from "./org-helpers";

describe("cost centers", () => {
  const fx = useFixture(orgFixture);
  let base: string;
  beforeEach(() => {
    base = `/v2/companies/${fx.companyId}/cost-centers`;
  });

  const create = (fields: Record<string, unknown>) => createObject(fx, base, fields);

  it("creates, reads, replaces and deletes a cost center (id in the { id } wrapper)", async () => {
    const id = await create({ name: "Sales", externalId: "cc-1", numberOfEmployees: 12 });
    // numberOfEmployees is create-only: the vendor's CostCenter does not carry it.
    expect((await expectStatus(fx, 200, "GET", `${base}/${id}`)).json()).toEqual({
      id: { id },
      name: "Sales",
      externalId: "cc-1",
    });
    const put = await expectStatus(fx, 204, "PUT", `${base}/${id}`, { id: { id }, name: "Sales EMEA" });
    expect(put.body).toBe("");
    expect((await expectStatus(fx, 200, "GET", `${base}/${id}`)).json()).toEqual({
      id: { id },
      name: "Sales EMEA",
    });
    await expectStatus(fx, 204, "DELETE", `${base}/${id}?detachUsers=false`);
    expectError(await call(fx.emu, fx.token, "GET", `${base}/${id}`), 404, "COST_CENTER_NOT_FOUND");
    expectError(await call(fx.emu, fx.token, "DELETE", `${base}/${id}`), 404, "COST_CENTER_NOT_FOUND");
    expectError(
      await call(fx.emu, fx.token, "PUT", `${base}/${id}`, { id: { id }, name: "x" }),
      404,
      "COST_CENTER_NOT_FOUND",
    );
  });

  it("validates bodies field by field and checks the id", async () => {
    expectBadRequest(await call(fx.emu, fx.token, "POST", base, {}), /name/);
    expectBadRequest(
      await call(fx.emu, fx.token, "POST", base, { name: "x", numberOfEmployees: 1.5 }),
      /numberOfEmployees/,
    );
    expectBadRequest(
      await call(fx.emu, fx.token, "POST", base, { name: "x", externalId: "" }),
      /externalId: must not be empty/,
    );
    const id = await create({ name: "Ops" });
    expectBadRequest(await call(fx.emu, fx.token, "PUT", `${base}/${id}`, { name: "x" }), /id/);
    expectBadRequest(
      await call(fx.emu, fx.token, "PUT", `${base}/${id}`, { id, name: "x" }),
      /^invalid request body: id:/,
    );
    expectBadRequest(
      await call(fx.emu, fx.token, "PUT", `${base}/${id}`, { id: { id: "other" }, name: "x" }),
      /id\.id other does not match/,
      "ID_MISMATCH",
    );
    expectBadRequest(await call(fx.emu, fx.token, "DELETE", `${base}/${id}?detachUsers=yes`), /detachUsers/);
  });

  it("keeps externalId unique within the company", async () => {
    await create({ name: "A", externalId: "dup" });
    const b = await create({ name: "B" });
    expectError(
      await call(fx.emu, fx.token, "POST", base, { name: "C", externalId: "dup" }),
      409,
      "DUPLICATE_EXTERNAL_ID",
    );
    const clash = await call(fx.emu, fx.token, "PUT", `${base}/${b}`, {
      id: { id: b },
      name: "B",
      externalId: "dup",
    });
    expectError(clash, 409, "DUPLICATE_EXTERNAL_ID");
    expect(messageOf(clash)).toMatch(/externalId dup is already used/);
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
      `</v3/companies/${fx.companyId}/cost-centers/list>; rel="successor-version"`,
    );
    expect(response.headers.sunset).toBe("Wed, 01 Jul 2026 00:00:00 GMT");
    expect((await expectStatus(fx, 200, "GET", `${base}?externalId=a`)).json()).toEqual({
      length: 1,
      elements: [{ id: a, name: "A" }],
      totalNumResults: 1,
    });
    // The current endpoints carry no deprecation header.
    expect((await expectStatus(fx, 200, "GET", `${base}/${a}`)).headers.deprecation).toBeUndefined();
  });

  it("lists through POST /v3/.../cost-centers/list with search, filters and paging", async () => {
    const list = `/v3/companies/${fx.companyId}/cost-centers/list`;
    const ids = [
      await create({ name: "Credit", externalId: "c1" }),
      await create({ name: "Debit", externalId: "d1" }),
      await create({ name: "Credit Cards" }),
    ];
    expect((await expectStatus(fx, 200, "POST", list, { paginationParams: {} })).json()).toEqual({
      paginationParams: { totalNumResults: 3 },
      costCenters: [
        { id: ids[0], name: "Credit" },
        { id: ids[1], name: "Debit" },
        { id: ids[2], name: "Credit Cards" },
      ],
    });
    expect(
      (await expectStatus(fx, 200, "POST", list, { paginationParams: {}, searchText: "credit" })).json(),
    ).toMatchObject({ paginationParams: { totalNumResults: 2 } });
    expect(
      (
        await expectStatus(fx, 200, "POST", list, {
          paginationParams: {},
          filters: [{ externalIds: ["d1"] }, { costCenterIds: [ids[2]] }],
        })
      ).json(),
    ).toEqual({
      paginationParams: { totalNumResults: 2 },
      costCenters: [
        { id: ids[1], name: "Debit" },
        { id: ids[2], name: "Credit Cards" },
      ],
    });
    expect(
      (
        await expectStatus(fx, 200, "POST", list, {
          paginationParams: {},
          filters: [{ externalIds: ["c1"], costCenterIds: [ids[1]] }],
        })
      ).json(),
    ).toEqual({ paginationParams: { totalNumResults: 0 }, costCenters: [] });
    expect(
      (await expectStatus(fx, 200, "POST", list, { paginationParams: { offset: 2, limit: 5 } })).json(),
    ).toEqual({
      paginationParams: { totalNumResults: 3 },
      costCenters: [{ id: ids[2], name: "Credit Cards" }],
    });
    expectBadRequest(await call(fx.emu, fx.token, "POST", list, {}), /paginationParams/);
    expectBadRequest(
      await call(fx.emu, fx.token, "POST", list, { paginationParams: { limit: 0 } }),
      /paginationParams\.limit/,
    );
  });
});
