/**
 * Every registry type's import id (`importIdOf`): its example has the form, a malformed id is
 * refused with a message naming the form before any call to the platform, and the forms that
 * name an object by more than its id read it right against a live emulator.
 */
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { apiPath } from "../../src/client";
import { type ImportTarget, importIdOf, parseImportId } from "../../src/provider/model/import-id";
import { definitionOf, definitions } from "../../src/resources/registry";
import { useLiveEmulator } from "../support/live-emulator";
import { standaloneContext } from "../../src/provider/model/resource-context";

const live = useLiveEmulator();
const ctx = () => standaloneContext(live.client);

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

  // CompanyConfig: the role is required, optional or refused by kind. ApiUser: the id states the
  // role and credential type the platform does not show.
  const located: [string, string, ImportTarget][] = [
    [
      "CompanyConfig",
      "c1/travel-content",
      { id: "c1/travel-content", inputs: { companyId: "c1", kind: "travel-content" } },
    ],
    [
      "CompanyConfig",
      "c1/white-label/TMC",
      { id: "c1/white-label", inputs: { companyId: "c1", kind: "white-label", companyRole: "TMC" } },
    ],
    ["ApiUser", "u1", { id: "u1", inputs: { role: "TMC_ADMIN", credentialType: "CLIENT_CREDENTIALS" } }],
    [
      "ApiUser",
      "u1/o1/SCIM_TOKEN",
      { id: "u1", inputs: { role: "COMPANY_ADMIN", credentialType: "SCIM_TOKEN", orgId: "o1" } },
    ],
  ];
  it.each(located)("%s: %s names %o", async (type, importId, target) => {
    await expect(parseImportId(definitionOf(type), importId, ctx())).resolves.toEqual(target);
  });

  const refused: [string, string, string][] = [
    ["CompanyConfig", "c1/white-label", "import id segment companyRole is required for kind white-label"],
    [
      "CompanyConfig",
      "c1/travel-content/ORG",
      "import id segment companyRole is not taken by kind travel-content",
    ],
    ["CompanyConfig", "c1/colour", 'import id segment kind "colour" is not one of travel-content,'],
    ["ApiUser", "u1/o1/PASSWORD", 'import id segment credentialType "PASSWORD" is not one of'],
    ["CustomFieldOrder", "c1/BOSS", 'import id segment companyRole "BOSS" is not one of ORG, TMC'],
  ];
  it.each(refused)("%s: %s is refused", async (type, importId, message) => {
    await expect(parseImportId(definitionOf(type), importId, ctx())).rejects.toThrow(`${type}: ${message}`);
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
