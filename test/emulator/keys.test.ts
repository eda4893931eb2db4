import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { companyFixture, useFixture } from "./fixtures";
import { adminToken, call, errorCode, tokenFor } from "./helpers";

/** A public RSA JWK as a partner would register it. */
function rsaJwk(kid: string, modulusLength = 2048): Record<string, string> {
  const { publicKey } = generateKeyPairSync("rsa", { modulusLength });
  const { n, e } = publicKey.export({ format: "jwk" });
  return { kty: "RSA", use: "sig", alg: "RS256", kid, n: n as string, e: e as string };
}

const jwks = (key: Record<string, string>) => ({ keyType: "JWKS", jwks: { keys: [key] } });

describe("partner public keys", () => {
  const fx = useFixture(async () => {
    const company = await companyFixture();
    return { ...company, base: `/v2/companies/${company.companyId}/partner-public-keys` };
  });

  it("adds an RSA JWK (201) with its RFC 7638 thumbprint, lists it ACTIVE, and DELETE revokes it", async () => {
    const key = rsaJwk("partner-1");
    const added = await call(fx.emu, fx.token, "POST", fx.base, jwks(key));
    expect(added.statusCode).toBe(201);
    const [info] = added.json<{ keys: Record<string, string>[] }>().keys;
    expect(info).toMatchObject({ orgId: fx.companyId, kid: "partner-1", status: "ACTIVE" });
    expect(info?.thumbprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(added.body).not.toContain(key.n);
    expect((await call(fx.emu, fx.token, "GET", fx.base)).json()).toEqual({ keys: [info] });

    expect((await call(fx.emu, fx.token, "DELETE", `${fx.base}/partner-1`)).statusCode).toBe(204);
    expect((await call(fx.emu, fx.token, "GET", fx.base)).json()).toEqual({ keys: [] });
    const revoked = await call(fx.emu, fx.token, "GET", `${fx.base}?status=REVOKED`);
    expect(revoked.json()).toEqual({ keys: [{ ...info, status: "REVOKED" }] });
    const again = await call(fx.emu, fx.token, "DELETE", `${fx.base}/partner-1`);
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain("already revoked");
    expect(errorCode(await call(fx.emu, fx.token, "DELETE", `${fx.base}/nobody`))).toBe(
      "PARTNER_PUBLIC_KEY_NOT_FOUND",
    );
  });

  it("keeps a kid unique among ACTIVE keys, and lets a revoked kid be registered again", async () => {
    expect((await call(fx.emu, fx.token, "POST", fx.base, jwks(rsaJwk("k")))).statusCode).toBe(201);
    const duplicate = await call(fx.emu, fx.token, "POST", fx.base, jwks(rsaJwk("k")));
    expect(duplicate.statusCode).toBe(409);
    expect(errorCode(duplicate)).toBe("PARTNER_KEY_KID_EXISTS");
    await call(fx.emu, fx.token, "DELETE", `${fx.base}/k`);
    expect((await call(fx.emu, fx.token, "POST", fx.base, jwks(rsaJwk("k")))).statusCode).toBe(201);
  });

  it.each([
    // The vendor's schema first (enums, required members, undeclared members), then the key's rules.
    ["keyType", { keyType: "PEM", jwks: { keys: [] } }, "keyType: must be one of: JWKS"],
    ["two keys", { keyType: "JWKS", jwks: { keys: [rsaJwk("a"), rsaJwk("b")] } }, "exactly one key"],
    ["EC key", jwks({ ...rsaJwk("x"), kty: "EC" }), "jwks.keys.0.kty: must be one of: RSA"],
    ["alg", jwks({ ...rsaJwk("x"), alg: "RS512" }), "jwks.keys.0.alg: must be one of: RS256"],
    ["use", jwks({ ...rsaJwk("x"), use: "enc" }), "jwks.keys.0.use: must be one of: sig"],
    ["no kid", jwks({ ...rsaJwk("x"), kid: "" }), "kid: is required"],
    ["bad n", jwks({ ...rsaJwk("x"), n: "not base64url!" }), "n: must be base64url"],
    [
      "private",
      jwks({ ...rsaJwk("x"), d: "c2VjcmV0" }),
      "jwks.keys.0.d: is not a property of the vendor's JwkPublicKey",
    ],
  ])("refuses a bad key (%s) with 400 naming the field", async (_name, body, message) => {
    const answer = await call(fx.emu, fx.token, "POST", fx.base, body);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain(message);
  });

  it("refuses RSA keys under 2048 bits", async () => {
    const answer = await call(fx.emu, fx.token, "POST", fx.base, jwks(rsaJwk("small", 1024)));
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain("at least 2048");
  });

  it("admits the TMC admin and the company's admin, not another tenant", async () => {
    const admin = fx.emu.admin.createCompanyAdmin(fx.companyId);
    const companyToken = await tokenFor(fx.emu, admin.clientId, admin.clientSecret);
    expect((await call(fx.emu, companyToken, "POST", fx.base, jwks(rsaJwk("c")))).statusCode).toBe(201);
    const other = fx.emu.admin.createTmc("Other");
    const otherToken = await tokenFor(fx.emu, other.clientId, other.clientSecret);
    for (const [method, url] of [
      ["GET", fx.base],
      ["POST", fx.base],
      ["DELETE", `${fx.base}/c`],
    ] as const) {
      const answer = await call(
        fx.emu,
        otherToken,
        method,
        url,
        method === "POST" ? jwks(rsaJwk("o")) : undefined,
      );
      expect(answer.statusCode).toBe(403);
    }
    expect((await call(fx.emu, undefined, "GET", fx.base)).statusCode).toBe(401);
  });
});

describe("tenant key", () => {
  const fx = useFixture(async () => {
    const company = await companyFixture();
    return { ...company, path: `/v3/tenant-encryption/${company.companyId}/key` };
  });

  it("provisions first (created: true), then refuses within the hour with 429 + Retry-After, then rotates", async () => {
    fx.emu.admin.clock.freeze();
    const first = await call(fx.emu, fx.token, "POST", fx.path);
    expect(first.statusCode).toBe(200);
    const { configId, created } = first.json<{ configId: string; created: boolean }>();
    expect(created).toBe(true);

    fx.emu.admin.clock.advance(59 * 60 * 1000);
    fx.token = await adminToken(fx.emu);
    const early = await call(fx.emu, fx.token, "POST", fx.path);
    expect(early.statusCode).toBe(429);
    expect(early.headers["retry-after"]).toBe("60");
    expect(errorCode(early)).toBe("TENANT_KEY_COOLDOWN");
    const allowedAt = new Date(fx.emu.admin.clock.now() + 60_000).toISOString();
    expect(early.body).toContain(`the next rotation is allowed at ${allowedAt}`);

    fx.emu.admin.clock.advance(60_000);
    const rotated = await call(fx.emu, fx.token, "POST", fx.path);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json()).toEqual({ configId, created: false });
    expect((await call(fx.emu, fx.token, "POST", fx.path)).statusCode).toBe(429);
  });

  it("follows the configured cooldown", async () => {
    fx.emu.admin.updateSettings({ tenantKeyCooldownSeconds: 0 });
    await call(fx.emu, fx.token, "POST", fx.path);
    expect((await call(fx.emu, fx.token, "POST", fx.path)).json()).toMatchObject({ created: false });
  });

  it("requires COMPANY_MANAGEMENT WRITE on the company", async () => {
    const admin = fx.emu.admin.createCompanyAdmin(fx.companyId);
    const companyToken = await tokenFor(fx.emu, admin.clientId, admin.clientSecret);
    expect((await call(fx.emu, companyToken, "POST", fx.path)).statusCode).toBe(200);
    const other = fx.emu.admin.createTmc("Other");
    const otherToken = await tokenFor(fx.emu, other.clientId, other.clientSecret);
    expect((await call(fx.emu, otherToken, "POST", fx.path)).statusCode).toBe(403);
    expect((await call(fx.emu, fx.token, "POST", "/v3/tenant-encryption/nope/key")).statusCode).toBe(404);
    expect((await call(fx.emu, fx.token, "GET", fx.path)).statusCode).toBe(405);
  });
});
