import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator";
import { adminToken, call, createCompany, errorCode, freshEmulator, tokenFor } from "./helpers";

describe("API users", () => {
  let emu: Emulator;
  let token: string;
  beforeEach(async () => {
    emu = await freshEmulator();
    token = await adminToken(emu);
  });
  afterEach(() => emu.close());

  it("creates client-credentials users whose secret is returned once and works", async () => {
    const created = await call(emu, token, "POST", "/v2/api-users", {});
    expect(created.statusCode).toBe(200);
    const { clientId, clientSecret } = created.json<{ clientId: string; clientSecret: string }>();
    expect(clientSecret).toMatch(/^[a-z0-9]{40}$/);
    await expect(tokenFor(emu, clientId, clientSecret)).resolves.toMatch(/^emu\./);
    const list = await call(emu, token, "GET", "/v2/api-users");
    expect(list.body).not.toContain(clientSecret);
    expect(list.json()).toMatchObject({ totalCount: 2, apiUsers: expect.arrayContaining([{ clientId }]) });
  });

  it("enforces the quota of 5 per TMC with 409", async () => {
    for (let i = 0; i < 4; i++)
      expect((await call(emu, token, "POST", "/v2/api-users", {})).statusCode).toBe(200);
    const sixth = await call(emu, token, "POST", "/v2/api-users", {});
    expect(sixth.statusCode).toBe(409);
    expect(errorCode(sixth)).toBe("API_USER_QUOTA_EXCEEDED");
  });

  it("creates SCIM users only as COMPANY_ADMIN for a company", async () => {
    const wrongRole = await call(emu, token, "POST", "/v2/api-users", {
      credentialType: "SCIM_TOKEN",
      role: "TMC_ADMIN",
    });
    expect(errorCode(wrongRole)).toBe("SCIM_REQUIRES_COMPANY_ADMIN");
    const noOrg = await call(emu, token, "POST", "/v2/api-users", {
      credentialType: "SCIM_TOKEN",
      role: "COMPANY_ADMIN",
    });
    expect(noOrg.statusCode).toBe(400);
    expect(noOrg.body).toContain("orgId");
    const companyId = await createCompany(emu, token);
    const scim = await call(emu, token, "POST", "/v2/api-users", {
      credentialType: "SCIM_TOKEN",
      role: "COMPANY_ADMIN",
      orgId: companyId,
    });
    expect(scim.json()).toEqual({ clientId: expect.any(String), scimToken: expect.any(String) });
  });

  it("pages the list", async () => {
    for (let i = 0; i < 3; i++) await call(emu, token, "POST", "/v2/api-users", {});
    const page = await call(emu, token, "GET", "/v2/api-users?limit=2&offset=1");
    expect(page.json()).toMatchObject({ totalCount: 4, apiUsers: [expect.any(Object), expect.any(Object)] });
    expect((await call(emu, token, "GET", "/v2/api-users?limit=0")).statusCode).toBe(400);
  });

  it("keeps API users to TMC admins, and each TMC to its own users", async () => {
    const companyId = await createCompany(emu, token);
    const companyAdmin = emu.admin.createCompanyAdmin(companyId);
    const companyToken = await tokenFor(emu, companyAdmin.clientId, companyAdmin.clientSecret);
    for (const [method, url] of [
      ["POST", "/v2/api-users"],
      ["GET", "/v2/api-users"],
      ["POST", "/v2/api-users/rotate"],
    ] as const) {
      expect(
        (await call(emu, companyToken, method, url, method === "POST" ? { clientId: "x" } : undefined))
          .statusCode,
      ).toBe(403);
    }
    const other = emu.admin.createTmc("Other");
    const otherToken = await tokenFor(emu, other.clientId, other.clientSecret);
    const revoke = await call(emu, otherToken, "POST", "/v2/api-users/revoke", {
      clientId: emu.bootstrap.clientId,
    });
    expect(revoke.statusCode).toBe(403);
    expect((await call(emu, otherToken, "GET", "/v2/api-users")).json()).toMatchObject({ totalCount: 1 });
    expect(errorCode(await call(emu, token, "POST", "/v2/api-users/rotate", { clientId: "nobody" }))).toBe(
      "API_USER_NOT_FOUND",
    );
  });
});
