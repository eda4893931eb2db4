/**
 * Pulumi resource options through the real engine (issue 21): `dependsOn` orders the creates,
 * `ignoreChanges` leaves a changed input alone, `--target` changes only the targeted resource,
 * `protect` refuses a destroy with nothing deleted, `retainOnDelete` leaves the object on the
 * platform, and `deletedWith` sends no delete for children that go with their parent, leaving
 * state and platform consistent. (`replaceOnChanges` is in preview-trust.test.ts.) The company is
 * made through the API, so that objects the stack leaves behind do not block its destroy.
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, clearSharedTokens, type TravelClient } from "../../src/client";
import type { LoggedRequest } from "../../src/emulator/admin/request-log";
import {
  CUSTOM_FIELD_ARMS,
  CUSTOM_FIELD_OPTION_GROUPS,
  CUSTOM_FIELDS,
} from "../../src/emulator/custom-fields/records";
import type { RecordKind } from "../../src/emulator/core/record-kind";
import { DEPARTMENTS, GRADES } from "../../src/emulator/org/records";
import { clientFor } from "../support/live-emulator";
import { createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";

const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
const travel = require("pulumi-travel");
const config = new pulumi.Config();
const step = config.require("step");
const companyId = config.require("companyId");
const edited = step !== "base";
new travel.Grade("guarded", { companyId, name: "Guarded" }, { protect: step !== "unprotected" });
if (step !== "unprotected") {
new travel.Department("kept", { companyId, name: "Kept" }, { retainOnDelete: true });
new travel.Grade("steady", { companyId, name: edited ? "Steady 2" : "Steady" }, { ignoreChanges: ["name"] });
const first = new travel.CostCenter("first", { companyId, name: edited ? "First 2" : "First" });
const field = new travel.CustomField("field", { companyId, name: step === "copy" ? "Purpose 2" : "Purpose", description: edited ? "Why 2" : "Why" }, { dependsOn: [first] });
const arm = new travel.Arm("arm", {
  companyId, customFieldId: field.customFieldId, name: "Pick",
  action: { type: "USER", userOptionSource: { type: "MANUAL" } },
}, { deletedWith: field });
new travel.OptionGroup("options", {
  companyId, customFieldId: field.customFieldId, optionGroupId: arm.optionGroupId, options: [{ name: "A" }],
}, { deletedWith: field });
if (step === "copy") {
  // The name "field" still holds on the platform; registered once the engine has diffed "field".
  new travel.CustomField("field-copy", { companyId, name: "purpose" }, { dependsOn: [field] });
}
}
`;

const TYPE = "pulumi-nodejs:dynamic/travel";

/** The steps the engine reports per resource name (`same` left out). */
function operations(events: EngineEvent[]): Record<string, string> {
  const ops: Record<string, string> = {};
  for (const event of events) {
    const metadata = event.resourcePreEvent?.metadata;
    if (!metadata || metadata.op === "same" || metadata.type.startsWith("pulumi:")) continue;
    ops[metadata.urn.split("::").at(-1) ?? metadata.urn] = metadata.op;
  }
  return ops;
}

/** Requests other than reads and the token. */
const writes = (entries: LoggedRequest[]) =>
  entries
    .filter(
      (e) => e.method !== "GET" && !e.path.endsWith("/list") && e.route !== "POST /v2/auth/oauth2-token",
    )
    .map((e) => e.route);

