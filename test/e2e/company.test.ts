/**
 * The walking skeleton through the real engine: preview, up, no-change preview, in-place rename,
 * refresh and destroy of a Company, with the packed package installed in a temporary project.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANIES } from "../../src/emulator/org/records";
import { countCalls, createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";

const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
const { Company } = require("pulumi-travel");
const config = new pulumi.Config();
const company = new Company("acme", {
  name: config.require("companyName"),
  billingCurrency: "USD",
  externalId: "e2e-acme",
  emailDomains: ["acme.example"],
});
exports.companyId = company.companyId;
`;

const TOKEN_ROUTE = "POST /v2/auth/oauth2-token";

describe.skipIf(e2eSkipReason() !== "")("Company through the Pulumi engine", () => {
  let env: E2eEnvironment;
  let companyId: string;
  const companies = () =>
    env.emulator.context.store
      .records(COMPANIES)
      .values()
      .filter((c) => c.externalId === "e2e-acme");

  beforeAll(async () => {
    env = await createEnvironment("company", PROGRAM, { "company:companyName": "Acme" });
  });
  afterAll(async () => {
    await env?.dispose();
  });

  it("previews one create and only checks the credentials (one token request)", async () => {
    const { result, calls } = await countCalls(env.emulator, () => env.stack.preview());
    expect(result.changeSummary).toEqual({ create: 2 });
    expect(calls).toEqual({ [TOKEN_ROUTE]: 1 });
  });

  it("creates the company with one write, after one lookup of its name, and at most one token", async () => {
    const { result, calls } = await countCalls(env.emulator, () => env.stack.up());
    expect(result.summary.resourceChanges).toEqual({ create: 2 });
    companyId = result.outputs.companyId?.value as string;
    expect(companyId).toMatch(/^[0-9a-f-]{36}$/);
    expect(companies().map((c) => c.id.id)).toEqual([companyId]);
    // The lookup before the create: a company that already held the name is never adopted.
    expect(calls).toEqual({ [TOKEN_ROUTE]: 1, "GET /v2/companies": 1, "POST /v2/companies": 1 });
  });

  it("previews no changes with no platform call but the credential check", async () => {
    const { calls } = await countCalls(env.emulator, () => env.stack.preview({ expectNoChanges: true }));
    expect(calls).toEqual({ [TOKEN_ROUTE]: 1 });
  });

  it("renames in place, keeping the id", async () => {
    await env.stack.setConfig("company:companyName", { value: "Acme Renamed" });
    const preview = await env.stack.preview();
    expect(preview.changeSummary).toEqual({ same: 1, update: 1 });
    const { result, calls } = await countCalls(env.emulator, () => env.stack.up());
    expect(result.summary.resourceChanges).toEqual({ same: 1, update: 1 });
    expect(result.outputs.companyId?.value).toBe(companyId);
    expect(companies()[0]?.name).toBe("Acme Renamed");
    expect(calls[TOKEN_ROUTE]).toBe(1);
    expect(calls["PUT /v2/companies/:companyId"]).toBe(1);
  });

  it("refreshes with no changes and one read per resource", async () => {
    const { result, calls } = await countCalls(env.emulator, () =>
      env.stack.refresh({ expectNoChanges: true }),
    );
    expect(result.summary.resourceChanges).toEqual({ same: 2 });
    expect(calls).toEqual({ [TOKEN_ROUTE]: 1, "GET /v2/companies/:companyId": 1 });
  });

  it("keeps secrets and absolute paths out of the serialized provider", async () => {
    const state = await env.stack.exportStack();
    const company = state.deployment.resources.find((r: { type: string }) =>
      r.type.endsWith("travel:Company"),
    );
    const provider: string = company.outputs.__provider;
    expect(provider.length).toBeGreaterThan(100);
    expect(provider.length).toBeLessThan(4096);
    expect(provider.length).toBeLessThanOrEqual(1024);
    expect(provider).not.toContain(env.emulator.bootstrap.clientSecret);
    expect(provider).not.toContain(env.emulator.bootstrap.clientId);
    expect(provider).not.toMatch(/\/(tmp|work|root|home|usr)\//);
    expect(provider).toContain('require("node:module")');
    const checkpoint = readCheckpoints(env.backendDir);
    expect(checkpoint).toContain("travel:Company");
    expect(checkpoint).not.toContain(env.emulator.bootstrap.clientSecret);
  });

  it("destroys the company", async () => {
    const { result } = await countCalls(env.emulator, () => env.stack.destroy());
    expect(result.summary.resourceChanges).toEqual({ delete: 2 });
    expect(companies()).toEqual([]);
  });
});

/** The text of every state file of a `file://` backend (secrets there are encrypted). */
function readCheckpoints(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((file) => join(dir, file))
    .filter((path) => statSync(path).isFile() && path.endsWith(".json"))
    .map((path) => readFileSync(path, "utf8"))
    .join("\n");
}
