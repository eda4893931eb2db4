import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { useFixture } from "./fixtures";
import { call } from "./helpers";
import {
  createLegalEntity,
  createOffice,
  expectBadRequest,
  expectError,
  expectStatus,
  legalEntityBody,
  messageOf,
  orgFixture,
} from "./org-helpers";

describe("legal entities", () => {
  const fx = useFixture(orgFixture);
  let base: string;
  beforeEach(() => {
    base = `/v2/companies/${fx.companyId}/legal-entities`;
  });

  it("creates, reads, replaces and deletes a legal entity", async () => {
    const id = await createLegalEntity(fx, {
      externalId: "le-1",
      ein: "12-345",
      isDelayedInvoicingEnabled: true,
    });
    const read = await expectStatus(fx, 200, "GET", `${base}/${id}`);
    expect(read.json()).toEqual({
      id,
      name: "Acme Inc",
      billingCurrency: "USD",
      address: { addressLines: ["1 Main St"], regionCode: "US", locality: "Springfield" },
      externalId: "le-1",
      ein: "12-345",
      isDelayedInvoicingEnabled: true,
      bookingTmcRef: { id: fx.emu.bootstrap.tmcId },
    });

    const replaced = await call(fx.emu, fx.token, "PUT", `${base}/${id}`, {
      ...legalEntityBody({ name: "Acme GmbH", billingCurrency: "EUR" }),
      id,
      expensePartnerConfig: { partner: "EXPENSIFY", isExpensePartnerEnabled: true },
    });
    expect(replaced.statusCode).toBe(204);
    expect(replaced.body).toBe("");
    const after = (await expectStatus(fx, 200, "GET", `${base}/${id}`)).json<Record<string, unknown>>();
    expect(after).toMatchObject({
      id,
      name: "Acme GmbH",
      billingCurrency: "EUR",
      expensePartnerConfig: { partner: "EXPENSIFY", isExpensePartnerEnabled: true },
      bookingTmcRef: { id: fx.emu.bootstrap.tmcId },
    });
    // Full replacement: the fields the PUT omitted are gone.
    expect(after.externalId).toBeUndefined();
    expect(after.ein).toBeUndefined();
    expect(after.isDelayedInvoicingEnabled).toBeUndefined();

    await expectStatus(fx, 204, "DELETE", `${base}/${id}`);
    expectError(await call(fx.emu, fx.token, "GET", `${base}/${id}`), 404, "LEGAL_ENTITY_NOT_FOUND");
    expectError(await call(fx.emu, fx.token, "DELETE", `${base}/${id}`), 404, "LEGAL_ENTITY_NOT_FOUND");
    expectError(
      await call(fx.emu, fx.token, "PUT", `${base}/${id}`, legalEntityBody()),
      404,
      "LEGAL_ENTITY_NOT_FOUND",
    );
  });

  it("reads back exactly what a PUT of the read object stores, so a read-modify-write is stable", async () => {
    const id = await createLegalEntity(fx, {
      companySpecifiedAttributes: [{ fieldName: "region", value: "EMEA" }],
    });
    const first = (await expectStatus(fx, 200, "GET", `${base}/${id}`)).json<Record<string, unknown>>();
    await expectStatus(fx, 204, "PUT", `${base}/${id}`, first);
    expect((await expectStatus(fx, 200, "GET", `${base}/${id}`)).json()).toEqual(first);
  });

  it.each([
    [
      { futureField: { nested: true } },
      /futureField: is not a property of the vendor's LegalEntityCreateRequest/,
    ],
    [
      { address: { adressLines: ["1 Main St"], regionCode: "US" } },
      /address\.adressLines: is not a property of the vendor's PostalAddress schema; did you mean addressLines\?/,
    ],
  ])("refuses fields the vendor's schema does not declare, at every depth (%j)", async (fields, message) => {
    expectBadRequest(await call(fx.emu, fx.token, "POST", base, legalEntityBody(fields)), message);
  });

  it("validates create and update bodies field by field", async () => {
    const missing = await call(fx.emu, fx.token, "POST", base, { name: "x" });
    expectBadRequest(missing, /billingCurrency/);
    expect(messageOf(missing)).toMatch(/address/);
    expectBadRequest(
      await call(fx.emu, fx.token, "POST", base, legalEntityBody({ billingCurrency: "usd" })),
      /billingCurrency: must be a 3-letter ISO 4217 code/,
    );
    expectBadRequest(
      await call(
        fx.emu,
        fx.token,
        "POST",
        base,
        legalEntityBody({ address: { addressLines: [], regionCode: "USA" } }),
      ),
      /address\.addressLines: needs at least one line/,
    );
    expectBadRequest(
      await call(fx.emu, fx.token, "POST", base, legalEntityBody({ ccEmailAddresses: ["nope"] })),
      /ccEmailAddresses\.0: must be an e-mail address/,
    );
    expectBadRequest(
      await call(fx.emu, fx.token, "POST", base, legalEntityBody({ name: "  " })),
      /name: must not be empty/,
    );
    expectBadRequest(await call(fx.emu, fx.token, "POST", base), /body/);

    const id = await createLegalEntity(fx);
    expectBadRequest(await call(fx.emu, fx.token, "PUT", `${base}/${id}`, { id }), /name/);
    expectBadRequest(
      await call(fx.emu, fx.token, "PUT", `${base}/${id}`, {
        ...legalEntityBody(),
        expensePartnerConfig: { partner: "SAP" },
      }),
      /expensePartnerConfig\.partner/,
    );
  });

  it("refuses a PUT whose id differs from the path", async () => {
    const id = await createLegalEntity(fx);
    const other = randomUUID();
    expectBadRequest(
      await call(fx.emu, fx.token, "PUT", `${base}/${id}`, { ...legalEntityBody(), id: other }),
      new RegExp(`id ${other} does not match`),
      "ID_MISMATCH",
    );
  });

  it("keeps externalId unique within the company, not across companies", async () => {
    const first = await createLegalEntity(fx, { externalId: "dup" });
    expectError(
      await call(fx.emu, fx.token, "POST", base, legalEntityBody({ externalId: "dup" })),
      409,
      "DUPLICATE_EXTERNAL_ID",
    );
    const second = await createLegalEntity(fx, { externalId: "other" });
    expectError(
      await call(fx.emu, fx.token, "PUT", `${base}/${second}`, legalEntityBody({ externalId: "dup" })),
      409,
      "DUPLICATE_EXTERNAL_ID",
    );
    // Re-sending its own externalId is fine.
    await expectStatus(fx, 204, "PUT", `${base}/${first}`, legalEntityBody({ externalId: "dup" }));
    const sibling = await call(fx.emu, fx.token, "POST", "/v2/companies", {
      name: "Sibling",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
    });
    const siblingId = sibling.json<{ id: string }>().id;
    await expectStatus(
      fx,
      201,
      "POST",
      `/v2/companies/${siblingId}/legal-entities`,
      legalEntityBody({ externalId: "dup" }),
    );
  });

  it("lists with the externalId filter and pageNumber/pageSize paging", async () => {
    const ids: string[] = [];
    for (const name of ["A", "B", "C"])
      ids.push(await createLegalEntity(fx, { name, externalId: `ext-${name}` }));
    const all = (await expectStatus(fx, 200, "GET", base)).json();
    expect(all).toEqual({
      length: 3,
      elements: ids.map((id, index) => ({ id, name: ["A", "B", "C"][index] })),
      totalNumResults: 3,
    });
    expect((await expectStatus(fx, 200, "GET", `${base}?externalId=ext-B`)).json()).toEqual({
      length: 1,
      elements: [{ id: ids[1], name: "B" }],
      totalNumResults: 1,
    });
    expect((await expectStatus(fx, 200, "GET", `${base}?pageSize=2&pageNumber=2`)).json()).toEqual({
      length: 1,
      elements: [{ id: ids[2], name: "C" }],
      totalNumResults: 3,
    });
    expect((await expectStatus(fx, 200, "GET", `${base}?pageSize=2&pageNumber=3`)).json()).toMatchObject({
      length: 0,
      elements: [],
    });
    expectBadRequest(await call(fx.emu, fx.token, "GET", `${base}?pageNumber=0`), /pageNumber/);
    expectBadRequest(await call(fx.emu, fx.token, "GET", `${base}?pageSize=1001`), /pageSize/);
  });

  it("does not show another company's legal entities", async () => {
    const id = await createLegalEntity(fx);
    const sibling = await call(fx.emu, fx.token, "POST", "/v2/companies", {
      name: "Sibling",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
    });
    const siblingId = sibling.json<{ id: string }>().id;
    expect(
      (await expectStatus(fx, 200, "GET", `/v2/companies/${siblingId}/legal-entities`)).json(),
    ).toMatchObject({
      totalNumResults: 0,
    });
    expectError(
      await call(fx.emu, fx.token, "GET", `/v2/companies/${siblingId}/legal-entities/${id}`),
      404,
      "LEGAL_ENTITY_NOT_FOUND",
    );
    expectError(
      await call(fx.emu, fx.token, "DELETE", `/v2/companies/${siblingId}/legal-entities/${id}`),
      404,
      "LEGAL_ENTITY_NOT_FOUND",
    );
  });

  it("sets bookingTmcRef to the company's booking TMC and checks a given one", async () => {
    const otherTmc = fx.emu.admin.createTmc("Booking TMC");
    const companyResponse = await call(fx.emu, fx.token, "POST", "/v2/companies", {
      name: "Booked elsewhere",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
      bookingTmcId: { id: otherTmc.tmcId },
    });
    const companyId = companyResponse.json<{ id: string }>().id;
    const created = await call(
      fx.emu,
      fx.token,
      "POST",
      `/v2/companies/${companyId}/legal-entities`,
      legalEntityBody(),
    );
    const id = created.json<{ id: string }>().id;
    const url = `/v2/companies/${companyId}/legal-entities/${id}`;
    expect((await expectStatus(fx, 200, "GET", url)).json()).toMatchObject({
      bookingTmcRef: { id: otherTmc.tmcId },
    });

    await expectStatus(
      fx,
      204,
      "PUT",
      url,
      legalEntityBody({ bookingTmcRef: { id: fx.emu.bootstrap.tmcId, name: "Main" } }),
    );
    expect((await expectStatus(fx, 200, "GET", url)).json()).toMatchObject({
      bookingTmcRef: { id: fx.emu.bootstrap.tmcId, name: "Main" },
    });
    expectBadRequest(
      await call(fx.emu, fx.token, "PUT", url, legalEntityBody({ bookingTmcRef: { id: companyId } })),
      /bookingTmcRef\.id .* is not a TMC/,
      "INVALID_BOOKING_TMC",
    );
    // Omitting it on a replacement restores the default.
    await expectStatus(fx, 204, "PUT", url, legalEntityBody());
    expect((await expectStatus(fx, 200, "GET", url)).json()).toMatchObject({
      bookingTmcRef: { id: otherTmc.tmcId },
    });
  });

  it("refuses to delete a legal entity that still has offices", async () => {
    const id = await createLegalEntity(fx);
    const first = await createOffice(fx, id);
    const second = await createOffice(fx, id, { name: "Branch" });
    const refused = await call(fx.emu, fx.token, "DELETE", `${base}/${id}`);
    expectBadRequest(refused, /still has 2 offices/, "LEGAL_ENTITY_HAS_OFFICES");
    await expectStatus(fx, 204, "DELETE", `${base}/${id}/offices/${first}`);
    expectBadRequest(
      await call(fx.emu, fx.token, "DELETE", `${base}/${id}`),
      /still has 1 office;/,
      "LEGAL_ENTITY_HAS_OFFICES",
    );
    await expectStatus(fx, 204, "DELETE", `${base}/${id}/offices/${second}`);
    await expectStatus(fx, 204, "DELETE", `${base}/${id}`);
  });
});
