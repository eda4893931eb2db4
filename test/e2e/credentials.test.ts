/**
 * Machine credentials and keys through the real engine: two API users (one SCIM), an API user whose
 * `rotation` is a secret input, two partner keys and a tenant key. No secret or token the emulator
 * issued may appear in plaintext in `pulumi stack export` or in anything the CLI printed with
 * `--debug`; rotation keeps the clientId; the tenant key cooldown names its time; destroy revokes.
 */
import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { promisify } from "node:util";
import type { Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestToken } from "../support/live-emulator";
import { REQUIRE_INTERNAL } from "../support/package-internals";
import { createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";

const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
const { ApiUser, PartnerPublicKey, TenantKey } = require("pulumi-travel");
${REQUIRE_INTERNAL}
const { dynamicResource } = internal("provider/hosts/dynamic/dynamic-resource");
const { apiUserResource } = internal("resources/api-user");
const config = new pulumi.Config();
const companyId = config.require("companyId");

// The same ApiUser type, declared with \`rotation\` as a secret input.
const SealedApiUser = dynamicResource({
  ...apiUserResource,
  capabilities: {
    ...apiUserResource.capabilities,
    secrets: { ...apiUserResource.capabilities.secrets, secretInputs: ["rotation"] },
  },
});

const ci = new ApiUser("ci", { rotation: config.require("ciRotation") });
const scim = new ApiUser("scim", { role: "COMPANY_ADMIN", credentialType: "SCIM_TOKEN", orgId: companyId });
const sealed = new SealedApiUser("sealed", { rotation: config.require("sealedRotation") });
new PartnerPublicKey("partner-a", {
  companyId,
  kid: "partner-a",
  publicKeyPem: Buffer.from(config.require("pemA"), "base64").toString("utf8"),
});
new PartnerPublicKey("partner-b", { companyId, kid: "partner-b", jwk: JSON.parse(config.require("jwkB")) });
const tenantKey = new TenantKey("tenant", { companyId, rotation: config.require("tenantRotation") });

exports.ciClientId = ci.clientId;
exports.ciSecret = ci.clientSecret;
exports.scimClientId = scim.clientId;
exports.scimToken = scim.scimToken;
exports.sealedClientId = sealed.clientId;
exports.configId = tenantKey.configId;
`;

const execFileAsync = promisify(execFile);

/** A plaintext marker used as the secret input; it must never appear in the state. */
const SEALED_MARKER = "sealed-rotation-marker-7f3a9c";

type Json = Record<string, unknown>;

describe.skipIf(e2eSkipReason() !== "")("credentials and keys through the Pulumi engine", () => {
  let env: E2eEnvironment;
  let stack: Stack;
  let companyId: string;
  /** Every secret and token the emulator handed out (captured in-process), bootstrap included. */
  const issued = new Set<string>();
  /** Everything the CLI printed. */
  let printed = "";

  const platform = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const token = await tokenStatus(env.emulator.bootstrap.clientId, env.emulator.bootstrap.clientSecret);
    return fetch(`${env.emulator.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token.token ?? ""}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  };
  const tokenStatus = async (clientId: string, clientSecret: string) => {
    const answer = await requestToken(env.emulator.url, clientId, clientSecret);
    if (answer.token) issued.add(answer.token);
    return answer;
  };
  const run = async <T extends { stdout: string; stderr: string }>(step: Promise<T>): Promise<T> => {
    const result = await step;
    printed += `${result.stdout}\n${result.stderr}\n`;
    return result;
  };
  const options = { debug: true, onOutput: (text: string) => (printed += text) };
  /** Asserts that no issued secret or token is in `text`; the failure shows where, never the secret. */
  const expectNoIssuedSecret = (text: string, where: string) => {
    const places = [...issued].flatMap((secret) => leakPlaces(text, secret));
    expect(places, `issued secret(s) in plaintext in ${where}`).toEqual([]);
  };
  /**
   * `pulumi stack export` as a user runs it. (The Automation API's `exportStack` passes
   * `--show-secrets`, which decrypts every secret on purpose.)
   */
  const exported = async (): Promise<string> => {
    const { stdout } = await execFileAsync("pulumi", ["stack", "export", "--stack", "e2e"], {
      cwd: env.programDir,
      env: { ...process.env, ...stack.workspace.envVars },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  };

  beforeAll(async () => {
    const { publicKey: keyA } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const { publicKey: keyB } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const { n, e } = keyB.export({ format: "jwk" });
    env = await createEnvironment("credentials", PROGRAM);
    stack = env.stack;
    issued.add(env.emulator.bootstrap.clientSecret);
    // Capture every secret and token the emulator issues from now on (it keeps only digests).
    const identity = env.emulator.context.identity;
    const createApiUser = identity.createApiUser.bind(identity);
    identity.createApiUser = (...args) => {
      const minted = createApiUser(...args);
      issued.add(minted.clientSecret);
      return minted;
    };
    const rotateSecret = identity.rotateSecret.bind(identity);
    identity.rotateSecret = (clientId) => {
      const secret = rotateSecret(clientId);
      issued.add(secret);
      return secret;
    };
    const issueToken = identity.issueToken.bind(identity);
    identity.issueToken = (clientId, clientSecret) => {
      const token = issueToken(clientId, clientSecret);
      issued.add(token.token);
      return token;
    };
    const company = await platform("POST", "/v2/companies", {
      name: "Keys Inc",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
    });
    companyId = ((await company.json()) as { id: string }).id;
    await stack.setAllConfig({
      "credentials:companyId": { value: companyId },
      "credentials:ciRotation": { value: "2026-01" },
      // Secret config, so that the default provider's copy of the stack config is ciphertext too;
      // the program still reads it as a plain string, which secretInputs must wrap.
      "credentials:sealedRotation": { value: SEALED_MARKER, secret: true },
      "credentials:tenantRotation": { value: "t1" },
      "credentials:pemA": {
        value: Buffer.from(keyA.export({ format: "pem", type: "spki" }).toString()).toString("base64"),
      },
      "credentials:jwkB": { value: JSON.stringify({ n, e }) },
    });
  });
  afterAll(async () => {
    await env?.dispose();
  });

  let ciClientId: string;
  let ciSecret: string;

  it("1. creates the users, keys and tenant key", async () => {
    const result = await run(stack.up(options));
    expect(result.summary.resourceChanges).toEqual({ create: 7 });
    ciClientId = result.outputs.ciClientId?.value as string;
    ciSecret = result.outputs.ciSecret?.value as string;
    expect(result.outputs.ciSecret?.secret).toBe(true);
    expect(result.outputs.scimToken?.secret).toBe(true);
    expect((await tokenStatus(ciClientId, ciSecret)).status).toBe(200);
    const scim = await fetch(`${env.emulator.url}/v2/scim/Users`, {
      headers: { authorization: `Bearer ${result.outputs.scimToken?.value as string}` },
    });
    expect(scim.status).toBe(200);
    // Outputs come back decrypted through the Automation API; they were captured as issued.
    expect(issued.has(ciSecret)).toBe(true);
  });

  it("2. keeps every issued secret out of the state export and the CLI's --debug output", async () => {
    const afterUp = await exported();
    expect(pathsOf(JSON.parse(afterUp), SEALED_MARKER)).toEqual([]);
    const resources = (JSON.parse(afterUp) as { deployment: { resources: Json[] } }).deployment.resources;
    const byName = (name: string) => resources.find((r) => String(r.urn).endsWith(`::${name}`));
    const isCiphertext = (value: unknown) =>
      typeof value === "object" && value !== null && "ciphertext" in value;
    expect(isCiphertext((byName("ci")?.outputs as Json).clientSecret)).toBe(true);
    expect(isCiphertext((byName("scim")?.outputs as Json).scimToken)).toBe(true);
    // The secret input: ciphertext both as an input and as the output that echoes it.
    expect(isCiphertext((byName("sealed")?.inputs as Json).rotation)).toBe(true);
    expect(isCiphertext((byName("sealed")?.outputs as Json).rotation)).toBe(true);
    expect(isCiphertext((byName("sealed")?.outputs as Json).clientSecret)).toBe(true);

    await run(stack.preview({ ...options, expectNoChanges: true }));
    await run(stack.refresh({ ...options, expectNoChanges: true }));
    // (The sealed marker is not checked after refresh: this program declares \`secretInputs\` on
    // its own class only, so the provider runtime, which reads the package's registry, cannot
    // know that \`rotation\` is secret there. A registered definition with secretInputs keeps its
    // recorded, encrypted inputs on refresh.)
    const state = await exported();
    expect(issued.size).toBeGreaterThanOrEqual(5);
    expectNoIssuedSecret(afterUp, "stack export after up");
    expectNoIssuedSecret(state, "stack export after refresh");
    expectNoIssuedSecret(printed, "CLI output");
    expect(printed).not.toContain(SEALED_MARKER);
  });

  it("3. refuses to rotate the tenant key inside the cooldown, naming when it is allowed", async () => {
    await stack.setConfig("credentials:tenantRotation", { value: "t2" });
    const failure = await stack.up(options).then(
      () => undefined,
      (error: unknown) => error,
    );
    const message = String(failure);
    printed += message;
    expect(message).toMatch(
      /cannot rotate the key yet: .*the next rotation is allowed at \d{4}-\d\d-\d\dT[\d:.]+Z \(in \d+ s\)/,
    );
  });

  // One up rotates both: the API user's rotation and the tenant key's do not interfere.
  it("4. once the emulator clock has passed the cooldown, rotates the tenant key and one API user: same clientId, the old secret fails, the new one works", async () => {
    const clock = await fetch(`${env.emulator.url}/_emulator/clock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ advanceSeconds: 3601 }),
    });
    expect(clock.status).toBe(200);
    await stack.setConfig("credentials:ciRotation", { value: "2026-02" });
    const result = await run(stack.up(options));
    expect(result.summary.resourceChanges).toMatchObject({ update: 2 });
    const early = await platform("POST", `/v3/tenant-encryption/${companyId}/key`);
    expect(early.status).toBe(429);
    expect(result.outputs.ciClientId?.value).toBe(ciClientId);
    const rotated = result.outputs.ciSecret?.value as string;
    expect(rotated).not.toBe(ciSecret);
    expect((await tokenStatus(ciClientId, ciSecret)).status).toBe(403);
    expect((await tokenStatus(ciClientId, rotated)).status).toBe(200);
    expectNoIssuedSecret(await exported(), "stack export after rotation");
    expectNoIssuedSecret(printed, "CLI output after rotation");
  });

  it("5. destroys: the users are revoked, the keys REVOKED, the tenant key kept with a warning", async () => {
    const outputs = await stack.outputs();
    const result = await run(stack.destroy(options));
    expect(result.summary.resourceChanges).toEqual({ delete: 7 });
    const users = (await (await platform("GET", "/v2/api-users")).json()) as {
      apiUsers: { clientId: string }[];
    };
    const remaining = users.apiUsers.map((user) => user.clientId);
    for (const name of ["ciClientId", "scimClientId", "sealedClientId"])
      expect(remaining).not.toContain(outputs[name]?.value);
    const revoked = (await (
      await platform("GET", `/v2/companies/${companyId}/partner-public-keys?status=REVOKED`)
    ).json()) as { keys: { kid: string; status: string }[] };
    expect(revoked.keys.map((key) => key.kid).sort()).toEqual(["partner-a", "partner-b"]);
    const active = (await (
      await platform("GET", `/v2/companies/${companyId}/partner-public-keys`)
    ).json()) as {
      keys: unknown[];
    };
    expect(active.keys).toEqual([]);
    expect(printed).toContain("the platform has no delete for tenant keys");
    expectNoIssuedSecret(printed, "CLI output of the whole run");
  });
});

/** The lines of `text` holding `secret`, with the secret itself masked (at most 3 per secret). */
function leakPlaces(text: string, secret: string): string[] {
  return text
    .split("\n")
    .filter((line) => line.includes(secret))
    .slice(0, 3)
    .map((line) => line.split(secret).join("<LEAKED>").slice(0, 300));
}

/** JSON paths inside `value` whose string contains `needle`. */
function pathsOf(value: unknown, needle: string, path = "$"): string[] {
  if (typeof value === "string") return value.includes(needle) ? [path] : [];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => pathsOf(item, needle, `${path}.${key}`));
  return [];
}
