/**
 * Issue 21 through the real engine (packed package, Automation API): what preview shows is what
 * up does. Fields set outside the program survive refresh and up; an arm's audience change previews
 * one update and makes one; `replaceOnChanges` replaces; bad inputs fail the preview with 0 writes
 * and one line each, naming the property path and the value, and key material never appears.
 */
import { generateKeyPairSync } from "node:crypto";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, clearSharedTokens, type TravelClient } from "../../src/client";
import { clientFor } from "../support/live-emulator";
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
} else {
  const field = new travel.CustomField("field", { companyId, name: "Purpose", enabled: false });
  const arm = new travel.Arm("arm", {
    companyId, customFieldId: field.customFieldId, name: "Pick",
    action: { type: "USER", userOptionSource: { type: "MANUAL" } },
    audiences: step === "base" ? [] : [{ predicates: [] }],
  });
  new travel.OptionGroup("options", {
    companyId, customFieldId: field.customFieldId, optionGroupId: arm.optionGroupId,
    options: [{ name: "P-100" }, { name: "P-200" }],
  });
  const renamed = step === "rename" || step === "retain";
  new travel.CostCenter("cc", { companyId, name: renamed ? "Renamed" : "Original" }, { replaceOnChanges: ["name"] });
  new travel.Grade("grade", { companyId, name: renamed ? "G2" : "G1" }, { ignoreChanges: ["name"] });
  if (step !== "retain") new travel.Department("dept", { companyId, name: "Kept" }, { retainOnDelete: true });
  exports.fieldId = field.customFieldId;
}
exports.companyId = companyId;
`;

/** The steps the engine reports per resource name, sorted (`same` steps left out). */
function operations(
  events: EngineEvent[],
  kind: "resourcePreEvent" | "resOutputsEvent",
): Record<string, string> {
  const steps: Record<string, string[]> = {};
  for (const event of events) {
    const metadata = event[kind]?.metadata;
    if (!metadata || metadata.op === "same" || metadata.type.startsWith("pulumi:")) continue;
    (steps[metadata.urn.split("::").at(-1) ?? metadata.urn] ??= []).push(metadata.op);
  }
  return Object.fromEntries(
    Object.entries(steps).map(([name, ops]) => [name, [...new Set(ops)].sort().join("+")]),
  );
}

/** Writes (non-GET, non-list, non-token requests) since `after`. */
function writesSince(env: E2eEnvironment, after: number): string[] {
  return env.emulator.admin
    .requests(after)
    .filter(
      (entry) =>
        entry.method !== "GET" && !entry.path.endsWith("/list") && !entry.path.endsWith("/oauth2-token"),
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
  const previewThenUp = async () => {
    const previewEvents: EngineEvent[] = [];
    await env.stack.preview({ onEvent: (event) => previewEvents.push(event) });
    const upEvents: EngineEvent[] = [];
    const before = env.emulator.admin.lastRequestSeq;
    await env.stack.up({ onEvent: (event) => upEvents.push(event) });
    return {
      previewed: operations(previewEvents, "resourcePreEvent"),
      applied: operations(upEvents, "resOutputsEvent"),
      writes: writesSince(env, before),
    };
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
    await step(value);
    const before = env.emulator.admin.lastRequestSeq;
    const output: string[] = [];
    const failure = await env.stack.preview({ onOutput: (line) => output.push(line) }).then(
      () => "passed",
      (error: unknown) => String(error),
    );
    expect(failure).not.toBe("passed");
    return { printed: output.join(""), failure, writes: writesSince(env, before) };
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

  it("keeps fields set outside the program through refresh and up", async () => {
    await step("base");
    const { outputs } = await env.stack.up();
    const companyId = String(outputs.companyId?.value);
    const path = apiPath`/v3/companies/${companyId}/custom-fields/${String(outputs.fieldId?.value)}`;
    const current = await client.get<Record<string, unknown>>(path);
    await client.put(path, {
      body: { ...current, description: "set by hand", respondOnlyOnceLevel: "TRIP" },
    });
    await env.stack.refresh();
    await env.stack.preview({ expectNoChanges: true });
    await env.stack.up({ refresh: true });
    expect(await client.get(path)).toMatchObject({
      description: "set by hand",
      respondOnlyOnceLevel: "TRIP",
    });
  });

  it("previews an arm's audience change as the one update up makes (no phantom option-group replace)", async () => {
    await step("audiences");
    const { previewed, applied, writes } = await previewThenUp();
    expect(previewed).toEqual({ arm: "update" });
    expect(applied).toEqual(previewed);
    expect(writes).toEqual([expect.stringMatching(/^PUT .*\/arms\//)]);
  });

  it("replaces on a change that replaceOnChanges names, and leaves one that ignoreChanges names", async () => {
    await step("rename");
    const { previewed, applied } = await previewThenUp();
    expect(previewed).toEqual({ cc: expect.stringContaining("replace") });
    expect(applied).toEqual(previewed);
  });

  it("keeps the object of a retainOnDelete resource removed from the program", async () => {
    await step("retain");
    const { previewed, applied, writes } = await previewThenUp();
    expect(previewed).toEqual({ dept: "delete" });
    expect(applied).toEqual(previewed);
    expect(writes).toEqual([]);
    const { outputs } = await env.stack.up();
    const departments = await client.get<{ elements: { name: string }[] }>(
      apiPath`/v2/companies/${String(outputs.companyId?.value)}/departments`,
    );
    expect(departments.elements.map((d) => d.name)).toEqual(["Kept"]);
  });
});
