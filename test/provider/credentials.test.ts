/** ApiUser, PartnerPublicKey and TenantKey providers against a live emulator. */
import { generateKeyPairSync } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiPath, type TravelClient } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { buildTypeProvider } from "../../src/provider/operations/type-provider";
import { apiUserResource } from "../../src/resources/api-user";
import { partnerPublicKeyResource } from "../../src/resources/partner-public-key";
import { tenantKeyResource } from "../../src/resources/tenant-key";
import { clientFor, liveEmulator, tokenStatus } from "../support/live-emulator";
import { checked } from "./harness";
import { testRun } from "../support/test-run";

describe("credential and key providers", () => {
  let emulator: RunningEmulator;
  let client: TravelClient;
  let companyId: string;
  /** Each test is one run (one provider process): its own client, so its own per-run reads and counts. */
  let runClient: TravelClient;
  const apiUsers = () => buildTypeProvider(apiUserResource, testRun(runClient));
  const partnerKeys = () => buildTypeProvider(partnerPublicKeyResource, testRun(client));
  const tenantKeys = () => buildTypeProvider(tenantKeyResource, testRun(client));

  beforeAll(async () => {
    emulator = await liveEmulator();
    client = clientFor(emulator);
    const company = await client.post<{ id: string }>("/v2/companies", {
      body: { name: "Keys Inc", billingCurrency: "USD", companyRoles: ["ORG"] },
    });
    companyId = company.id;
  });
  afterAll(async () => {
    await client.close();
    await emulator.close();
  });
  beforeEach(() => {
    runClient = clientFor(emulator);
  });
  afterEach(async () => runClient.close());

  const tokenWith = (clientId: string, clientSecret: string) =>
    tokenStatus(emulator.url, clientId, clientSecret);

  describe("ApiUser", () => {
    it("names the property and the rule at check time", async () => {
      const result = await apiUsers().check({}, { credentialType: "SCIM_TOKEN", rotation: "r1" });
      expect(result.failures).toEqual(
        expect.arrayContaining([
          { property: "role", reason: "must be COMPANY_ADMIN for credentialType SCIM_TOKEN" },
          { property: "rotation", reason: expect.stringContaining("cannot rotate a SCIM token") },
        ]),
      );
      const noOrg = await apiUsers().check({}, { role: "COMPANY_ADMIN" });
      expect(noOrg.failures).toEqual([
        { property: "orgId", reason: "is required when role is COMPANY_ADMIN" },
      ]);
    });

    it("creates with a working secret, rotates on a changed rotation keeping the clientId, and revokes on delete", async () => {
      const provider = apiUsers();
      const inputs = await checked(provider, { rotation: "2026-01" });
      const { id, outs } = await provider.create(inputs);
      expect(outs).toMatchObject({ clientId: id, role: "TMC_ADMIN", credentialType: "CLIENT_CREDENTIALS" });
      const first = outs.clientSecret as string;
      expect(await tokenWith(id, first)).toBe(200);

      expect(await provider.read(id, outs)).toEqual({ id, props: outs, inputs });
      const news = await checked(provider, { rotation: "2026-02" });
      expect(await provider.diff(id, outs, news)).toEqual({
        changes: true,
        changed: ["rotation"],
        replaces: [],
        deleteBeforeReplace: false,
      });
      const rotated = (await provider.update(id, outs, news)).outs ?? {};
      expect(rotated.clientId).toBe(id);
      expect(rotated.clientSecret).not.toBe(first);
      expect(await tokenWith(id, first)).toBe(403);
      expect(await tokenWith(id, rotated.clientSecret as string)).toBe(200);

      const unchanged = (await provider.update(id, rotated, await checked(provider, {}))).outs ?? {};
      expect(unchanged.clientSecret).toBe(rotated.clientSecret);

      await provider.delete(id, rotated);
      expect(await tokenWith(id, rotated.clientSecret as string)).toBe(403);
      await expect(provider.delete(id, rotated)).resolves.toBeUndefined();
    });

    it("creates a SCIM user whose token is an output, and reads an out-of-band revocation as gone", async () => {
      const provider = apiUsers();
      const inputs = await checked(provider, {
        role: "COMPANY_ADMIN",
        credentialType: "SCIM_TOKEN",
        orgId: companyId,
      });
      const { id, outs } = await provider.create(inputs);
      expect(outs.scimToken).toEqual(expect.any(String));
      expect(outs.clientSecret).toBeUndefined();
      const scim = await fetch(`${emulator.url}/v2/scim/Users`, {
        headers: { authorization: `Bearer ${outs.scimToken as string}` },
      });
      expect(scim.status).toBe(200);
      await client.post("/v2/api-users/revoke", { body: { clientId: id } });
      expect(await provider.read(id, outs)).toEqual({});
    });

    it("counts every new user of one run against the quota, refusing those beyond it at preview", async () => {
      const made = [];
      for (let i = 0; i < 2; i++) made.push(await apiUsers().create(await checked(apiUsers(), {})));
      // bootstrap + 2 of 5. The next run (a new process: a new client) checks four new users.
      await runClient.close();
      runClient = clientFor(emulator);
      const run = apiUsers();
      const before = emulator.admin.lastRequestSeq;
      const existing = await run.check(made[0]?.outs ?? {}, { rotation: "c" });
      expect(existing.failures).toEqual([]);
      const checks = [];
      for (let i = 0; i < 4; i++) checks.push(await run.check({}, { rotation: `new-${i}` }));
      const refused = checks.filter((check) => (check.failures ?? []).length > 0);
      expect(refused.length).toBeGreaterThanOrEqual(2);
      expect(refused[0]?.failures).toEqual([
        {
          property: "(inputs)",
          reason: expect.stringMatching(
            /would be API user 6 of the TMC .*adds at least \d.*allows 5 per TMC/,
          ),
        },
      ]);
      // One read of the count for the quota, one list of the clientIds the new users' creates record.
      expect(emulator.admin.requestCounts(before)).toEqual({ "GET /v2/api-users": 2 });
      for (const user of made) await apiUsers().delete(user.id, user.outs);
    });

    it("fails the 6th user with the platform's message naming the quota, without leaking secrets", async () => {
      const provider = apiUsers();
      const inputs = await checked(provider, {});
      const made = [];
      let failure: unknown;
      for (let i = 0; i < 6 && failure === undefined; i++) {
        try {
          made.push(await provider.create(inputs));
        } catch (error) {
          failure = error;
        }
      }
      expect(String(failure)).toContain("the quota is 5");
      for (const user of made) {
        expect(String(failure)).not.toContain(user.outs.clientSecret as string);
        await provider.delete(user.id, user.outs);
      }
    });
  });

  describe("PartnerPublicKey", () => {
    const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = publicKey.export({ format: "pem", type: "spki" }).toString();
    const { n, e } = publicKey.export({ format: "jwk" });

    it("refuses a private key, both or neither forms, and a mismatched jwk.kid at check time", async () => {
      const privatePem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
      const results = await Promise.all([
        partnerKeys().check({}, { companyId, kid: "k", publicKeyPem: privatePem }),
        partnerKeys().check({}, { companyId, kid: "k" }),
        partnerKeys().check({}, { companyId, kid: "k", jwk: { n, e, kid: "other" } }),
        partnerKeys().check({}, { companyId, kid: "k", jwk: { n, e, d: "x" } }),
      ]);
      expect(results.map((result) => result.failures)).toEqual([
        [{ property: "publicKeyPem", reason: "must be a PEM public key (never a private key)" }],
        [{ property: "publicKeyPem", reason: "give exactly one of publicKeyPem and jwk" }],
        [{ property: "jwk.kid", reason: "must equal kid (k) or be left out" }],
        [{ property: "jwk.d", reason: "is not a known property" }],
      ]);
    });

    it("registers from PEM or JWK, reads, revokes on delete, and reads REVOKED as gone", async () => {
      const provider = partnerKeys();
      const fromPem = await provider.create(
        await checked(provider, { companyId, kid: "pem-1", publicKeyPem: pem }),
      );
      const fromJwk = await provider.create(
        await checked(provider, { companyId, kid: "jwk-1", jwk: { n, e } }),
      );
      expect(fromPem.outs).toMatchObject({ keyId: fromPem.id, status: "ACTIVE", kid: "pem-1" });
      expect(fromJwk.outs.thumbprint).toBe(fromPem.outs.thumbprint);
      expect((await provider.read(fromPem.id, fromPem.outs)).props).toEqual(fromPem.outs);
      const news = await checked(provider, { companyId, kid: "pem-2", publicKeyPem: pem });
      expect(await provider.diff(fromPem.id, fromPem.outs, news)).toEqual({
        changes: true,
        changed: ["kid"],
        replaces: ["kid"],
        deleteBeforeReplace: true,
      });

      await provider.delete(fromPem.id, fromPem.outs);
      expect(await provider.read(fromPem.id, fromPem.outs)).toEqual({});
      const revoked = await client.get<{ keys: { kid: string; status: string }[] }>(
        apiPath`/v2/companies/${companyId}/partner-public-keys`,
        { query: { status: "REVOKED" } },
      );
      expect(revoked.keys).toEqual([expect.objectContaining({ kid: "pem-1", status: "REVOKED" })]);
      await client.delete(apiPath`/v2/companies/${companyId}/partner-public-keys/jwk-1`);
      expect(await provider.read(fromJwk.id, fromJwk.outs)).toEqual({});
      await expect(provider.delete(fromJwk.id, fromJwk.outs)).resolves.toBeUndefined();
    });
  });

  describe("PartnerPublicKey adoption", () => {
    const pemOf = () =>
      generateKeyPairSync("rsa", { modulusLength: 2048 })
        .publicKey.export({ format: "pem", type: "spki" })
        .toString();

    it("takes over a registered key whose kid and thumbprint match, with no write", async () => {
      const provider = partnerKeys();
      const pem = pemOf();
      const registered = await provider.create(
        await checked(provider, { companyId, kid: "adopt-1", publicKeyPem: pem }),
      );
      const before = emulator.admin.lastRequestSeq;
      const adopted = await provider.create(
        await checked(provider, { companyId, kid: "adopt-1", publicKeyPem: pem, adoptId: registered.id }),
      );
      expect(adopted).toMatchObject({ id: registered.id, outs: { thumbprint: registered.outs.thumbprint } });
      expect(emulator.admin.requests(before).filter((r) => r.method !== "GET")).toEqual([]);
    });

    it("refuses to take over a key that is not the declared one, naming both thumbprints", async () => {
      const provider = partnerKeys();
      const registered = await provider.create(
        await checked(provider, { companyId, kid: "adopt-2", publicKeyPem: pemOf() }),
      );
      const other = await checked(provider, {
        companyId,
        kid: "adopt-2",
        publicKeyPem: pemOf(),
        adoptId: registered.id,
      });
      await expect(provider.create(other)).rejects.toThrow(
        new RegExp(
          `adoptId ${registered.id} is the key with kid adopt-2 and thumbprint ${String(registered.outs.thumbprint)}, but the declared key has kid adopt-2 and thumbprint [A-Za-z0-9_-]+`,
        ),
      );
    });
  });

  describe("TenantKey", () => {
    it("provisions, refuses rotation inside the cooldown naming the time, rotates after it, and deletes from state only", async () => {
      const provider = tenantKeys();
      emulator.admin.clock.freeze();
      const inputs = await checked(provider, { companyId });
      const { id, outs } = await provider.create(inputs);
      expect(outs).toMatchObject({ configId: id, companyId });
      expect(await provider.read(id, outs)).toEqual({ id, props: outs, inputs });

      const news = await checked(provider, { companyId, rotation: "r1" });
      const early = provider.update(id, outs, news);
      await expect(early).rejects.toThrow(
        /cannot rotate the key yet: .* the next rotation is allowed at \d{4}-\d\d-\d\dT[\d:.]+Z \(in 3600 s\)/,
      );
      emulator.admin.clock.advance(3600 * 1000);
      const rotated = await provider.update(id, outs, news);
      expect(rotated.outs).toMatchObject({ configId: id, rotation: "r1" });

      const before = emulator.admin.lastRequestSeq;
      await provider.delete(id, rotated.outs ?? {});
      expect(emulator.admin.requests(before)).toEqual([]);
      emulator.admin.clock.unfreeze();
    });
  });
});
