import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { vendorResponseIssues } from "../../src/contract";
import { call, createCompany, errorCode, tokenFor } from "./helpers";
import { emulatorFixture, useFixture } from "./fixtures";

describe("companies", () => {
  const fx = useFixture(emulatorFixture);

  it("creates, reads, replaces and deletes a company", async () => {
    const id = await createCompany(fx.emu, fx.token, {
      externalId: "acme",
      emailDomains: ["acme.example"],
      isSelfSignUpEnabled: true,
    });
    const read = await call(fx.emu, fx.token, "GET", `/v2/companies/${id}`);
    expect(read.json()).toEqual({
      id: { id },
      name: "Acme",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
      externalId: "acme",
      emailDomains: ["acme.example"],
      isSelfSignUpEnabled: true,
      isActive: true,
      contractedBy: { id: fx.emu.bootstrap.tmcId },
    });
    const put = await call(fx.emu, fx.token, "PUT", `/v2/companies/${id}`, {
      id: { id },
      name: "Acme 2",
      billingCurrency: "EUR",
      companyRoles: ["ORG"],
    });
    expect(put.statusCode).toBe(204);
    const after = (await call(fx.emu, fx.token, "GET", `/v2/companies/${id}`)).json<
      Record<string, unknown>
    >();
    expect(after).toMatchObject({ name: "Acme 2", billingCurrency: "EUR", isActive: true });
    expect(after.emailDomains).toBeUndefined();
    expect((await call(fx.emu, fx.token, "DELETE", `/v2/companies/${id}`)).statusCode).toBe(204);
    expect(errorCode(await call(fx.emu, fx.token, "GET", `/v2/companies/${id}`))).toBe("COMPANY_NOT_FOUND");
    expect((await call(fx.emu, fx.token, "DELETE", `/v2/companies/${id}`)).statusCode).toBe(404);
  });

  it("holds the support configs a create lists as the vendor's Company holds them: SupportConfigs", async () => {
    const supportConfigs = [{ emailAddresses: ["help@example.com"], tier: "BASIC" }];
    const id = await createCompany(fx.emu, fx.token, { supportConfigs });
    const read = await call(fx.emu, fx.token, "GET", `/v2/companies/${id}`);
    expect(read.json<Record<string, unknown>>().supportConfigs).toEqual({
      length: 1,
      elements: supportConfigs,
    });
    expect(vendorResponseIssues("GET", `/v2/companies/${id}`, 200, read.json())).toEqual([]);
  });

  it("validates the create body: the vendor's schema first, then the platform's own rules", async () => {
    const messageOf = (response: { json<T>(): T }) =>
      response.json<{ errorMessages: { message: string }[] }>().errorMessages[0]?.message ?? "";
    const vendor = await call(fx.emu, fx.token, "POST", "/v2/companies", {
      name: "",
      billingCurrency: "dollars",
      companyRoles: ["BOSS"],
    });
    expect(vendor.statusCode).toBe(400);
    expect(errorCode(vendor)).toBe("INVALID_REQUEST");
    expect(messageOf(vendor)).toMatch(/companyRoles\.0: must be one of: ORG, TMC/);
    const rules = await call(fx.emu, fx.token, "POST", "/v2/companies", {
      name: "",
      billingCurrency: "dollars",
      companyRoles: ["ORG"],
    });
    expect(errorCode(rules)).toBe("INVALID_REQUEST");
    expect(messageOf(rules)).toMatch(/name: must not be empty/);
    expect(messageOf(rules)).toMatch(/billingCurrency: must be a 3-letter ISO 4217 code/);
  });

  it("refuses a PUT whose id differs from the path", async () => {
    const id = await createCompany(fx.emu, fx.token);
    const response = await call(fx.emu, fx.token, "PUT", `/v2/companies/${id}`, {
      id: { id: randomUUID() },
      name: "x",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
    });
    expect(errorCode(response)).toBe("ID_MISMATCH");
  });

  it("keeps externalId unique within the TMC and filters by it", async () => {
    const id = await createCompany(fx.emu, fx.token, { externalId: "ext-1" });
    await createCompany(fx.emu, fx.token, { name: "Other", externalId: "ext-2" });
    const clash = await call(fx.emu, fx.token, "POST", "/v2/companies", {
      name: "Dup",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
      externalId: "ext-1",
    });
    expect(clash.statusCode).toBe(409);
    expect(errorCode(clash)).toBe("DUPLICATE_EXTERNAL_ID");
    const filtered = await call(fx.emu, fx.token, "GET", "/v2/companies?externalId=ext-1");
    expect(filtered.json()).toEqual({ length: 1, elements: [{ id, name: "Acme" }], totalNumResults: 1 });
  });

  it("lets only TMC admins create and delete companies", async () => {
    const id = await createCompany(fx.emu, fx.token);
    const admin = fx.emu.admin.createCompanyAdmin(id);
    const companyToken = await tokenFor(fx.emu, admin.clientId, admin.clientSecret);
    expect(
      (
        await call(fx.emu, companyToken, "POST", "/v2/companies", {
          name: "x",
          billingCurrency: "USD",
          companyRoles: ["ORG"],
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(fx.emu, companyToken, "DELETE", `/v2/companies/${id}`)).statusCode).toBe(403);
    const own = await call(fx.emu, companyToken, "GET", "/v2/companies");
    expect(own.json<{ elements: { id: string }[] }>().elements.map((e) => e.id)).toEqual([id]);
  });

  it("refuses contractedBy of another TMC and deleting the TMC itself", async () => {
    const other = fx.emu.admin.createTmc("Other");
    const response = await call(fx.emu, fx.token, "POST", "/v2/companies", {
      name: "x",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
      contractedBy: { id: other.tmcId },
    });
    expect(response.statusCode).toBe(403);
    expect(
      (await call(fx.emu, fx.token, "DELETE", `/v2/companies/${fx.emu.bootstrap.tmcId}`)).statusCode,
    ).toBe(403);
  });
});
