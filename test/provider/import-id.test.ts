/**
 * Every registry type's import id (`importIdOf`): its example has the form, a malformed id is
 * refused with a message naming the form before any call to the platform, and the forms that
 * name an object by more than its id read it right against a live emulator.
 */
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { apiPath } from "../../src/client";
import { importIdOf, parseImportId } from "../../src/provider/model/import-id";
import { definitionOf, definitions } from "../../src/resources/registry";
import { useLiveEmulator } from "../support/live-emulator";

const live = useLiveEmulator();
const ctx = () => ({ client: live.client });

/** The required segment names of a form: `<a>/<b>[/<c>]` requires a and b. */
const requiredOf = (form: string) =>
  [...(form.split("[")[0] ?? "").matchAll(/<(\w+)>/g)].map(([, name]) => name);

describe("import ids", () => {
  it.each(Object.entries(definitions))("%s: its example has its form", (_type, definition) => {
    const form = importIdOf(definition);
    const segments = form.segments(form.example);
    expect(segments, `${form.example} read as ${form.form}`).toBeDefined();
    expect(Object.keys(segments ?? {})).toEqual(requiredOf(form.form));
  });

  it.each(Object.entries(definitions))(
    "%s: a malformed id is refused naming the form, without a call",
    async (type, definition) => {
      const form = importIdOf(definition);
      const seq = live.emulator.admin.lastRequestSeq;
      const tooMany = [form.example, "x", "y", "z", "w"].join("/");
      for (const malformed of ["", `${form.example}/`, `/${form.example}`, tooMany]) {
        await expect(parseImportId(definition, malformed, ctx())).rejects.toThrow(
          `${type}: import id ${JSON.stringify(malformed)} does not have the form ${form.form}`,
        );
      }
      expect(live.emulator.admin.requests(seq)).toEqual([]);
    },
  );

  it("CompanyConfig: the role is required, optional or refused by kind", async () => {
    const config = definitionOf("CompanyConfig");
    await expect(parseImportId(config, "c1/travel-content", ctx())).resolves.toEqual({
      id: "c1/travel-content",
      inputs: { companyId: "c1", kind: "travel-content" },
    });
    await expect(parseImportId(config, "c1/white-label/TMC", ctx())).resolves.toEqual({
      id: "c1/white-label",
      inputs: { companyId: "c1", kind: "white-label", companyRole: "TMC" },
    });
    await expect(parseImportId(config, "c1/white-label", ctx())).rejects.toThrow(
      "CompanyConfig: import id segment companyRole is required for kind white-label",
    );
    await expect(parseImportId(config, "c1/travel-content/ORG", ctx())).rejects.toThrow(
      "CompanyConfig: import id segment companyRole is not taken by kind travel-content",
    );
    await expect(parseImportId(config, "c1/colour", ctx())).rejects.toThrow(
      'CompanyConfig: import id segment kind "colour" is not a kind',
    );
  });

  it("ApiUser: the id states the role and credential type the platform does not show", async () => {
    const user = definitionOf("ApiUser");
    await expect(parseImportId(user, "u1", ctx())).resolves.toEqual({
      id: "u1",
      inputs: { role: "TMC_ADMIN", credentialType: "CLIENT_CREDENTIALS" },
    });
    await expect(parseImportId(user, "u1/o1/SCIM_TOKEN", ctx())).resolves.toEqual({
      id: "u1",
      inputs: { role: "COMPANY_ADMIN", credentialType: "SCIM_TOKEN", orgId: "o1" },
    });
    await expect(parseImportId(user, "u1/o1/PASSWORD", ctx())).rejects.toThrow(
      'ApiUser: import id segment credentialType "PASSWORD" is not one of',
    );
  });

  it("PartnerPublicKey: the kid finds the registration id", async () => {
    const { client } = live;
    const { id: companyId } = await client.post<{ id: string }>("/v2/companies", {
      body: { name: "Import Keys", billingCurrency: "USD", companyRoles: ["ORG"] },
    });
    const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const { n, e } = publicKey.export({ format: "jwk" });
    const { keys } = await client.post<{ keys: { id: string; kid: string }[] }>(
      apiPath`/v2/companies/${companyId}/partner-public-keys`,
      {
        body: {
          keyType: "JWKS",
          jwks: { keys: [{ kty: "RSA", use: "sig", alg: "RS256", kid: "k-1", n, e }] },
        },
      },
    );
    const key = definitionOf("PartnerPublicKey");
    await expect(parseImportId(key, `${companyId}/k-1`, ctx())).resolves.toEqual({
      id: keys[0]?.id,
      inputs: { companyId },
    });
    await expect(parseImportId(key, `${companyId}/k-2`, ctx())).rejects.toThrow(
      `PartnerPublicKey: company ${companyId} has no active key with kid k-2`,
    );
  });
});
