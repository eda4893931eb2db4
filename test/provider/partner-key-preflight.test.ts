/** PartnerPublicKey preflight against a live emulator: key material and kid clashes fail check. */
import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath } from "../../src/client";
import { partnerJwk, partnerPublicKeyResource } from "../../src/resources/partner-public-key";
import { type ProviderHarness, providerHarness } from "./harness";

const publicPem = (bits: number) =>
  generateKeyPairSync("rsa", { modulusLength: bits })
    .publicKey.export({ type: "spki", format: "pem" })
    .toString();

describe("PartnerPublicKey preflight", () => {
  let h: ProviderHarness;
  let companyId: string;
  const pem = publicPem(2048);

  beforeAll(async () => {
    h = await providerHarness(partnerPublicKeyResource);
    ({ id: companyId } = await h.client.post<{ id: string }>("/v2/companies", {
      body: { name: "Keys Co", billingCurrency: "USD", companyRoles: ["ORG"] },
    }));
    await h.client.post(apiPath`/v2/companies/${companyId}/partner-public-keys`, {
      body: { keyType: "JWKS", jwks: { keys: [partnerJwk({ companyId, kid: "taken", publicKeyPem: pem })] } },
    });
  });
  afterAll(async () => h?.close());

  it.each([
    [
      "text that is no key",
      "-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----\n",
      /not a readable public key/,
    ],
    ["a 1024-bit key", publicPem(1024), /is a 1024-bit RSA key; the minimum is 2048 bits/],
  ])("fails %s at publicKeyPem", async (_case, publicKeyPem, reason) => {
    const result = await h.provider.check({}, { companyId, kid: "fresh", publicKeyPem });
    expect(result.failures).toEqual([{ property: "publicKeyPem", reason: expect.stringMatching(reason) }]);
  });

  it("fails a kid already active on the company, and passes the resource's own kid", async () => {
    const clash = await h.provider.check({}, { companyId, kid: "taken", publicKeyPem: pem });
    expect(clash.failures).toEqual([
      { property: "kid", reason: expect.stringContaining("already has an active key with kid taken") },
    ]);
    const own = await h.provider.check(
      { companyId, kid: "taken", publicKeyPem: pem },
      { companyId, kid: "taken", publicKeyPem: pem },
    );
    expect(own.failures).toEqual([]);
    expect((await h.provider.check({}, { companyId, kid: "fresh", publicKeyPem: pem })).failures).toEqual([]);
  });

  it("advises adoptId for a kid held outside the stack, and renaming when a resource of the stack holds it", async () => {
    const { keys } = await h.client.get<{ keys: { id: string; kid: string }[] }>(
      apiPath`/v2/companies/${companyId}/partner-public-keys`,
    );
    const held = keys.find((key) => key.kid === "taken")?.id ?? "";
    const outside = await h.provider.check({}, { companyId, kid: "taken", publicKeyPem: pem });
    expect(outside.failures?.[0]?.reason).toMatch(`set adoptId: "${held}" to take it over`);
    // The engine diffs the stack's resource that holds the key before it checks a new one.
    const holder = { companyId, kid: "taken", publicKeyPem: pem };
    await h.provider.diff(held, holder, holder);
    const inStack = await h.provider.check({}, { companyId, kid: "taken", publicKeyPem: pem });
    expect(inStack.failures).toEqual([
      {
        property: "kid",
        reason: expect.stringMatching(
          /a kid is unique among active keys: another PartnerPublicKey of this stack holds it: rename one of the two \(change the kid of one of them\)$/,
        ),
      },
    ]);
    expect(inStack.failures?.[0]?.reason).not.toContain("adoptId");
  });
});