describe.skipIf(e2eSkipReason() !== "")("Pulumi resource options through the engine", () => {
  let env: E2eEnvironment;
  let client: TravelClient;
  let companyId: string;
  const step = (value: string) => env.stack.setConfig("options:step", { value });
  const records = <T>(kind: RecordKind<T>): T[] => env.emulator.context.store.records(kind).values();
  const names = <T extends { entity: { name?: string } }>(kind: RecordKind<T>) =>
    records(kind).map((record) => record.entity.name);
  const logSince = (seq: number) => env.emulator.admin.requests(seq);
  const urn = (type: string, name: string) => `urn:pulumi:e2e::options::${TYPE}:${type}::${name}`;

  beforeAll(async () => {
    env = await createEnvironment("options", PROGRAM, { "options:step": "base" });
    clearSharedTokens();
    client = clientFor(env.emulator);
    ({ id: companyId } = await client.post<{ id: string }>("/v2/companies", {
      body: { name: "Options Co", billingCurrency: "USD", companyRoles: ["ORG"] },
    }));
    await env.stack.setConfig("options:companyId", { value: companyId });
  });
  afterAll(async () => {
    await client?.close();
    await env?.dispose();
  });

  it("creates a dependsOn resource only once its dependency's create has been answered", async () => {
    // A slow cost-center create: without dependsOn the field's create would be sent meanwhile.
    env.emulator.admin.addFault({ path: "/v2/companies/*/cost-centers", methods: ["POST"], latencyMs: 1500 });
    const before = env.emulator.admin.lastRequestSeq;
    await env.stack.up();
    env.emulator.admin.clearFaults();
    const log = logSince(before);
    const costCenter = log.find((e) => e.route === "POST /v2/companies/:companyId/cost-centers");
    const field = log.find((e) => e.route === "POST /v3/companies/:companyId/custom-fields");
    expect(costCenter?.durationMs).toBeGreaterThanOrEqual(1500);
    expect(field?.atMs).toBeGreaterThanOrEqual((costCenter?.atMs ?? 0) + (costCenter?.durationMs ?? 0));
  });

  it("fails the preview of a field taking a name another resource of the stack holds, advising a rename, not adoptId", async () => {
    await step("copy");
    const before = env.emulator.admin.lastRequestSeq;
    const output: string[] = [];
    const failure = await env.stack.preview({ onOutput: (line) => output.push(line) }).then(
      () => "passed",
      (error: unknown) => String(error),
    );
    expect(failure).not.toBe("passed");
    expect(writes(logSince(before))).toEqual([]);
    const printed = output.join("");
    expect(printed).toMatch(
      /resource 'field-copy' has a problem: name: a custom field named "Purpose" already exists .*: another CustomField of this stack holds it: rename one of the two/,
    );
    expect(printed).not.toContain("adoptId");
  });

  it("leaves an ignoreChanges input alone, and up --target changes only the targeted resource", async () => {
    await step("edited");
    const before = env.emulator.admin.lastRequestSeq;
    const targeted = await env.stack.up({ target: [urn("CostCenter", "first")] });
    expect(targeted.summary.resourceChanges?.update).toBe(1);
    expect(writes(logSince(before))).toEqual(["PUT /v2/companies/:companyId/cost-centers/:costCenterId"]);
    // The preview after the targeted up: the field's edit still pending (not targeted), the cost
    // center's made, the steady grade's rename ignored (no step). A preview before the up adds
    // nothing to this: the targeted up's one PUT shows the cost center's edit.
    const after: EngineEvent[] = [];
    await env.stack.preview({ onEvent: (event) => after.push(event) });
    expect(operations(after)).toEqual({ field: "update" });
    expect(names(GRADES).sort()).toEqual(["Guarded", "Steady"]);
    expect(records(CUSTOM_FIELDS).map((f) => f.description)).toEqual(["Why"]);
  });

  it("refuses to destroy a protected resource; the others go, retained and deletedWith ones without a delete", async () => {
    const before = env.emulator.admin.lastRequestSeq;
    const failure = await env.stack.destroy().then(
      () => "destroyed",
      (error: unknown) => String(error),
    );
    expect(failure).toMatch(/guarded.*protect|protect.*guarded/s);
    // The arm and its option group go with the field; the retained department stays.
    expect(writes(logSince(before)).sort()).toEqual([
      "DELETE /v2/companies/:companyId/cost-centers/:costCenterId",
      "DELETE /v2/companies/:companyId/grades/:gradeId",
      "DELETE /v3/companies/:companyId/custom-fields/:customFieldId",
    ]);
    expect(names(GRADES)).toEqual(["Guarded"]);
    expect(names(DEPARTMENTS)).toEqual(["Kept"]);
    expect([
      ...records(CUSTOM_FIELDS),
      ...records(CUSTOM_FIELD_ARMS),
      ...records(CUSTOM_FIELD_OPTION_GROUPS),
    ]).toEqual([]);
    const left = (await env.stack.exportStack()).deployment.resources ?? [];
    expect(left.map((r: { urn: string }) => r.urn).filter((u: string) => u.includes(TYPE))).toEqual([
      urn("Grade", "guarded"),
    ]);
  });

  it("destroys the protected resource once unprotected, leaving only the retained object", async () => {
    await step("unprotected");
    const before = env.emulator.admin.lastRequestSeq;
    await env.stack.up();
    expect(writes(logSince(before))).toEqual([]);
    await env.stack.destroy();
    expect(writes(logSince(before))).toEqual(["DELETE /v2/companies/:companyId/grades/:gradeId"]);
    expect((await env.stack.exportStack()).deployment.resources ?? []).toEqual([]);
    expect(records(GRADES)).toEqual([]);
    const departments = await client.get<{ elements: { name: string }[] }>(
      apiPath`/v2/companies/${companyId}/departments`,
    );
    expect(departments.elements.map((d) => d.name)).toEqual(["Kept"]);
  });
});
