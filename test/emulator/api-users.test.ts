import { describe, expect, it } from "vitest";
import { emulatorFixture, useFixture } from "./fixtures";
import { call, createCompany, errorCode, tokenFor } from "./helpers";

describe("API users", () => {
  const fx = useFixture(emulatorFixture);

  it("creates client-credentials users whose secret is returned once and works", async () => {
    const created = await call(fx.emu, fx.token, "POST", "/v2/api-users", {});
    expect(created.statusCode).toBe(200);
    const { clientId, clientSecret } = created.json<{ clientId: string; clientSecret: string }>();
    expect(clientSecret).toMatch(/^[a-z0-9]{40}$/);
    await expect(tokenFor(fx.emu, clientId, clientSecret)).resolves.toMatch(/^emu\./);
    const list = await call(fx.emu, fx.token, "GET", "/v2/api-users");
    expect(list.body).not.toContain(clientSecret);
    expect(list.json()).toMatchObject({ totalCount: 2, apiUsers: expect.arrayContaining([{ clientId }]) });
  });

  it("enforces the quota of 5 per TMC with 409", async () => {
    for (let i = 0; i < 4; i++)
      expect((await call(fx.emu, fx.token, "POST", "/v2/api-users", {})).statusCode).toBe(200);
    const sixth = await call(fx.emu, fx.token, "POST", "/v2/api-users", {});
    expect(sixth.statusCode).toBe(409);
    expect(errorCode(sixth)).toBe("API_USER_QUOTA_EXCEEDED");
  });

  it("creates SCIM users only as COMPANY_ADMIN for a company", async () => {
    const wrongRole = await call(fx.emu, fx.token, "POST", "/v2/api-users", {
      credentialType: "SCIM_TOKEN",
      role: "TMC_ADMIN",
    });
    expect(errorCode(wrongRole)).toBe("SCIM_REQUIRES_COMPANY_ADMIN");
    const noOrg = await call(fx.emu, fx.token, "POST", "/v2/api-users", {
      credentialType: "SCIM_TOKEN",
      role: "COMPANY_ADMIN",
    });
    expect(noOrg.statusCode).toBe(400);
    expect(noOrg.body).toContain("orgId");
    const companyId = await createCompany(fx.emu, fx.token);
    const scim = await call(fx.emu, fx.token, "POST", "/v2/api-users", {
      credentialType: "SCIM_TOKEN",
      role: "COMPANY_ADMIN",
      orgId: companyId,
    });
    expect(scim.json()).toEqual({ clientId: expect.any(String), scimToken: expect.any(String) });
  });

  it("pages the list", async () => {
    for (let i = 0; i < 3; i++) await call(fx.emu, fx.token, "POST", "/v2/api-users", {});
    const page = await call(fx.emu, fx.token, "GET", "/v2/api-users?limit=2&offset=1");
    expect(page.json()).toMatchObject({ totalCount: 4, apiUsers: [expect.any(Object), expect.any(Object)] });
    expect((await call(fx.emu, fx.token, "GET", "/v2/api-users?limit=0")).statusCode).toBe(400);
  });

  it("keeps API users to TMC admins, and each TMC to its own users", async () => {
    const companyId = await createCompany(fx.emu, fx.token);
    const companyAdmin = fx.emu.admin.createCompanyAdmin(companyId);
    const companyToken = await tokenFor(fx.emu, companyAdmin.clientId, companyAdmin.clientSecret);
    for (const [method, url, body] of [
      ["POST", "/v2/api-users", { role: "TMC_ADMIN" }],
      ["GET", "/v2/api-users", undefined],
      ["POST", "/v2/api-users/rotate", { clientId: "x" }],
    ] as const) {
      expect((await call(fx.emu, companyToken, method, url, body)).statusCode).toBe(403);
    }
    const other = fx.emu.admin.createTmc("Other");
    const otherToken = await tokenFor(fx.emu, other.clientId, other.clientSecret);
    const revoke = await call(fx.emu, otherToken, "POST", "/v2/api-users/revoke", {
      clientId: fx.emu.bootstrap.clientId,
    });
    expect(revoke.statusCode).toBe(403);
    expect((await call(fx.emu, otherToken, "GET", "/v2/api-users")).json()).toMatchObject({ totalCount: 1 });
    expect(
      errorCode(await call(fx.emu, fx.token, "POST", "/v2/api-users/rotate", { clientId: "nobody" })),
    ).toBe("API_USER_NOT_FOUND");
  });

  it("refuses the 6th user with 409 naming the quota, and follows a raised quota", async () => {
    for (let i = 0; i < 4; i++) await call(fx.emu, fx.token, "POST", "/v2/api-users", {});
    const sixth = await call(fx.emu, fx.token, "POST", "/v2/api-users", {});
    expect(sixth.statusCode).toBe(409);
    expect(sixth.body).toContain("the quota is 5");
    fx.emu.admin.updateSettings({ apiUserQuota: 6 });
    expect((await call(fx.emu, fx.token, "POST", "/v2/api-users", {})).statusCode).toBe(200);
    expect((await call(fx.emu, fx.token, "POST", "/v2/api-users", {})).statusCode).toBe(409);
  });

  it("caps the list page at 100", async () => {
    expect((await call(fx.emu, fx.token, "GET", "/v2/api-users?limit=101")).statusCode).toBe(400);
    expect((await call(fx.emu, fx.token, "GET", "/v2/api-users?offset=-1")).statusCode).toBe(400);
    const beyond = await call(fx.emu, fx.token, "GET", "/v2/api-users?offset=5");
    expect(beyond.json()).toEqual({ apiUsers: [], totalCount: 1 });
  });

  it("revokes permanently: 204, every token dies at once, the secret and the clientId are gone", async () => {
    const { clientId, clientSecret } = (await call(fx.emu, fx.token, "POST", "/v2/api-users", {})).json<{
      clientId: string;
      clientSecret: string;
    }>();
    const first = await tokenFor(fx.emu, clientId, clientSecret);
    const second = await tokenFor(fx.emu, clientId, clientSecret);
    expect((await call(fx.emu, first, "GET", "/v2/api-users")).statusCode).toBe(200);
    const revoked = await call(fx.emu, fx.token, "POST", "/v2/api-users/revoke", { clientId });
    expect(revoked.statusCode).toBe(204);
    for (const dead of [first, second]) {
      const answer = await call(fx.emu, dead, "GET", "/v2/api-users");
      expect(answer.statusCode).toBe(401);
      expect(errorCode(answer)).toBe("TOKEN_REVOKED");
    }
    await expect(tokenFor(fx.emu, clientId, clientSecret)).rejects.toThrow(/403/);
    const again = await call(fx.emu, fx.token, "POST", "/v2/api-users/revoke", { clientId });
    expect(again.statusCode).toBe(404);
    expect((await call(fx.emu, fx.token, "GET", "/v2/api-users")).json()).toMatchObject({ totalCount: 1 });
  });

  it("fails an in-flight call whose token is revoked while it waits", async () => {
    const { clientId, clientSecret } = (await call(fx.emu, fx.token, "POST", "/v2/api-users", {})).json<{
      clientId: string;
      clientSecret: string;
    }>();
    const victim = await tokenFor(fx.emu, clientId, clientSecret);
    fx.emu.admin.addFault({ path: "/v2/companies", methods: ["GET"], latencyMs: 300 });
    const inFlight = call(fx.emu, victim, "GET", "/v2/companies");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await call(fx.emu, fx.token, "POST", "/v2/api-users/revoke", { clientId })).statusCode).toBe(204);
    const answer = await inFlight;
    expect(answer.statusCode).toBe(401);
    expect(errorCode(answer)).toBe("TOKEN_REVOKED");
  });

  it("rotates: same clientId, a new secret; the old secret and all its tokens die at once", async () => {
    const { clientId, clientSecret } = (await call(fx.emu, fx.token, "POST", "/v2/api-users", {})).json<{
      clientId: string;
      clientSecret: string;
    }>();
    const old = await tokenFor(fx.emu, clientId, clientSecret);
    const rotated = await call(fx.emu, fx.token, "POST", "/v2/api-users/rotate", { clientId });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json<{ clientId: string; clientSecret: string }>();
    expect(fresh.clientId).toBe(clientId);
    expect(fresh.clientSecret).not.toBe(clientSecret);
    const dead = await call(fx.emu, old, "GET", "/v2/api-users");
    expect(dead.statusCode).toBe(401);
    expect(errorCode(dead)).toBe("TOKEN_REVOKED");
    await expect(tokenFor(fx.emu, clientId, clientSecret)).rejects.toThrow(/INVALID_CLIENT_CREDENTIALS/);
    const renewed = await tokenFor(fx.emu, clientId, fresh.clientSecret);
    expect((await call(fx.emu, renewed, "GET", "/v2/api-users")).statusCode).toBe(200);
  });

  describe("SCIM", () => {
    async function scimUser(): Promise<{ clientId: string; scimToken: string }> {
      const companyId = await createCompany(fx.emu, fx.token);
      const created = await call(fx.emu, fx.token, "POST", "/v2/api-users", {
        credentialType: "SCIM_TOKEN",
        role: "COMPANY_ADMIN",
        orgId: companyId,
      });
      return created.json();
    }

    it("lists /v2/scim/Users with the SCIM token as the bearer", async () => {
      const { scimToken } = await scimUser();
      const list = await call(fx.emu, scimToken, "GET", "/v2/scim/Users?startIndex=1&count=10");
      expect(list.statusCode).toBe(200);
      expect(list.headers["content-type"]).toContain("application/scim+json");
      expect(list.json()).toEqual({
        schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"],
        totalResults: 0,
        startIndex: 1,
        itemsPerPage: 0,
        Resources: [],
      });
    });

    it("accepts SCIM tokens on SCIM paths only, and access tokens nowhere there", async () => {
      const { clientId, scimToken } = await scimUser();
      const asAccessToken = await call(fx.emu, scimToken, "GET", "/v2/companies");
      expect(asAccessToken.statusCode).toBe(401);
      const withAccessToken = await call(fx.emu, fx.token, "GET", "/v2/scim/Users");
      expect(withAccessToken.statusCode).toBe(401);
      expect(errorCode(withAccessToken)).toBe("INVALID_TOKEN");
      expect((await call(fx.emu, undefined, "GET", "/v2/scim/Users")).statusCode).toBe(401);
      await expect(tokenFor(fx.emu, clientId, scimToken)).rejects.toThrow(/403/);
    });

    it("kills the SCIM token at once on revoke, and refuses to rotate it", async () => {
      const { clientId, scimToken } = await scimUser();
      const rotate = await call(fx.emu, fx.token, "POST", "/v2/api-users/rotate", { clientId });
      expect(rotate.statusCode).toBe(400);
      expect((await call(fx.emu, fx.token, "POST", "/v2/api-users/revoke", { clientId })).statusCode).toBe(
        204,
      );
      const answer = await call(fx.emu, scimToken, "GET", "/v2/scim/Users");
      expect(answer.statusCode).toBe(401);
      expect(errorCode(answer)).toBe("TOKEN_REVOKED");
    });
  });
});
