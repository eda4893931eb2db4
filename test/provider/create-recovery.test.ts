/**
 * The create recovery each type declares, against the emulator's after-handling faults (the
 * platform commits, the answer is lost): no duplicate, no orphan, no extra rotation; and the
 * defects found in the newer types: ApiUser adoption, the partner key's delete by thumbprint, a
 * partial create's true state, and damaged state.
 */
import { generateKeyPairSync } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { apiPath, type TravelClient } from "../../src/client";
import { CUSTOM_FIELD_ARMS, CUSTOM_FIELDS } from "../../src/emulator/custom-fields/records";
import { TENANT_KEYS } from "../../src/emulator/keys/records";
import type { RunningEmulator } from "../../src/emulator";
import { PLATFORM_ROLES } from "../../src/emulator/rbac/seed";
import { UnsettledCreateError } from "../../src/provider/create/create-errors";
import type { ResourceDefinition, Values } from "../../src/provider/model/definition";
import { buildTypeProvider } from "../../src/provider/operations/type-provider";
import { declaredForm } from "../../src/provider/model/keyed-inputs";
import { PartialCreateError } from "../../src/provider/create/partial-create-error";
import { DamagedStateError } from "../../src/provider/model/recorded-inputs";
import { safeCreate } from "../../src/provider/create/safe-create";
import { listClientIds } from "../../src/resources/api-user";
import { definitions } from "../../src/resources/registry";
import { clientFor, createCustomGroup, tokenStatus, useLiveEmulator } from "../support/live-emulator";
import { checked } from "./harness";
import { testRun } from "../support/test-run";
import { standaloneContext } from "../../src/provider/model/resource-context";

const live = useLiveEmulator();
let emulator: RunningEmulator;
let client: TravelClient;
beforeAll(() => {
  ({ emulator, client } = live);
});

const providerOf = (type: string) =>
  buildTypeProvider(definitions[type] as ResourceDefinition<Values, Values>, testRun(client));

/** Loses the answer of the next `times` calls to `path` with `method`, after the platform committed them. */
const loseAnswers = (method: string, path: string, times = 1) =>
  emulator.admin.addFault({ path, methods: [method], afterHandling: "drop", times });

async function newCompany(name: string): Promise<string> {
  const { id } = await client.post<{ id: string }>("/v2/companies", {
    body: { name, billingCurrency: "USD", companyRoles: ["ORG"] },
  });
  return id;
}

const tokenWorks = (clientId: string, clientSecret: string) =>
  tokenStatus(emulator.url, clientId, clientSecret);

const tenantKeyOf = (companyId: string) => emulator.context.store.records(TENANT_KEYS).get(companyId);

describe("ApiUser: set difference", () => {
  it("a lost create answer leaves exactly one new user, whose secret works", async () => {
    const provider = providerOf("ApiUser");
    const before = await listClientIds(client);
    loseAnswers("POST", "/v2/api-users");
    const { id, outs } = await provider.create(await checked(provider, {}));
    const after = await listClientIds(client);
    expect(after.filter((clientId) => !before.includes(clientId))).toEqual([id]);
    expect(await tokenWorks(id, outs.clientSecret as string)).toBe(200);
    await provider.delete(id, outs);
  });

  it("a lost SCIM create answer revokes the user nobody holds a token for and makes one that works", async () => {
    const provider = providerOf("ApiUser");
    const companyId = await newCompany("Scim Lost");
    const before = await listClientIds(client);
    loseAnswers("POST", "/v2/api-users");
    const inputs = await checked(provider, {
      role: "COMPANY_ADMIN",
      credentialType: "SCIM_TOKEN",
      orgId: companyId,
    });
    const { id, outs } = await provider.create(inputs);
    expect((await listClientIds(client)).filter((clientId) => !before.includes(clientId))).toEqual([id]);
    const scim = await fetch(`${emulator.url}/v2/scim/Users`, {
      headers: { authorization: `Bearer ${outs.scimToken as string}` },
    });
    expect(scim.status).toBe(200);
    await provider.delete(id, outs);
  });

  it("adoptId takes over a user by clientId and rotates it once, so its secret works and the old one does not", async () => {
    const provider = providerOf("ApiUser");
    const made = await client.post<{ clientId: string; clientSecret: string }>("/v2/api-users", {
      body: { role: "TMC_ADMIN", credentialType: "CLIENT_CREDENTIALS" },
    });
    expect((await provider.check({}, { adoptId: made.clientId })).failures).toEqual([]);
    const before = emulator.admin.lastRequestSeq;
    const { id, outs } = await provider.create(await checked(provider, { adoptId: made.clientId }));
    const rotations = emulator.admin.requests(before).filter((r) => r.path === "/v2/api-users/rotate");
    expect({ id, rotations: rotations.length }).toEqual({ id: made.clientId, rotations: 1 });
    expect(await tokenWorks(id, made.clientSecret)).toBe(403);
    expect(await tokenWorks(id, outs.clientSecret as string)).toBe(200);
    await provider.delete(id, outs);
  });

  it("refuses adoptId for a SCIM user at check, naming why", async () => {
    const result = await providerOf("ApiUser").check(
      {},
      { role: "COMPANY_ADMIN", credentialType: "SCIM_TOKEN", orgId: "c", adoptId: "x" },
    );
    expect(result.failures).toEqual([
      { property: "adoptId", reason: expect.stringContaining("a SCIM token cannot be rotated") },
    ]);
  });
});

