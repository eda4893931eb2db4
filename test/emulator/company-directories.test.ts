/**
 * The behaviour every company directory shares (cost centers, departments, grades, legal entities
 * and offices under a legal entity), one row per directory of the company-children table
 * (`test/support/company-children.ts`): tenant rules on every route, what the company's own admin
 * may do, 404 once deleted, the company deletion guard, and nothing of theirs left once the company
 * is deleted.
 */
import { describe, expect, it } from "vitest";
import { call } from "./helpers";
import { useFixture } from "./fixtures";
import { companyDirectories } from "../../src/emulator/org/routes/directories";
import { companyChildren, replacementOf } from "../support/company-children";
import {
  createLegalEntity,
  createObject,
  expectBadRequest,
  expectError,
  expectGuarded,
  expectStatus,
  type OrgFixture,
  orgFixture,
} from "./org-helpers";

const paged = { paginationParams: {} };

describe.each(companyChildren)("company directory: $type", (row) => {
  const fx = useFixture(orgFixture);
  const [singular, plural] = row.names;
  const createStatus = row.createStatus ?? 201;
  const emptyStatus = row.emptyStatus ?? 204;
  const notFound = `${singular.toUpperCase().replaceAll(" ", "_")}_NOT_FOUND`;
  const replacement = (id: string) => replacementOf(row, id);
  /** Creates what the directory hangs under; returns its collection path for a company id. */
  const collectionOf = async (fx: OrgFixture): Promise<(companyId: string) => string> => {
    const legalEntityId = row.inLegalEntity ? await createLegalEntity(fx, { name: "Acme US" }) : "";
    return (companyId) => row.collection({ companyId, legalEntityId });
  };
  /** The directory's list endpoints besides the legacy GET, for a company id. */
  const lists = row.lists.map((list) => (companyId: string) => list({ companyId, legalEntityId: "" }));

  it("applies the tenant rules to every operation, and refused calls change nothing", async () => {
    const path = await collectionOf(fx);
    const base = path(fx.companyId);
    const id = await createObject(fx, base, row.body, createStatus);
    await expectGuarded(fx, "POST", path, row.body);
    if (row.legacyList ?? true) await expectGuarded(fx, "GET", path);
    await expectGuarded(fx, "GET", (c) => `${path(c)}/${id}`);
    await expectGuarded(fx, "PUT", (c) => `${path(c)}/${id}`, replacement(id));
    await expectGuarded(fx, "DELETE", (c) => `${path(c)}/${id}`);
    for (const list of lists) await expectGuarded(fx, "POST", list, paged);
    expect((await expectStatus(fx, 200, "GET", `${base}/${id}`)).json()).toMatchObject({
      name: row.body["name"],
    });
  });

  it("lets the company's own admin create, read, replace and delete", async () => {
    const path = await collectionOf(fx);
    const base = path(fx.companyId);
    const id = await createObject(fx, base, row.body, createStatus, fx.companyAdmin);
    await expectStatus(fx, emptyStatus, "PUT", `${base}/${id}`, replacement(id), fx.companyAdmin);
    const read = await expectStatus(fx, 200, "GET", `${base}/${id}`, undefined, fx.companyAdmin);
    expect(read.json()).toMatchObject(row.edit);
    if (row.legacyList ?? true) await expectStatus(fx, 200, "GET", base, undefined, fx.companyAdmin);
    for (const list of lists) await expectStatus(fx, 200, "POST", list(fx.companyId), paged, fx.companyAdmin);
    await expectStatus(fx, emptyStatus, "DELETE", `${base}/${id}`, undefined, fx.companyAdmin);
  });

  it("answers 404 on GET, PUT and DELETE once the object is deleted", async () => {
    const base = (await collectionOf(fx))(fx.companyId);
    const id = await createObject(fx, base, row.body, createStatus);
    await expectStatus(fx, emptyStatus, "DELETE", `${base}/${id}`);
    expectError(await call(fx.emu, fx.token, "GET", `${base}/${id}`), 404, notFound);
    expectError(await call(fx.emu, fx.token, "PUT", `${base}/${id}`, replacement(id)), 404, notFound);
    expectError(await call(fx.emu, fx.token, "DELETE", `${base}/${id}`), 404, notFound);
  });

  // An office is under a legal entity, which guards the company in its place.
  if (!row.inLegalEntity)
    it(`blocks deleting the company while it has ${plural}`, async () => {
      const base = (await collectionOf(fx))(fx.companyId);
      const company = `/v2/companies/${fx.companyId}`;
      const first = await createObject(fx, base, row.body, createStatus);
      const second = await createObject(fx, base, { ...row.body, externalId: undefined }, createStatus);
      expectBadRequest(
        await call(fx.emu, fx.token, "DELETE", company),
        new RegExp(`2 ${plural}`),
        "COMPANY_NOT_EMPTY",
      );
      await expectStatus(fx, emptyStatus, "DELETE", `${base}/${first}`);
      expectBadRequest(
        await call(fx.emu, fx.token, "DELETE", company),
        new RegExp(`1 ${singular};`),
        "COMPANY_NOT_EMPTY",
      );
      await expectStatus(fx, emptyStatus, "DELETE", `${base}/${second}`);
      await expectStatus(fx, 204, "DELETE", company);
    });

  // A company deletion removes every record its kind declares the company owns
  // (src/emulator/core/company-deletion.ts); a kind that does not declare its owner stays behind.
  it(`leaves none of the company's ${plural} behind once the company is deleted`, async () => {
    const base = (await collectionOf(fx))(fx.companyId);
    const id = await createObject(fx, base, row.body, createStatus);
    const deleted = await call(fx.emu, fx.token, "DELETE", `/v2/companies/${fx.companyId}`);
    if (deleted.statusCode !== 204) return expectBadRequest(deleted, /still has/, "COMPANY_NOT_EMPTY");
    const left = Object.entries(fx.emu.admin.snapshot().collections).filter(([, records]) =>
      Object.hasOwn(records, id),
    );
    expect(left.map(([name]) => name)).toEqual([]);
  });
});

it("has a row of the company-children table for every declared company directory", () => {
  expect(companyChildren).toHaveLength(companyDirectories.length);
});
