/**
 * The behaviour every company directory shares (cost centers, departments, grades, legal entities
 * and offices under a legal entity), one row per directory: tenant rules on every route, what
 * the company's own admin may do, 404 once deleted, and the company deletion guard.
 */
import { describe, expect, it } from "vitest";
import { call } from "./helpers";
import { useFixture } from "./fixtures";
import {
  createLegalEntity,
  createObject,
  expectBadRequest,
  expectError,
  expectGuarded,
  expectStatus,
  legalEntityBody,
  type OrgFixture,
  orgFixture,
} from "./org-helpers";

interface DirectoryRow {
  name: string;
  /** Creates what the directory hangs under; returns its collection path for a company id. */
  collection(fx: OrgFixture): Promise<(companyId: string) => string>;
  /** A valid create body and a valid replacement of object `id`, with other names. */
  body: Record<string, unknown>;
  replacement(id: string): Record<string, unknown>;
  /** The vendor's statuses of a create and of a PUT or DELETE. */
  createStatus: number;
  emptyStatus: number;
  notFound: string;
  /** Whether the collection has the legacy `GET`. */
  legacyList: boolean;
  /** The directory's list endpoints besides the legacy GET, with a valid body. */
  lists: ((companyId: string) => string)[];
  /** Singular and plural in the company deletion refusal; absent when the parent guards instead. */
  blocksCompanyDeletion?: [string, string];
}

const paged = { paginationParams: {} };

const rows: DirectoryRow[] = [
  {
    name: "cost centers",
    collection: async () => (c) => `/v2/companies/${c}/cost-centers`,
    body: { name: "Ops", externalId: "ops", numberOfEmployees: 3 },
    replacement: (id) => ({ id: { id }, name: "Mine" }),
    createStatus: 201,
    emptyStatus: 204,
    notFound: "COST_CENTER_NOT_FOUND",
    legacyList: true,
    lists: [(c) => `/v3/companies/${c}/cost-centers/list`],
    blocksCompanyDeletion: ["cost center", "cost centers"],
  },
  {
    name: "departments",
    collection: async () => (c) => `/v2/companies/${c}/departments`,
    body: { name: "Ops", externalId: "ops" },
    replacement: (id) => ({ id, name: "Mine" }),
    createStatus: 201,
    emptyStatus: 204,
    notFound: "DEPARTMENT_NOT_FOUND",
    legacyList: true,
    lists: [(c) => `/v3/companies/${c}/departments/list`],
    blocksCompanyDeletion: ["department", "departments"],
  },
  {
    // The vendor answers a grade create, update and delete with 200.
    name: "grades",
    collection: async () => (c) => `/v2/companies/${c}/grades`,
    body: { name: "G" },
    replacement: () => ({ name: "Mine" }),
    createStatus: 200,
    emptyStatus: 200,
    notFound: "GRADE_NOT_FOUND",
    legacyList: false,
    lists: [(c) => `/v2/companies/${c}/grades/list`],
    blocksCompanyDeletion: ["grade", "grades"],
  },
  {
    name: "legal entities",
    collection: async () => (c) => `/v2/companies/${c}/legal-entities`,
    body: legalEntityBody(),
    replacement: () => legalEntityBody({ name: "Mine" }),
    createStatus: 201,
    emptyStatus: 204,
    notFound: "LEGAL_ENTITY_NOT_FOUND",
    legacyList: true,
    lists: [],
    blocksCompanyDeletion: ["legal entity", "legal entities"],
  },
  {
    name: "offices",
    collection: async (fx) => {
      const legalEntityId = await createLegalEntity(fx, { name: "Acme US" });
      return (c) => `/v2/companies/${c}/legal-entities/${legalEntityId}/offices`;
    },
    body: { name: "HQ", externalId: "hq" },
    replacement: (id) => ({ id, name: "Mine" }),
    createStatus: 201,
    emptyStatus: 204,
    notFound: "OFFICE_NOT_FOUND",
    legacyList: true,
    lists: [(c) => `/v2/companies/${c}/office-list`],
  },
];

describe.each(rows)("company directory: $name", (row) => {
  const fx = useFixture(orgFixture);

  it("applies the tenant rules to every operation, and refused calls change nothing", async () => {
    const path = await row.collection(fx);
    const base = path(fx.companyId);
    const id = await createObject(fx, base, row.body, row.createStatus);
    await expectGuarded(fx, "POST", path, row.body);
    if (row.legacyList) await expectGuarded(fx, "GET", path);
    await expectGuarded(fx, "GET", (c) => `${path(c)}/${id}`);
    await expectGuarded(fx, "PUT", (c) => `${path(c)}/${id}`, row.replacement(id));
    await expectGuarded(fx, "DELETE", (c) => `${path(c)}/${id}`);
    for (const list of row.lists) await expectGuarded(fx, "POST", list, paged);
    expect((await expectStatus(fx, 200, "GET", `${base}/${id}`)).json()).toMatchObject({
      name: row.body["name"],
    });
  });

  it("lets the company's own admin create, read, replace and delete", async () => {
    const path = await row.collection(fx);
    const base = path(fx.companyId);
    const id = await createObject(fx, base, row.body, row.createStatus, fx.companyAdmin);
    await expectStatus(fx, row.emptyStatus, "PUT", `${base}/${id}`, row.replacement(id), fx.companyAdmin);
    const read = await expectStatus(fx, 200, "GET", `${base}/${id}`, undefined, fx.companyAdmin);
    expect(read.json()).toMatchObject({ name: "Mine" });
    if (row.legacyList) await expectStatus(fx, 200, "GET", base, undefined, fx.companyAdmin);
    for (const list of row.lists)
      await expectStatus(fx, 200, "POST", list(fx.companyId), paged, fx.companyAdmin);
    await expectStatus(fx, row.emptyStatus, "DELETE", `${base}/${id}`, undefined, fx.companyAdmin);
  });

  it("answers 404 on GET, PUT and DELETE once the object is deleted", async () => {
    const base = (await row.collection(fx))(fx.companyId);
    const id = await createObject(fx, base, row.body, row.createStatus);
    await expectStatus(fx, row.emptyStatus, "DELETE", `${base}/${id}`);
    expectError(await call(fx.emu, fx.token, "GET", `${base}/${id}`), 404, row.notFound);
    expectError(await call(fx.emu, fx.token, "PUT", `${base}/${id}`, row.replacement(id)), 404, row.notFound);
    expectError(await call(fx.emu, fx.token, "DELETE", `${base}/${id}`), 404, row.notFound);
  });

  const guard = row.blocksCompanyDeletion;
  if (guard)
    it(`blocks deleting the company while it has ${guard[1]}`, async () => {
      const [singular, plural] = guard;
      const base = (await row.collection(fx))(fx.companyId);
      const company = `/v2/companies/${fx.companyId}`;
      const first = await createObject(fx, base, row.body, row.createStatus);
      const second = await createObject(fx, base, { ...row.body, externalId: undefined }, row.createStatus);
      expectBadRequest(
        await call(fx.emu, fx.token, "DELETE", company),
        new RegExp(`2 ${plural}`),
        "COMPANY_NOT_EMPTY",
      );
      await expectStatus(fx, row.emptyStatus, "DELETE", `${base}/${first}`);
      expectBadRequest(
        await call(fx.emu, fx.token, "DELETE", company),
        new RegExp(`1 ${singular};`),
        "COMPANY_NOT_EMPTY",
      );
      await expectStatus(fx, row.emptyStatus, "DELETE", `${base}/${second}`);
      await expectStatus(fx, 204, "DELETE", company);
    });
});