describe("TenantKey: idempotent completion", () => {
  it("a lost provision answer succeeds in the same create without rotating; a repeated create does not block", async () => {
    const provider = providerOf("TenantKey");
    const companyId = await newCompany("Key Lost");
    loseAnswers("POST", "/v3/tenant-encryption/*/key");
    const inputs = await checked(provider, { companyId });
    const { id, outs } = await provider.create(inputs);
    expect(tenantKeyOf(companyId)?.cmkVersion).toBe(1);
    expect({ id, configId: outs.configId }).toEqual({ id: companyId, configId: undefined });
    // What the next up does after a kill -9: the pending create runs again inside the cooldown.
    const again = await provider.create(inputs);
    expect(again.id).toBe(companyId);
    expect(tenantKeyOf(companyId)?.cmkVersion).toBe(1);
  });

  it("a lost rotate answer rotates exactly once and learns nothing wrong", async () => {
    const provider = providerOf("TenantKey");
    const companyId = await newCompany("Rotate Lost");
    const created = await provider.create(await checked(provider, { companyId }));
    emulator.admin.clock.advance(3600 * 1000);
    loseAnswers("POST", "/v3/tenant-encryption/*/key");
    const news = await checked(provider, { companyId, rotation: "r1" });
    const { outs } = await provider.update(created.id, created.outs, news);
    expect(tenantKeyOf(companyId)?.cmkVersion).toBe(2);
    expect(outs).toMatchObject({ configId: created.id, rotation: "r1" });
  });

  it("a rotation whose run was killed is recorded by the next up, not refused and not repeated", async () => {
    const provider = providerOf("TenantKey");
    const companyId = await newCompany("Rotate Killed");
    const created = await provider.create(await checked(provider, { companyId }));
    expect(typeof created.outs.rotatedAt).toBe("string");
    emulator.admin.clock.advance(3600 * 1000);
    // The killed run's rotation reached the platform; its answer never reached the state.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await client.post(apiPath`/v3/tenant-encryption/${companyId}/key`);
    expect(tenantKeyOf(companyId)?.cmkVersion).toBe(2);
    const warn = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const news = await checked(provider, { companyId, rotation: "r1" }, created.outs);
      const { outs } = await provider.update(created.id, created.outs, news);
      expect(outs).toMatchObject({ configId: created.id, rotation: "r1" });
      expect(Date.parse(outs.rotatedAt as string)).toBeGreaterThan(
        Date.parse(created.outs.rotatedAt as string),
      );
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/recorded as rotated, not rotated again/);
    } finally {
      warn.mockRestore();
    }
    expect(tenantKeyOf(companyId)?.cmkVersion).toBe(2);
  });

  it("a rotation asked for within the hour of the stack's own is still refused with the time it is allowed", async () => {
    const provider = providerOf("TenantKey");
    const companyId = await newCompany("Rotate Early");
    const created = await provider.create(await checked(provider, { companyId }));
    const news = await checked(provider, { companyId, rotation: "r1" }, created.outs);
    await expect(provider.update(created.id, created.outs, news)).rejects.toThrow(
      /cannot rotate the key yet: .*allowed at/,
    );
    expect(tenantKeyOf(companyId)?.cmkVersion).toBe(1);
  });
});

