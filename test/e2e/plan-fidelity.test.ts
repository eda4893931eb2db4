/**
 * Issue 14 through the real engine (packed package, Automation API): a typo and a duplicate
 * externalId fail the preview of a fresh stack before any API call; a fixed secret reaches refresh
 * and destroy through TRAVEL_CLIENT_SECRET although stack config recorded in state holds the stale
 * one; a wrong secret fails the preview. That fields set outside the program survive refresh, `up`
 * and adoption is proven through the engine for every registered type on both hosts by
 * plan-fidelity-property.test.ts (out-of-band edits of undeclared fields, adoptions, `refresh`,
 * `up --refresh`), and per field at the provider tier (test/provider/plan-fidelity.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearSharedTokens } from "../../src/client";
import { countCalls, createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";

const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
const travel = require("pulumi-travel");
const config = new pulumi.Config();
const step = config.require("step");
const address = { addressLines: ["1 Main Street"], regionCode: "US" };
const company = new travel.Company("co", { name: "Fidelity", billingCurrency: "USD", externalId: "e2e-fidelity" });
const companyId = company.companyId;
if (step === "typo") {
  new travel.CostCenter("cc", { companyId, name: "CC", numberOfEmploees: 5 });
}
if (step === "duplicate") {
  new travel.CostCenter("cc-a", { companyId, name: "A", externalId: "cc-same" });
  new travel.CostCenter("cc-b", { companyId, name: "B", externalId: "cc-same" });
}
if (step !== "typo" && step !== "duplicate") {
  const le = new travel.LegalEntity("le", { companyId, name: "Fidelity US", billingCurrency: "USD", address });
  exports.legalEntityId = le.legalEntityId;
}
exports.companyId = companyId;
`;

const TOKEN = "POST /v2/auth/oauth2-token";

describe.skipIf(e2eSkipReason() !== "")("what preview shows is what up does (issue 14)", () => {
  let env: E2eEnvironment;
  const step = (value: string) => env.stack.setConfig("fidelity:step", { value });
  const companies = () => Object.keys(env.emulator.admin.snapshot().collections.companies ?? {}).length;

  beforeAll(async () => {
    env = await createEnvironment("fidelity", PROGRAM, { "fidelity:step": "typo" });
    clearSharedTokens();
  });
  afterAll(async () => {
    await env?.dispose();
  });

  it("fails the preview of a typo next to an unknown parent id, before any write", async () => {
    const before = companies();
    const { result, calls } = await countCalls(env.emulator, () =>
      env.stack.preview().then(
        () => "passed",
        (error: unknown) => String(error),
      ),
    );
    expect(result).toMatch(/numberOfEmploees.*is not a known property/);
    expect(Object.keys(calls).filter((route) => route !== TOKEN)).toEqual([]);
    expect(companies()).toBe(before);
    // up (the Automation API skips the preview) fails too, in the program, before registering it.
    await expect(env.stack.up()).rejects.toThrow(/CostCenter "cc": numberOfEmploees is not a known property/);
  });

  it("fails the preview of two cost centers with one externalId, naming both", async () => {
    await step("duplicate");
    const before = companies();
    await expect(env.stack.preview()).rejects.toThrow(
      /CostCenter "cc-b" has externalId "cc-same", already used by CostCenter "cc-a"/,
    );
    expect(companies()).toBe(before);
    await expect(env.stack.up()).rejects.toThrow(/already used by CostCenter "cc-a"/);
  });

  it("deploys the company and its legal entity", async () => {
    await step("base");
    const up = await env.stack.up();
    // What the failed ups above left (the company, a cost center of the duplicate pair) is converged.
    expect(up.summary.result).toBe("succeeded");
    expect(up.outputs.legalEntityId?.value).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refreshes and destroys with a fixed secret from TRAVEL_CLIENT_SECRET", async () => {
    const { clientId } = env.emulator.bootstrap;
    const fixed = env.emulator.context.identity.rotateSecret(clientId);
    // The user fixes the stack config; refresh and destroy still get the config recorded in state.
    await env.stack.setConfig("travel:clientSecret", { value: fixed, secret: true });
    const stale = await env.stack.refresh().then(
      () => "passed",
      (error: unknown) => String(error),
    );
    expect(stale).toMatch(/INVALID_CLIENT_CREDENTIALS.*TRAVEL_CLIENT_SECRET/s);

    env.stack.workspace.envVars.TRAVEL_CLIENT_SECRET = fixed;
    try {
      const refresh = await env.stack.refresh();
      expect(refresh.summary.result).toBe("succeeded");
      const destroy = await env.stack.destroy();
      expect(destroy.summary.resourceChanges).toEqual({ delete: 3 });
    } finally {
      delete env.stack.workspace.envVars.TRAVEL_CLIENT_SECRET;
    }
    expect(companies()).toBe(1);
  });

  it("fails a preview with a wrong secret with a clear message", async () => {
    await env.stack.setConfig("travel:clientSecret", { value: "wrong-secret", secret: true });
    await expect(env.stack.preview()).rejects.toThrow(
      /could not verify its credentials.*INVALID_CLIENT_CREDENTIALS/s,
    );
    await env.stack.setConfig("travel:verifyCredentials", { value: "false" });
    const preview = await env.stack.preview();
    expect(preview.changeSummary).toMatchObject({ create: 3 });
  });
});
