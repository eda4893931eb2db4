import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { useFixture } from "./fixtures";
import { call } from "./helpers";
import {
  createLegalEntity,
  createObject,
  createOffice,
  expectBadRequest,
  expectError,
  expectStatus,
  legalEntityBody,
  orgFixture,
} from "./org-helpers";

describe("offices", () => {
  const fx = useFixture(orgFixture);
  let legalEntityId: string;
  let base: string;
  beforeEach(async () => {
    legalEntityId = await createLegalEntity(fx, { name: "Acme US" });
    base = `/v2/companies/${fx.companyId}/legal-entities/${legalEntityId}/offices`;
  });

  const address = (regionCode: string) => ({ addressLines: ["1 Main St"], regionCode });

  it("creates, reads, replaces and deletes an office", async () => {
    const id = await createOffice(fx, legalEntityId, {
      address: address("US"),
      latlng: { latitude: 37.77, longitude: -122.42 },
      externalId: "hq",
      taxId: "T-1",
    });
    expect((await expectStatus(fx, 200, "GET", `${base}/${id}`)).json()).toEqual({
      id,
      name: "HQ",
      address: address("US"),
      latlng: { latitude: 37.77, longitude: -122.42 },
      externalId: "hq",
      taxId: "T-1",
    });
    const put = await expectStatus(fx, 204, "PUT", `${base}/${id}`, { id, name: "Head office" });
    expect(put.body).toBe("");
    expect((await expectStatus(fx, 200, "GET", `${base}/${id}`)).json()).toEqual({ id, name: "Head office" });
    await expectStatus(fx, 204, "DELETE", `${base}/${id}?detachUsers=true`);
    expectError(await call(fx.emu, fx.token, "GET", `${base}/${id}`), 404, "OFFICE_NOT_FOUND");
    expectError(await call(fx.emu, fx.token, "DELETE", `${base}/${id}`), 404, "OFFICE_NOT_FOUND");
  });

  it("accepts an office without fields, as the vendor marks none required", async () => {
    const id = await createObject(fx, base, {});
    expect((await expectStatus(fx, 200, "GET", `${base}/${id}`)).json()).toEqual({ id });
  });

  it("validates office bodies and the detachUsers query", async () => {
    expectBadRequest(
      await call(fx.emu, fx.token, "POST", base, { address: { addressLines: ["x"] } }),
      /address\.regionCode/,
    );
    expectBadRequest(
      await call(fx.emu, fx.token, "POST", base, { latlng: { latitude: 91, longitude: 0 } }),
      /latlng\.latitude/,
    );
    expectBadRequest(await call(fx.emu, fx.token, "POST", base, { name: 5 }), /name/);
    const id = await createOffice(fx, legalEntityId);
    expectBadRequest(await call(fx.emu, fx.token, "PUT", `${base}/${id}`, { taxId: 7 }), /taxId/);
    expectBadRequest(
      await call(fx.emu, fx.token, "PUT", `${base}/${id}`, { id: randomUUID(), name: "x" }),
      /does not match/,
      "ID_MISMATCH",
    );
    expectBadRequest(
      await call(fx.emu, fx.token, "DELETE", `${base}/${id}?detachUsers=maybe`),
      /detachUsers/,
    );
  });

  it("keeps externalId unique within the legal entity", async () => {
    const first = await createOffice(fx, legalEntityId, { externalId: "o-1" });
    expectError(
      await call(fx.emu, fx.token, "POST", base, { externalId: "o-1" }),
      409,
      "DUPLICATE_EXTERNAL_ID",
    );
    const second = await createOffice(fx, legalEntityId, { externalId: "o-2" });
    expectError(
      await call(fx.emu, fx.token, "PUT", `${base}/${second}`, { externalId: "o-1" }),
      409,
      "DUPLICATE_EXTERNAL_ID",
    );
    await expectStatus(fx, 204, "PUT", `${base}/${first}`, { externalId: "o-1", name: "same" });
    const otherLegalEntity = await createLegalEntity(fx, { name: "Acme UK" });
    await createOffice(fx, otherLegalEntity, { externalId: "o-1" });
  });

  it("lists the offices of a legal entity with the externalId filter", async () => {
    const a = await createOffice(fx, legalEntityId, { name: "A", externalId: "a" });
    const b = await createOffice(fx, legalEntityId, { name: "B", externalId: "b" });
    const otherLegalEntity = await createLegalEntity(fx, { name: "Acme UK" });
    await createOffice(fx, otherLegalEntity, { name: "C" });
    expect((await expectStatus(fx, 200, "GET", base)).json()).toEqual({
      length: 2,
      elements: [
        { id: a, name: "A" },
        { id: b, name: "B" },
      ],
      totalNumResults: 2,
    });
    expect((await expectStatus(fx, 200, "GET", `${base}?externalId=b`)).json()).toEqual({
      length: 1,
      elements: [{ id: b, name: "B" }],
      totalNumResults: 1,
    });
  });

  it("keeps offices inside their legal entity and company", async () => {
    const office = await createOffice(fx, legalEntityId);
    const otherLegalEntity = await createLegalEntity(fx, { name: "Acme UK" });
    const wrongParent = `/v2/companies/${fx.companyId}/legal-entities/${otherLegalEntity}/offices/${office}`;
    expectError(await call(fx.emu, fx.token, "GET", wrongParent), 404, "OFFICE_NOT_FOUND");
    expectError(await call(fx.emu, fx.token, "PUT", wrongParent, { name: "x" }), 404, "OFFICE_NOT_FOUND");
    expectError(await call(fx.emu, fx.token, "DELETE", wrongParent), 404, "OFFICE_NOT_FOUND");

    // A legal entity of another company (that the caller can reach) is not found under this one.
    const siblingId = (
      await call(fx.emu, fx.token, "POST", "/v2/companies", {
        name: "Sib",
        billingCurrency: "USD",
        companyRoles: ["ORG"],
      })
    ).json<{ id: string }>().id;
    const siblingLegalEntity = (
      await call(fx.emu, fx.token, "POST", `/v2/companies/${siblingId}/legal-entities`, legalEntityBody())
    ).json<{ id: string }>().id;
    const foreign = `/v2/companies/${fx.companyId}/legal-entities/${siblingLegalEntity}/offices`;
    expectError(await call(fx.emu, fx.token, "POST", foreign, { name: "x" }), 404, "LEGAL_ENTITY_NOT_FOUND");
    expectError(await call(fx.emu, fx.token, "GET", foreign), 404, "LEGAL_ENTITY_NOT_FOUND");
    expectError(
      await call(
        fx.emu,
        fx.token,
        "GET",
        `/v2/companies/${siblingId}/legal-entities/${legalEntityId}/offices/${office}`,
      ),
      404,
      "LEGAL_ENTITY_NOT_FOUND",
    );
    expectError(
      await call(fx.emu, fx.token, "POST", `/v2/companies/${fx.companyId}/legal-entities/nope/offices`, {}),
      404,
      "LEGAL_ENTITY_NOT_FOUND",
    );
  });

  describe("office-list", () => {
    let list: string;
    let ids: Record<string, string>;
    beforeEach(async () => {
      list = `/v2/companies/${fx.companyId}/office-list`;
      const uk = await createLegalEntity(fx, { name: "Acme UK" });
      ids = {
        berlin: await createOffice(fx, legalEntityId, { name: "Berlin", address: address("DE"), taxId: "3" }),
        austin: await createOffice(fx, legalEntityId, {
          name: "Austin",
          address: address("US"),
          externalId: "aus",
        }),
        london: await createOffice(fx, uk, { name: "London", address: address("GB"), taxId: "1" }),
      };
    });

    const names = (response: { json: <T>() => T }) =>
      response.json<{ offices: { office: { name: string } }[] }>().offices.map((node) => node.office.name);

    it("lists every office of the company with its legal entity", async () => {
      const response = await expectStatus(fx, 200, "POST", list, { paginationParams: {} });
      const body = response.json<{ offices: unknown[]; paginationParams: unknown }>();
      expect(body.paginationParams).toEqual({ totalNumResults: 3 });
      expect(body.offices[0]).toEqual({
        legalEntityRef: { id: legalEntityId, name: "Acme US" },
        office: { id: ids.berlin, name: "Berlin", address: address("DE"), taxId: "3" },
      });
      expect(names(response)).toEqual(["Berlin", "Austin", "London"]);
    });

    it("filters (any filter matches, every list in a filter must) and searches", async () => {
      const byCountry = await expectStatus(fx, 200, "POST", list, {
        paginationParams: {},
        filters: [{ countries: ["US"] }, { countries: ["GB"] }],
      });
      expect(names(byCountry)).toEqual(["Austin", "London"]);
      const both = await expectStatus(fx, 200, "POST", list, {
        paginationParams: {},
        filters: [{ legalEntityIds: [legalEntityId], countries: ["GB", "DE"] }],
      });
      expect(names(both)).toEqual(["Berlin"]);
      const byIds = await expectStatus(fx, 200, "POST", list, {
        paginationParams: {},
        filters: [{ officeIds: [ids.london] }, { externalIds: ["aus"] }],
      });
      expect(names(byIds)).toEqual(["Austin", "London"]);
      const search = await expectStatus(fx, 200, "POST", list, { paginationParams: {}, searchText: "LON" });
      expect(names(search)).toEqual(["London"]);
    });

    it("sorts and pages", async () => {
      const byName = await expectStatus(fx, 200, "POST", list, {
        paginationParams: { offset: 1, limit: 1 },
        sortParams: { sortBy: "NAME", sortOrder: "ASC" },
      });
      expect(names(byName)).toEqual(["Berlin"]);
      expect(byName.json()).toMatchObject({ paginationParams: { totalNumResults: 3 } });
      const byCountryDesc = await expectStatus(fx, 200, "POST", list, {
        paginationParams: {},
        sortParams: { sortBy: "COUNTRY_CODE", sortOrder: "DESC" },
      });
      expect(names(byCountryDesc)).toEqual(["Austin", "London", "Berlin"]);
      const byLegalEntity = await expectStatus(fx, 200, "POST", list, {
        paginationParams: {},
        sortParams: { sortBy: "LEGAL_ENTITY_NAME", sortOrder: "ASC" },
      });
      // "Acme UK" before "Acme US"; offices of one legal entity keep their creation order.
      expect(names(byLegalEntity)).toEqual(["London", "Berlin", "Austin"]);
      const byTaxId = await expectStatus(fx, 200, "POST", list, {
        paginationParams: {},
        sortParams: { sortBy: "TAX_ID", sortOrder: "ASC" },
      });
      expect(names(byTaxId)).toEqual(["Austin", "London", "Berlin"]);
    });

    it("validates the list request", async () => {
      expectBadRequest(await call(fx.emu, fx.token, "POST", list, {}), /paginationParams/);
      expectBadRequest(
        await call(fx.emu, fx.token, "POST", list, { paginationParams: { offset: -1 } }),
        /paginationParams\.offset/,
      );
      expectBadRequest(
        await call(fx.emu, fx.token, "POST", list, { paginationParams: { limit: 0 } }),
        /paginationParams\.limit/,
      );
      expectBadRequest(
        await call(fx.emu, fx.token, "POST", list, { paginationParams: {}, sortParams: { sortBy: "CITY" } }),
        /sortParams\.sortBy/,
      );
    });
  });
});