describe("natural keys", () => {
  it("Arm: a lost create answer adopts the one arm it made", async () => {
    const companyId = await newCompany("Arm Lost");
    const field = await providerOf("CustomField").create(
      await checked(providerOf("CustomField"), { companyId, name: "Project" }),
    );
    const provider = providerOf("Arm");
    loseAnswers("POST", "/v3/companies/*/custom-fields/*/arms");
    const inputs = await checked(provider, {
      companyId,
      customFieldId: field.id,
      name: "Everyone",
      action: { type: "USER", userOptionSource: { type: "MANUAL" } },
    });
    const { id, outs } = await provider.create(inputs);
    const arms = emulator.context.store
      .records(CUSTOM_FIELD_ARMS)
      .values()
      .filter((arm) => arm.customFieldId === field.id);
    expect(arms.map((arm) => arm.id)).toEqual([id]);
    expect(outs.optionGroupId).toEqual(expect.any(String));
  });

  it("CustomField: a lost create answer adopts the field by name and enables it", async () => {
    const companyId = await newCompany("Field Lost");
    const provider = providerOf("CustomField");
    loseAnswers("POST", "/v3/companies/*/custom-fields");
    const { id, outs } = await provider.create(
      await checked(provider, { companyId, name: "Cost code", enabled: true }),
    );
    const fields = emulator.context.store
      .records(CUSTOM_FIELDS)
      .values()
      .filter((f) => f.companyId === companyId);
    expect(fields.map((f) => [f.id, f.enabled])).toEqual([[id, true]]);
    expect((await provider.read(id, outs)).props).toMatchObject({ enabled: true, name: "Cost code" });
  });

  it("PartnerPublicKey: a lost create answer adopts the key with the kid and thumbprint", async () => {
    const companyId = await newCompany("Kid Lost");
    const provider = providerOf("PartnerPublicKey");
    const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = publicKey.export({ format: "pem", type: "spki" }).toString();
    loseAnswers("POST", "/v2/companies/*/partner-public-keys");
    const { id, outs } = await provider.create(
      await checked(provider, { companyId, kid: "k1", publicKeyPem: pem }),
    );
    const keys = await client.get<{ keys: { id: string }[] }>(
      apiPath`/v2/companies/${companyId}/partner-public-keys`,
    );
    expect(keys.keys.map((key) => key.id)).toEqual([id]);
    expect(outs.thumbprint).toEqual(expect.any(String));
  });
});

describe("idempotent creates", () => {
  it("UserGroupRoles: a lost answer is settled by sending the PATCH again (it sets an absolute state)", async () => {
    const companyId = await newCompany("Roles Lost");
    const groupId = await createCustomGroup(emulator, companyId, "Approvers");
    const provider = providerOf("UserGroupRoles");
    loseAnswers("PATCH", "/v3/companies/*/user-groups/*/roles");
    const before = emulator.admin.lastRequestSeq;
    const { id } = await provider.create(
      await checked(provider, { companyId, groupId, roles: [{ roleId: PLATFORM_ROLES[0].id }] }),
    );
    const patches = emulator.admin.requests(before).filter((r) => r.method === "PATCH");
    // The client repeats the PATCH itself (docs/reliability.md, "Which requests are repeated").
    expect({ id, patches: patches.map((r) => r.status) }).toEqual({ id: groupId, patches: [0, 200] });
  });

  it.each([
    ["PerTripServiceCharge", "POST", "/v2/license/company/*/service-charge/per-trip"],
    ["UserGroupRoles", "PATCH", "/v3/companies/*/user-groups/*/roles"],
  ] as const)(
    "%s: when no attempt gets an answer, says to run up again, not to reconcile",
    async (type, method, path) => {
      const companyId = await newCompany(`Unsettled ${type}`);
      const groupId = await createCustomGroup(emulator, companyId, "Travel desk");
      const inputs: Values =
        type === "PerTripServiceCharge"
          ? { companyId, config: { charges: [{ amount: 5, currencyCode: "USD" }] } }
          : { companyId, groupId, roles: [{ roleId: PLATFORM_ROLES[0].id }] };
      const definition = definitions[type] as ResourceDefinition<Values, Values>;
      // The definition takes lists where the engine records keyed maps (see keyed-inputs.ts).
      const parsed = declaredForm(
        definition.capabilities?.diff?.keyedInputs,
        await checked(providerOf(type), inputs),
      );
      emulator.admin.addFault({ path, methods: [method], rate500: 1 });
      // A budget of 3 attempts (the client's own retries included).
      const short = clientFor(emulator, { maxRetries: 2, retry: { baseDelayMs: 1, maxDelayMs: 1 } });
      const error = await safeCreate(definition, standaloneContext(short), parsed, () => {}, {
        sleep: async () => {},
      })
        .catch((e: unknown) => e)
        .finally(() => short.close());
      expect(error).toBeInstanceOf(UnsettledCreateError);
      expect(String(error)).toContain("no answer after 3 attempts");
      expect(String(error)).toContain("run `pulumi up` again");
      expect(String(error)).not.toContain("reconcile");
    },
  );
});

