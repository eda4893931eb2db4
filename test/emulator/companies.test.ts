import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator";
import { adminToken, call, createCompany, errorCode, freshEmulator, tokenFor } from "./helpers";

describe("companies", () => {
  let emu: Emulator;
  let token: string;
  beforeEach(async () => {
    emu = await freshEmulator();
    token = await adminToken(emu);
  });
  afterEach(() => emu.close());

  it("creates, reads, replaces and deletes a company", async () => {
    const id = await createCompany(emu, token, {
      externalId: "acme",
      emailDomains: ["acme.example"],
      isSelfSignUpEnabled: true,
    });
    const read = await call(emu, token, "GET", `/v2/companies/${id}`);
    expect(read.json()).toEqual({
      id: { id },
      name: "Acme",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
      externalId: "acme",
      emailDomains: ["acme.example"],
      isSelfSignUpEnabled: true,
      isActive: true,
      contractedBy: { id: emu.bootstrap.tmcId },
    });
    const put = await call(emu, token, "PUT", `/v2/companies/${id}`, {
      id: { id },
      name: "Acme 2",
      billingCurrency: "EUR",
      companyRoles: ["ORG"],
    });
    expect(put.statusCode).toBe(204);
    const after = (await call(emu, token, "GET", `/v2/companies/${id}`)).json<Record<string, unknown>>();
    expect(after).toMatchObject({ name: "Acme 2", billingCurrency: "EUR", isActive: true });
    expect(after.emailDomains).toBeUndefined();
    expect((await call(emu, token, "DELETE", `/v2/companies/${id}`)).statusCode).toBe(204);
    expect(errorCode(await call(emu, token, "GET", `/v2/companies/${id}`))).toBe("COMPANY_NOT_FOUND");
    expect((await call(emu, token, "DELETE", `/v2/companies/${id}`)).statusCode).toBe(404);
  });

  it("validates the create body field by field", async () => {
    const response = await call(emu, token, "POST", "/v2/companies", {
      name: "",
      billingCurrency: "dollars",
      companyRoles: ["BOSS"],
    });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe("INVALID_REQUEST");
    const message = response.json<{ errorMessages: { message: string }[] }>().errorMessages[0]?.message ?? "";
    expect(message).toMatch(/name: must not be empty/);
    expect(message).toMatch(/billingCurrency: must be a 3-letter ISO 4217 code/);
    expect(message).toMatch(/companyRoles\.0/);
  });

  it("refuses a PUT whose id differs from the path", async () => {
    const id = await createCompany(emu, token);
    const response = await call(emu, token, "PUT", `/v2/companies/${id}`, {
      id: { id: "other" },
      name: "x",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
    });
    expect(errorCode(response)).toBe("ID_MISMATCH");
  });

  it("keeps externalId unique within the TMC and filters by it", async () => {
    const id = await createCompany(emu, token, { externalId: "ext-1" });
    await createCompany(emu, token, { name: "Other", externalId: "ext-2" });
    const clash = await call(emu, token, "POST", "/v2/companies", {
      name: "Dup",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
      externalId: "ext-1",
    });
    expect(clash.statusCode).toBe(409);
    expect(errorCode(clash)).toBe("DUPLICATE_EXTERNAL_ID");
    const filtered = await call(emu, token, "GET", "/v2/companies?externalId=ext-1");
    expect(filtered.json()).toEqual({ length: 1, elements: [{ id, name: "Acme" }], totalNumResults: 1 });
  });

  it("lets only TMC admins create and delete companies", async () => {
    const id = await createCompany(emu, token);
    const admin = emu.admin.createCompanyAdmin(id);
    const companyToken = await tokenFor(emu, admin.clientId, admin.clientSecret);
    expect(
      (
        await call(emu, companyToken, "POST", "/v2/companies", {
          name: "x",
          billingCurrency: "USD",
          companyRoles: ["ORG"],
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(emu, companyToken, "DELETE", `/v2/companies/${id}`)).statusCode).toBe(403);
    const own = await call(emu, companyToken, "GET", "/v2/companies");
    expect(own.json<{ elements: { id: string }[] }>().elements.map((e) => e.id)).toEqual([id]);
  });

  it("refuses contractedBy of another TMC and deleting the TMC itself", async () => {
    const other = emu.admin.createTmc("Other");
    const response = await call(emu, token, "POST", "/v2/companies", {
      name: "x",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
      contractedBy: { id: other.tmcId },
    });
    expect(response.statusCode).toBe(403);
    expect((await call(emu, token, "DELETE", `/v2/companies/${emu.bootstrap.tmcId}`)).statusCode).toBe(403);
  });
});
