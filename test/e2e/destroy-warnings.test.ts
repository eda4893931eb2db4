/**
 * What the engine shows when a destroy deletes a company (issue 23 item 6), and a manifest
 * placeholder the stack does not set (item 4), through the real Pulumi CLI. The company's delete
 * warns, as a warning of the run, of the custom field and the user group made by hand, which the
 * platform deletes with it, and of the tenant key the same destroy removed from the stack; the
 * TenantKey's own warning says the key lives as long as its company. Two engine runs (up,
 * destroy) and one preview.
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, isNotFound, type TravelClient } from "../../src/client";
import { clientFor, createCustomGroup } from "../support/live-emulator";
import { createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";

const PROGRAM = `
const { Company, CustomField, TenantKey } = require("pulumi-travel");
const company = new Company("co", { name: "Goes Co", billingCurrency: "USD" });
const field = new CustomField("stack-field", { companyId: company.companyId, name: "Stack field" });
const key = new TenantKey("key", { companyId: company.companyId });
exports.companyId = company.companyId;
exports.keyId = key.id;
exports.stackFieldId = field.id;
`;

/** The warnings of a run, from its engine events. */
const warningsOf = (events: readonly EngineEvent[]) =>
  events.flatMap((event) =>
    event.diagnosticEvent?.severity === "warning" ? [event.diagnosticEvent.message.trim()] : [],
  );

describe.skipIf(e2eSkipReason() !== "")("destroy names what goes with the company", () => {
  let env: E2eEnvironment;
  let client: TravelClient;

  beforeAll(async () => {
    env = await createEnvironment("destroy-warnings", PROGRAM);
    client = clientFor(env.emulator);
  });
  afterAll(async () => {
    await client?.close();
    await env?.dispose();
  });

  it("warns of the custom field and user group made by hand and the tenant key, as warnings of the destroy", async () => {
    const up = await env.stack.up();
    const companyId = String(up.outputs.companyId?.value);
    const keyId = String(up.outputs.keyId?.value);
    const { id: handField } = await client.post<{ id: string }>(
      apiPath`/v3/companies/${companyId}/custom-fields`,
      { query: { companyRole: "ORG" }, body: { name: "Hand field" } },
    );
    const groupId = await createCustomGroup(env.emulator, companyId, "Hand group");
    const stackField = String(up.outputs.stackFieldId?.value);

    const events: EngineEvent[] = [];
    let printed = "";
    await env.stack.destroy({
      onEvent: (event) => events.push(event),
      onOutput: (text) => (printed += text),
    });

    expect(warningsOf(events)).toEqual([
      `TenantKey ${keyId} of company ${companyId} was removed from the stack only: the platform has no delete ` +
        "for tenant keys, so the key stays provisioned and in use for as long as the company exists " +
        "(if this run deletes the company too, the key goes with it, and the company's delete says so).",
      [
        `deleting company ${companyId} "Goes Co" also deletes, on the platform, what no resource of this stack manages:`,
        `  CustomField ${handField} "Hand field"`,
        `  user group ${groupId} "Hand group"`,
        `  TenantKey ${keyId}: removed from the stack earlier in this run (the platform has no delete for tenant keys), it goes now`,
      ].join("\n"),
    ]);
    expect(stackField).not.toBe(handField);
    expect(printed).not.toContain(stackField);
    expect(printed).toContain(`warning: deleting company ${companyId}`);
    await expect(client.get(apiPath`/v2/companies/${companyId}`)).rejects.toSatisfy((error) =>
      isNotFound(error, ["COMPANY_NOT_FOUND"]),
    );
  });
});

const MANIFEST = `company:
  name: Keyless Co
  billingCurrency: USD
partnerKeys:
  partner-a:
    kid: partner-a-2026
    publicKeyPem: "\${config:partnerAKey}"
`;

describe.skipIf(e2eSkipReason() !== "")("a manifest placeholder the stack does not set", () => {
  let env: E2eEnvironment;

  beforeAll(async () => {
    env = await createEnvironment(
      "missing-config",
      `const { tenantFromManifest } = require("pulumi-travel");
const { writeFileSync } = require("node:fs");
const { join } = require("node:path");
writeFileSync(join(__dirname, "tenant.yaml"), ${JSON.stringify(MANIFEST)});
tenantFromManifest(join(__dirname, "tenant.yaml"));
`,
    );
  });
  afterAll(async () => env?.dispose());

  it("fails the preview naming the key and the pulumi config set command", async () => {
    let printed = "";
    await expect(env.stack.preview({ onOutput: (text) => (printed += text) })).rejects.toThrow();
    expect(printed).toContain("ManifestError: the tenant manifest has 1 problem:");
    expect(printed).toContain(
      "tenant.yaml:7:19: partnerKeys.partner-a.publicKeyPem: ${config:partnerAKey} is not set in the config " +
        "of stack e2e: pulumi config set partnerAKey <value> --stack e2e",
    );
    expect(printed).not.toContain("0 problem");
  });
});