describe("PartnerPublicKey delete removes only the key the stack registered", () => {
  it("keeps a key someone registered with the same kid after the stack's was revoked out of band", async () => {
    const companyId = await newCompany("Kid Reuse");
    const provider = providerOf("PartnerPublicKey");
    const jwkOf = () => {
      const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      return publicKey.export({ format: "jwk" });
    };
    const mine = jwkOf();
    const { id, outs } = await provider.create(
      await checked(provider, { companyId, kid: "shared", jwk: { n: mine.n, e: mine.e } }),
    );
    const keysPath = apiPath`/v2/companies/${companyId}/partner-public-keys`;
    await client.delete(`${keysPath}/shared`);
    const theirs = jwkOf();
    await client.post(keysPath, {
      body: {
        keyType: "JWKS",
        jwks: { keys: [{ kty: "RSA", use: "sig", alg: "RS256", kid: "shared", n: theirs.n, e: theirs.e }] },
      },
    });
    await provider.delete(id, outs);
    const active = await client.get<{ keys: { kid: string; id: string }[] }>(keysPath, {
      query: { status: "ACTIVE" },
    });
    expect(active.keys.map((key) => key.kid)).toEqual(["shared"]);
    expect(active.keys[0]?.id).not.toBe(id);
  });
});

describe("a create that stopped half way records what the platform holds", () => {
  it("CustomField: an enable that failed is recorded as enabled: false, so the next update enables it", async () => {
    const companyId = await newCompany("Partial Enable");
    const provider = providerOf("CustomField");
    emulator.admin.addFault({
      path: "/v3/companies/*/custom-fields/update-status",
      methods: ["PATCH"],
      rate500: 1,
    });
    const inputs = await checked(provider, { companyId, name: "Half", enabled: true });
    const error = await provider.create({ __provider: "p", ...inputs }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartialCreateError);
    const partial = error as PartialCreateError;
    expect(partial.properties).toMatchObject({ __provider: "p", enabled: false, name: "Half" });
    emulator.admin.clearFaults();
    expect((await provider.diff(partial.id, partial.properties, inputs)).changes).toBe(true);
    await provider.update(partial.id, partial.properties, inputs);
    expect((await provider.read(partial.id, inputs)).props).toMatchObject({ enabled: true });
  });
});

describe("damaged state", () => {
  it("a wrong-typed recorded input fails refresh and delete naming the resource, the property and the fix", async () => {
    const provider = providerOf("OptionGroup");
    const damaged = { companyId: "c", customFieldId: "f", optionGroupId: "g", options: "P-100" };
    for (const call of [provider.read("g", damaged), provider.delete("g", damaged)]) {
      const error = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DamagedStateError);
      expect(String(error)).toMatch(
        /OptionGroup g: the state is damaged: options is a string, expected array/,
      );
      expect(String(error)).toContain("pulumi stack export");
    }
  });
  it("a companyId that names no company: refresh reports it, naming the resource and both fixes", async () => {
    const companyId = await newCompany("Real parent");
    const provider = providerOf("CostCenter");
    const { id, outs } = await provider.create(await checked(provider, { companyId, name: "Ops" }));
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const read = await provider.read(id, { ...outs, companyId: "00000000-0000-4000-8000-00000000dead" });
      expect(read).toEqual({});
    } finally {
      spy.mockRestore();
    }
    expect(written.join("")).toMatch(
      new RegExp(
        `CostCenter ${id} is removed from the state because its company .*dead does not exist.*companyId in the state is wrong`,
      ),
    );
    expect((await provider.read(id, outs)).id).toBe(id);
  });
});
