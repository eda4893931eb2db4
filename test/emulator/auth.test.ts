import { describe, expect, it } from "vitest";
import { emulatorFixture, useFixture } from "./fixtures";
import { call, createCompany, errorCode, freshEmulator, tokenFor } from "./helpers";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("token endpoints", () => {
  // No token up front: the rate limit test counts every token request.
  const fx = useFixture(async () => ({ emu: await freshEmulator() }));

  const requestToken = (form: Record<string, string>, headers: Record<string, string> = FORM) =>
    fx.emu.app.inject({
      method: "POST",
      url: "/v2/auth/oauth2-token",
      headers,
      payload: new URLSearchParams(form).toString(),
    });

  it("issues a bearer token for client credentials", async () => {
    const response = await requestToken({
      grant_type: "client_credentials",
      client_id: fx.emu.bootstrap.clientId,
      client_secret: fx.emu.bootstrap.clientSecret,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 3600,
    });
  });

  it("refuses wrong credentials with 403", async () => {
    const response = await requestToken({
      grant_type: "client_credentials",
      client_id: fx.emu.bootstrap.clientId,
      client_secret: "wrong-secret",
    });
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe("INVALID_CLIENT_CREDENTIALS");
  });

  it("names the missing field", async () => {
    const response = await requestToken({ grant_type: "client_credentials", client_id: "x" });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("client_secret");
  });

  it("refuses JSON bodies (the endpoint is form-encoded)", async () => {
    const response = await fx.emu.app.inject({
      method: "POST",
      url: "/v2/auth/oauth2-token",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ grant_type: "client_credentials" }),
    });
    expect(response.statusCode).toBe(415);
  });

  it("refuses other grant types", async () => {
    const response = await requestToken({ grant_type: "password", client_id: "x", client_secret: "y" });
    expect(errorCode(response)).toBe("UNSUPPORTED_GRANT_TYPE");
  });

  it("rate limits both token endpoints together, with Retry-After", async () => {
    fx.emu.admin.updateSettings({ tokenRateLimit: { limit: 3, windowSeconds: 60 } });
    const { clientId, clientSecret } = fx.emu.bootstrap;
    for (let i = 0; i < 2; i++)
      expect(
        (
          await requestToken({
            grant_type: "client_credentials",
            client_id: clientId,
            client_secret: clientSecret,
          })
        ).statusCode,
      ).toBe(200);
    const legacy = await fx.emu.app.inject({
      method: "POST",
      url: "/get-auth-token",
      payload: { clientId, clientSecret },
    });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toEqual({ token: expect.any(String), expiresIn: 3600 });
    const limited = await requestToken({
      grant_type: "client_credentials",
      client_id: clientId,
      client_secret: clientSecret,
    });
    expect(limited.statusCode).toBe(429);
    expect(errorCode(limited)).toBe("RATE_LIMIT_EXCEEDED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(59);
    fx.emu.admin.clock.advance(61_000);
    expect(
      (
        await requestToken({
          grant_type: "client_credentials",
          client_id: clientId,
          client_secret: clientSecret,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe("token tampering", () => {
  const fx = useFixture(emulatorFixture);

  const get = (authorization?: string) =>
    fx.emu.app.inject({
      method: "GET",
      url: "/v2/companies",
      headers: authorization === undefined ? {} : { authorization },
    });

  it("accepts the untampered token", async () => {
    expect((await get(`Bearer ${fx.token}`)).statusCode).toBe(200);
  });

  it.each<[string, (token: string) => string | undefined, string]>([
    ["missing header", () => undefined, "UNAUTHENTICATED"],
    ["not a bearer scheme", (t) => `Basic ${t}`, "INVALID_TOKEN"],
    ["malformed token", () => "Bearer not-a-token", "INVALID_TOKEN"],
    ["truncated token", (t) => `Bearer ${t.slice(0, -1)}`, "INVALID_TOKEN"],
    [
      "one character changed",
      (t) => `Bearer ${t.slice(0, -1)}${t.endsWith("a") ? "b" : "a"}`,
      "INVALID_TOKEN",
    ],
    ["empty bearer", () => "Bearer ", "INVALID_TOKEN"],
  ])("401 for a %s", async (_name, tamper, code) => {
    const response = await get(tamper(fx.token));
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe(code);
    expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
  });

  it("401 TOKEN_EXPIRED once the clock passes the expiry", async () => {
    fx.emu.admin.clock.advance(3600 * 1000 + 1);
    const response = await get(`Bearer ${fx.token}`);
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe("TOKEN_EXPIRED");
  });

  it("401 TOKEN_REVOKED after the API user is revoked", async () => {
    const created = await call(fx.emu, fx.token, "POST", "/v2/api-users", { role: "TMC_ADMIN" });
    const { clientId, clientSecret } = created.json<{ clientId: string; clientSecret: string }>();
    const victim = await tokenFor(fx.emu, clientId, clientSecret);
    expect((await call(fx.emu, fx.token, "POST", "/v2/api-users/revoke", { clientId })).statusCode).toBe(204);
    const response = await get(`Bearer ${victim}`);
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe("TOKEN_REVOKED");
  });

  it("401 TOKEN_REVOKED after the secret is rotated, and the old secret stops working", async () => {
    const created = await call(fx.emu, fx.token, "POST", "/v2/api-users", { role: "TMC_ADMIN" });
    const { clientId, clientSecret } = created.json<{ clientId: string; clientSecret: string }>();
    const before = await tokenFor(fx.emu, clientId, clientSecret);
    const rotated = await call(fx.emu, fx.token, "POST", "/v2/api-users/rotate", { clientId });
    expect(rotated.statusCode).toBe(200);
    const newSecret = rotated.json<{ clientId: string; clientSecret: string }>().clientSecret;
    expect(newSecret).not.toBe(clientSecret);
    expect(errorCode(await get(`Bearer ${before}`))).toBe("TOKEN_REVOKED");
    await expect(tokenFor(fx.emu, clientId, clientSecret)).rejects.toThrow(/403/);
    expect((await get(`Bearer ${await tokenFor(fx.emu, clientId, newSecret)}`)).statusCode).toBe(200);
  });

  it("403 for a company admin's token used on another company", async () => {
    const mine = await createCompany(fx.emu, fx.token, { name: "Mine" });
    const theirs = await createCompany(fx.emu, fx.token, { name: "Theirs" });
    const admin = fx.emu.admin.createCompanyAdmin(mine);
    const companyToken = await tokenFor(fx.emu, admin.clientId, admin.clientSecret);
    expect((await call(fx.emu, companyToken, "GET", `/v2/companies/${mine}`)).statusCode).toBe(200);
    const response = await call(fx.emu, companyToken, "GET", `/v2/companies/${theirs}`);
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe("PERMISSION_DENIED");
  });

  it("403 for another TMC's token", async () => {
    const company = await createCompany(fx.emu, fx.token);
    const other = fx.emu.admin.createTmc("Other TMC");
    const otherToken = await tokenFor(fx.emu, other.clientId, other.clientSecret);
    for (const method of ["GET", "DELETE"] as const) {
      expect((await call(fx.emu, otherToken, method, `/v2/companies/${company}`)).statusCode).toBe(403);
    }
    const put = await call(fx.emu, otherToken, "PUT", `/v2/companies/${company}`, {
      id: { id: company },
      name: "Hijacked",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
    });
    expect(put.statusCode).toBe(403);
    const list = await call(fx.emu, otherToken, "GET", "/v2/companies");
    expect(list.json<{ elements: { id: string }[] }>().elements.map((e) => e.id)).not.toContain(company);
  });
});
