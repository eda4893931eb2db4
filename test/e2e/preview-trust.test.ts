/**
 * Issue 21 through the real engine (packed package, Automation API): what preview shows is what
 * up does. Fields set outside the program survive refresh and up; an arm's audience change previews
 * one update and makes one; `replaceOnChanges` replaces, `ignoreChanges` ignores, `retainOnDelete`
 * keeps the object (these four share one preview and one up, with refresh); bad inputs fail the preview with 0 writes
 * and one line each, naming the property path and the value, and key material never appears.
 */
import { generateKeyPairSync } from "node:crypto";
import type { EngineEvent, Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, clearSharedTokens, type TravelClient } from "../../src/client";
import { fileBackendEnv } from "../support/file-stack";
import { createLeanStack } from "../support/lean-stack";
import { clientFor, createCustomGroup } from "../support/live-emulator";
import { createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";

const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
const travel = require("pulumi-travel");
const config = new pulumi.Config();
const step = config.require("step");
const company = new travel.Company("co", { name: "Trust Co", billingCurrency: "USD" });
const companyId = company.companyId;
if (step === "typo") {
  new travel.Arm("typo-arm", { companyId, customFieldId: "cf-1", name: "Typo", action: { type: "USERR" } });
} else if (step === "same-names") {
  new travel.CustomField("purpose-a", { companyId, name: "Purpose" });
  new travel.CustomField("purpose-b", { companyId, name: "purpose " });
} else if (step === "private-key") {
  new travel.PartnerPublicKey("leaky", { companyId, kid: "k1", publicKeyPem: config.requireSecret("privatePem") });
} else if (step.startsWith("bad:")) {
  // One input the preview must refuse, against a tenant made through the API (ids known at preview).
  const t = JSON.parse(config.require("tenant"));
  const c = t.companyId;
  const bad = step.slice(4);
  const key = (name, kid, publicKeyPem) => new travel.PartnerPublicKey(name, { companyId: c, kid, publicKeyPem });
  if (bad === "role") new travel.UserGroupRoles("roles", { companyId: c, groupId: t.groupId, roles: [{ roleId: "role-made-up" }] });
  if (bad === "order") new travel.CustomFieldOrder("order", { companyId: c, fieldIds: [t.fieldId, "cf-made-up"] });
  if (bad === "arm-field") new travel.Arm("stray-arm", { companyId: c, customFieldId: "cf-stray", name: "Stray", action: { type: "AUTO", value: "x" } });
  if (bad === "option-group") new travel.OptionGroup("stray-options", { companyId: c, customFieldId: t.fieldId, optionGroupId: "og-made-up", options: [{ name: "A" }] });
  if (bad === "auto-arm") {
    const auto = new travel.Arm("auto-arm", { companyId: c, customFieldId: t.fieldId, name: "Auto", action: { type: "AUTO", value: "x" } });
    new travel.OptionGroup("auto-options", { companyId: c, customFieldId: t.fieldId, optionGroupId: auto.optionGroupId, options: [{ name: "A" }] });
  }
  if (bad === "pem") key("garbled", "garbled", "-----BEGIN PUBLIC KEY-----\\nnot a key\\n-----END PUBLIC KEY-----\\n");
  if (bad === "short-key") key("short", "short", t.shortPem);
  if (bad === "active-kid") key("taken", "active-kid", t.goodPem);
  if (bad === "private-plain") key("leaky-plain", "leaky-plain", config.require("plainPrivatePem"));
  if (bad === "private-wrapped") key("leaky-wrapped", "leaky-wrapped", pulumi.secret(config.require("plainPrivatePem")));
  if (bad === "quota") for (let i = 1; i <= 4; i++) new travel.ApiUser("user-" + i, { role: "COMPANY_ADMIN", orgId: c });
} else {
  const field = new travel.CustomField("field", { companyId, name: "Purpose", enabled: false });
  const arm = new travel.Arm("arm", {
    companyId, customFieldId: field.customFieldId, name: "Pick",
    action: { type: "USER", userOptionSource: { type: "MANUAL" } },
    audiences: step === "changed" ? [{ predicates: [] }] : [],
  });
  new travel.OptionGroup("options", {
    companyId, customFieldId: field.customFieldId, optionGroupId: arm.optionGroupId,
    options: [{ name: "P-100" }, { name: "P-200" }],
  });
  const renamed = step === "changed";
  new travel.CostCenter("cc", { companyId, name: renamed ? "Renamed" : "Original" }, { replaceOnChanges: ["name"] });
  new travel.Grade("grade", { companyId, name: renamed ? "G2" : "G1" }, { ignoreChanges: ["name"] });
  if (step !== "changed") new travel.Department("dept", { companyId, name: "Kept" }, { retainOnDelete: true });
  exports.fieldId = field.customFieldId;
}
exports.companyId = companyId;
`;

/**
 * Each input the platform would refuse halfway through \`up\` (issue 21), by the \`bad:<case>\` step
 * that declares it, and the one line its preview fails with: the resource, the property path and
 * the value (redacted for key material).
 */
const BAD_INPUTS: [string, RegExp][] = [
  [
    "role",
    /resource 'roles' has a problem: roles\[0\]\.roleId: role role-made-up is neither a platform role nor a role of company .* \(value "role-made-up"\)\n$/,
  ],
  [
    "order",
    /resource 'order' has a problem: fieldIds\[1\]: cf-made-up is not a custom field of company .* \(value "cf-made-up"\)\n$/,
  ],
  [
    "arm-field",
    /resource 'stray-arm' has a problem: customFieldId: custom field cf-stray does not exist in company .* \(value "cf-stray"\)\n$/,
  ],
  [
    "option-group",
    /resource 'stray-options' has a problem: optionGroupId: option group og-made-up does not exist .* \(value "og-made-up"\)\n$/,
  ],
  [
    "auto-arm",
    /OptionGroup "auto-options": optionGroupId comes from Arm "auto-arm", whose action has no option group/,
  ],
  ["pem", /resource 'garbled' has a problem: publicKeyPem: .* \(value \[redacted\]\)\n$/],
  [
    "short-key",
    /resource 'short' has a problem: publicKeyPem: is a 1024-bit RSA key; the minimum is 2048 bits \(value \[redacted\]\)\n$/,
  ],
  [
    "active-kid",
    /resource 'taken' has a problem: kid: company .* already has an active key with kid active-kid .* \(value "active-kid"\)\n$/,
  ],
  [
    "private-plain",
    /resource 'leaky-plain' has a problem: publicKeyPem: must be a PEM public key \(never a private key\) \(value \[redacted\]\)\n$/,
  ],
  [
    "private-wrapped",
    /resource 'leaky-wrapped' has a problem: publicKeyPem: must be a PEM public key \(never a private key\) \(value \[redacted\]\)\n$/,
  ],
  // The four users register concurrently: whichever the engine checks third fails.
  ["quota", /resource 'user-[1-4]' has a problem: .*would be API user 6 of the TMC .*allows 5 per TMC/],
];

/** The steps the engine reports per resource name, sorted (`same` and `refresh` steps left out). */
function operations(
  events: EngineEvent[],
  kind: "resourcePreEvent" | "resOutputsEvent",
): Record<string, string> {
  const steps: Record<string, string[]> = {};
  for (const event of events) {
    const metadata = event[kind]?.metadata;
    if (!metadata || ["same", "refresh"].includes(metadata.op) || metadata.type.startsWith("pulumi:"))
      continue;
    (steps[metadata.urn.split("::").at(-1) ?? metadata.urn] ??= []).push(metadata.op);
  }
  return Object.fromEntries(
    Object.entries(steps).map(([name, ops]) => [name, [...new Set(ops)].sort().join("+")]),
  );
}

/** The platform's POST routes that only read: lists, and the token. */
const READING_POSTS = new Set([
  "POST /v2/auth/oauth2-token",
  "POST /v3/companies/:companyId/roles",
  "POST /v3/companies/:companyId/user-groups/:groupId/roles",
]);

/** Writes (requests other than GETs, lists and the token) since `after`. */
function writesSince(env: E2eEnvironment, after: number): string[] {
  return env.emulator.admin
    .requests(after)
    .filter(
      (entry) => entry.method !== "GET" && !entry.path.endsWith("/list") && !READING_POSTS.has(entry.route),
    )
    .map((entry) => `${entry.method} ${entry.path}`);
}

describe.skipIf(e2eSkipReason() !== "")("preview shows what up does (issue 21)", () => {
  let env: E2eEnvironment;
  let client: TravelClient;
  const step = (value: string) => env.stack.setConfig("trust:step", { value });
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const privatePem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  /** A line of the private key's body: it must appear in no output. */
  const keyBody = privatePem.split("\n")[5] ?? "";

  /** Preview and up of the current program: the operations of each and the writes of the up. */
  const previewThenUp = async (refresh: boolean) => {
    const previewEvents: EngineEvent[] = [];
    await env.stack.preview({ refresh, onEvent: (event) => previewEvents.push(event) });
    const upEvents: EngineEvent[] = [];
    const before = env.emulator.admin.lastRequestSeq;
    await env.stack.up({ refresh, onEvent: (event) => upEvents.push(event) });
    return {
      previewed: operations(previewEvents, "resourcePreEvent"),
      applied: operations(upEvents, "resOutputsEvent"),
      writes: writesSince(env, before),
    };
  };

  let changed: ReturnType<typeof deployThenChange> | undefined;
  /** The base program's deployment changed by hand then by the program, once for the tests that share it. */
  const changedInOneRun = () => (changed ??= deployThenChange());

  /**
   * The base program deployed, its custom field edited by hand (fields it does not declare), then
   * one preview and one up, both with refresh, of the program with the arm's audience added, the
   * cost center renamed (`replaceOnChanges`), the grade renamed (`ignoreChanges`) and the
   * department (`retainOnDelete`) removed: independent resources, so one run shows each.
   */
  const deployThenChange = async () => {
    await step("base");
    const { outputs } = await env.stack.up();
    const companyId = String(outputs.companyId?.value);
    const fieldPath = apiPath`/v3/companies/${companyId}/custom-fields/${String(outputs.fieldId?.value)}`;
    const current = await client.get<Record<string, unknown>>(fieldPath);
    await client.put(fieldPath, {
      body: { ...current, description: "set by hand", respondOnlyOnceLevel: "TRIP" },
    });
    await step("changed");
    return { ...(await previewThenUp(true)), companyId, fieldPath };
  };

  /**
   * A company made through the API with a custom field, a custom user group, an active partner key
   * `active-kid` and two more API users (three of the TMC's five with the bootstrap user), and the
   * key material the bad inputs use.
   */
  const badInputTenant = async () => {
    const { id: companyId } = await client.post<{ id: string }>("/v2/companies", {
      body: { name: "Bad Inputs Co", billingCurrency: "USD", companyRoles: ["ORG"] },
    });
    const { id: fieldId } = await client.post<{ id: string }>(
      apiPath`/v3/companies/${companyId}/custom-fields`,
      { query: { companyRole: "ORG" }, body: { name: "Purpose" } },
    );
    const groupId = await createCustomGroup(env.emulator, companyId, "Travel desk");
    const active = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey;
    await client.post(apiPath`/v2/companies/${companyId}/partner-public-keys`, {
      body: {
        keyType: "JWKS",
        jwks: {
          keys: [{ ...active.export({ format: "jwk" }), kid: "active-kid", use: "sig", alg: "RS256" }],
        },
      },
    });
    for (const _ of [1, 2])
      await client.post("/v2/api-users", {
        body: { role: "TMC_ADMIN", credentialType: "CLIENT_CREDENTIALS" },
      });
    const publicPem = (bits: number) =>
      generateKeyPairSync("rsa", { modulusLength: bits }).publicKey.export({ type: "spki", format: "pem" });
    return { companyId, fieldId, groupId, shortPem: publicPem(1024), goodPem: publicPem(2048) };
  };

  beforeAll(async () => {
    env = await createEnvironment("trust", PROGRAM, { "trust:step": "typo" });
    await env.stack.setConfig("trust:privatePem", { value: privatePem, secret: true });
    clearSharedTokens();
    client = clientFor(env.emulator);
  });
  afterAll(async () => {
    await client?.close();
    await env?.dispose();
  });

  /** A preview expected to fail: all it printed, and the writes it made. */
  const failedPreview = async (value: string) => {
    const before = env.emulator.admin.lastRequestSeq;
    return { ...(await failedPreviewOf(env.stack, value)), writes: writesSince(env, before) };
  };

  /** Another stack of the program, with the same config. */
  const extraStack = async (stackName: string) => {
    const stack = await createLeanStack(
      { stackName, workDir: env.programDir },
      { envVars: fileBackendEnv(env.backendDir) },
    );
    await stack.setAllConfig(await env.stack.getAllConfig());
    return stack;
  };

  /** A preview of `stack` at step `value`, expected to fail: all it printed, and its error diagnostics. */
  const failedPreviewOf = async (stack: Stack, value: string) => {
    await stack.setConfig("trust:step", { value });
    const output: string[] = [];
    const events: EngineEvent[] = [];
    const failure = await stack
      .preview({ onOutput: (line) => output.push(line), onEvent: (event) => events.push(event) })
      .then(
        () => "passed",
        (error: unknown) => String(error),
      );
    expect(failure).not.toBe("passed");
    const diagnostics = events.flatMap((event) =>
      event.diagnosticEvent?.severity === "error" ? [event.diagnosticEvent.message] : [],
    );
    return { printed: output.join(""), failure, diagnostics };
  };

  it("fails the preview of a nested typo once, with its path and value, and 0 writes", async () => {
    const { printed, writes } = await failedPreview("typo");
    expect(writes).toEqual([]);
    expect(printed).toMatch(/resource 'typo-arm' has a problem: action\.type: .*\(value "USERR"\)/);
    expect(printed).not.toContain("<nil>");
    expect(printed).not.toMatch(/\.ts:\d+/);
    // Once in the live output, once in the diagnostics summary, as for every engine error.
    expect(printed.match(/action\.type: /g)).toHaveLength(2);
  });

  it("fails the preview of two custom fields whose names differ only in case, naming both", async () => {
    const { printed, writes } = await failedPreview("same-names");
    expect(writes).toEqual([]);
    expect(printed).toMatch(
      /CustomField "purpose-b" has name "purpose ", already used by CustomField "purpose-a"/,
    );
  });

  it("never prints a private key passed as publicKeyPem, even from secret config", async () => {
    const { printed, failure, writes } = await failedPreview("private-key");
    expect(writes).toEqual([]);
    expect(printed).toMatch(
      /resource 'leaky' has a problem: publicKeyPem: must be a PEM public key \(never a private key\) \(value \[redacted\]\)/,
    );
    for (const text of [printed, failure]) {
      expect(text).not.toContain(keyBody);
      expect(text).not.toContain("PRIVATE KEY");
    }
  });

  it("fails the preview of each input the platform would refuse, with 0 writes and one line each", async () => {
    await env.stack.setAllConfig({
      "trust:tenant": { value: JSON.stringify(await badInputTenant()) },
      "trust:plainPrivatePem": { value: privatePem },
    });
    const before = env.emulator.admin.lastRequestSeq;
    // Two stacks of the program take turns with the cases: each preview stops at its first failure.
    const lanes = [env.stack, await extraStack("lane-2")];
    const results = await Promise.all(
      lanes.map(async (stack, lane) => {
        const seen: [string, Awaited<ReturnType<typeof failedPreviewOf>>][] = [];
        for (const [name] of BAD_INPUTS.filter((_, index) => index % lanes.length === lane))
          seen.push([name, await failedPreviewOf(stack, `bad:${name}`)]);
        return seen;
      }),
    );
    expect(writesSince(env, before)).toEqual([]);
    for (const [name, { printed, failure, diagnostics }] of results.flat()) {
      const expected = BAD_INPUTS.find(([bad]) => bad === name)?.[1];
      expect(diagnostics, name).toEqual([expect.stringMatching(expected ?? /^$/)]);
      expect(printed, name).not.toMatch(/\.ts:\d+/);
      for (const text of [printed, failure]) {
        expect(text, name).not.toContain(keyBody);
        expect(text, name).not.toContain("PRIVATE KEY");
      }
    }
  });

  it("keeps fields set outside the program through refresh and up", async () => {
    const { previewed, fieldPath } = await changedInOneRun();
    // The refreshed field shows no change in the preview, and the up keeps what was set by hand.
    expect(previewed.field).toBeUndefined();
    expect(await client.get(fieldPath)).toMatchObject({
      description: "set by hand",
      respondOnlyOnceLevel: "TRIP",
    });
  });

  it("previews an arm's audience change as the one update up makes (no phantom option-group replace)", async () => {
    const { previewed, applied, writes } = await changedInOneRun();
    expect(previewed).toEqual({ arm: "update", cc: expect.stringContaining("replace"), dept: "delete" });
    expect(applied).toEqual(previewed);
    expect(writes.filter((write) => /\/(arms|option-groups)\b/.test(write))).toEqual([
      expect.stringMatching(/^PUT .*\/arms\//),
    ]);
    // Every write of the run: the arm's PUT and the cost center's replacement, nothing else.
    expect([...writes].sort()).toEqual([
      expect.stringMatching(/^DELETE .*\/cost-centers\/[^/]+$/),
      expect.stringMatching(/^POST .*\/cost-centers$/),
      expect.stringMatching(/^PUT .*\/arms\//),
    ]);
  });

  it("replaces on a change that replaceOnChanges names, and leaves one that ignoreChanges names", async () => {
    const { previewed, applied } = await changedInOneRun();
    expect(previewed.cc).toEqual(expect.stringContaining("replace"));
    expect(previewed.grade).toBeUndefined();
    expect(applied.cc).toBe(previewed.cc);
  });

  it("keeps the object of a retainOnDelete resource removed from the program", async () => {
    const { previewed, applied, writes, companyId } = await changedInOneRun();
    expect(previewed.dept).toBe("delete");
    expect(applied.dept).toBe("delete");
    expect(writes.filter((write) => write.includes("/departments"))).toEqual([]);
    const departments = await client.get<{ elements: { name: string }[] }>(
      apiPath`/v2/companies/${companyId}/departments`,
    );
    expect(departments.elements.map((d) => d.name)).toEqual(["Kept"]);
  });
});
