import { beforeEach, describe, expect, it } from "vitest";
import { useFixture } from "./fixtures";
import { call } from "./helpers";
import { createObject, expectBadRequest, expectError, expectStatus, orgFixture } from "./org-helpers";

describe("grades", () => {
  const fx = useFixture(orgFixture);
  let base: string;
  beforeEach(() => {
    base = `/v2/companies/${fx.companyId}/grades`;
  });

  // The vendor answers a grade create with 200, not 201.
  const create = (name: string) => createObject(fx, base, { name }, 200);

  it("creates (200), reads, replaces (200) and deletes (200) a grade", async () => {
    const id = await create("Senior Engineer");
    expect((await expectStatus(fx, 200, "GET", `${base}/${id}`)).json()).toEqual({
      id,
      name: "Senior Engineer",
    });
    const put = await expectStatus(fx, 200, "PUT", `${base}/${id}`, { name: "Staff Engineer" });
    expect(put.body).toBe("");
    expect((await expectStatus(fx, 200, "GET", `${base}/${id}`)).json()).toEqual({
      id,
      name: "Staff Engineer",
    });
    // A read GradeV2 sent back whole (with its id) is refused: UpdateGradeRequest has only name.
    expectBadRequest(
      await call(fx.emu, fx.token, "PUT", `${base}/${id}`, { id, name: "Principal" }),
      /id: is not a property of the vendor's UpdateGradeRequest schema/,
    );
    const deleted = await expectStatus(fx, 200, "DELETE", `${base}/${id}`);
    expect(deleted.body).toBe("");
    expectError(await call(fx.emu, fx.token, "GET", `${base}/${id}`), 404, "GRADE_NOT_FOUND");
    expectError(await call(fx.emu, fx.token, "DELETE", `${base}/${id}`), 404, "GRADE_NOT_FOUND");
    expectError(await call(fx.emu, fx.token, "PUT", `${base}/${id}`, { name: "x" }), 404, "GRADE_NOT_FOUND");
  });

  it("validates bodies against the vendor's schemas", async () => {
    expectBadRequest(await call(fx.emu, fx.token, "POST", base, {}), /name/);
    expectBadRequest(await call(fx.emu, fx.token, "POST", base, { name: 3 }), /name/);
    const id = await create("G1");
    expectBadRequest(await call(fx.emu, fx.token, "PUT", `${base}/${id}`, {}), /name/);
    expectBadRequest(
      await call(fx.emu, fx.token, "PUT", `${base}/${id}`, { name: "x", level: 2 }),
      /level: is not a property/,
    );
  });

  it("lists with search, the gradeIds filter and paging", async () => {
    const list = `${base}/list`;
    const ids = [await create("Junior"), await create("Senior"), await create("Senior Manager")];
    expect((await expectStatus(fx, 200, "POST", list, { paginationParams: {} })).json()).toEqual({
      paginationParams: { totalNumResults: 3 },
      grades: [
        { id: ids[0], name: "Junior" },
        { id: ids[1], name: "Senior" },
        { id: ids[2], name: "Senior Manager" },
      ],
    });
    expect(
      (await expectStatus(fx, 200, "POST", list, { paginationParams: {}, searchText: "senior" })).json(),
    ).toMatchObject({
      paginationParams: { totalNumResults: 2 },
    });
    expect(
      (
        await expectStatus(fx, 200, "POST", list, {
          paginationParams: { offset: 0, limit: 1 },
          filters: [{ gradeIds: [ids[2], ids[0]] }],
        })
      ).json(),
    ).toEqual({ paginationParams: { totalNumResults: 2 }, grades: [{ id: ids[0], name: "Junior" }] });
    expectBadRequest(await call(fx.emu, fx.token, "POST", list, { searchText: "x" }), /paginationParams/);
  });
});
