/**
 * A destroy that meets an object nobody declared (issue 31 item 7), through the real engine on both
 * hosts. One stack per host (a company, two cost centers, a tenant key) and six engine runs:
 * - a cost center made by hand under the company; an `up` that removes one of the stack's cost
 *   centers deletes it, unblocked by the hand-made sibling (the run diffed the company, so it does
 *   not delete it);
 * - the destroy fails before its first delete (the check before the first delete under the company
 *   reads the stack's checkpoint): nothing is deleted on the platform, the error names the
 *   hand-made cost center once, with the commands that adopt or delete it;
 * - a targeted destroy of the stack's cost center, which the provider cannot tell from a whole
 *   destroy, goes on with `TRAVEL_DESTROY_PRECHECK=off` (the way out the error names);
 * - with the company's `forceDestroy` (an `up` that sends nothing for the company), the destroy
 *   deletes the company and the cost center with it, its warning names the cost center, and
 *   nothing is left.
 */
import type { EngineEvent, LocalWorkspace } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, isNotFound, type TravelClient } from "../../src/client";
import { PRECHECK_ENV } from "../../src/provider/operations/company-delete-gate";
import { clientFor } from "../support/live-emulator";
import { HOSTS, TRAVEL_BY_HOST } from "../support/plugin-classes";
import { createEnvironment, type E2eEnvironment, e2eSkipReason, writesSince } from "./harness";

const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
${TRAVEL_BY_HOST}
const config = new pulumi.Config();
const company = new travel.Company("co", {
  name: "Blocked Co",
  billingCurrency: "USD",
  forceDestroy: config.getBoolean("forceDestroy"),
});
const cc = new travel.CostCenter("cc", { companyId: company.companyId, name: "Stack cost center" });
if (config.getBoolean("extra") !== false)
  new travel.CostCenter("extra", { companyId: company.companyId, name: "Extra cost center" });
new travel.TenantKey("key", { companyId: company.companyId, rotation: "1" });
exports.companyId = company.companyId;
exports.costCenterId = cc.id;
`;

/** The diagnostics of `severity` of a run, from its engine events. */
const diagnosticsOf = (events: readonly EngineEvent[], severity: "warning" | "error") =>
  events.flatMap((event) =>
    event.diagnosticEvent?.severity === severity ? [event.diagnosticEvent.message.trim()] : [],
  );

describe.skipIf(e2eSkipReason() !== "").each(HOSTS)(
  "a destroy blocked by an undeclared object (%s host)",
  (host) => {
    let env: E2eEnvironment;
    let client: TravelClient;
    let companyId: string;
    let costCenterId: string;
    let handId: string;

    beforeAll(async () => {
      env = await createEnvironment("destroy-blockers", PROGRAM, {}, "e2e", host);
      client = clientFor(env.emulator);
      const up = await env.stack.up();
      companyId = String(up.outputs.companyId?.value);
      costCenterId = String(up.outputs.costCenterId?.value);
    });
    afterAll(async () => {
      await client?.close();
      await env?.dispose();
    });

    const exists = async (path: string, notFound: string) => {
      try {
        await client.get(path);
        return true;
      } catch (error) {
        if (isNotFound(error, [notFound, "COMPANY_NOT_FOUND"])) return false;
        throw error;
      }
    };
    const costCenterPath = (id: string) => apiPath`/v2/companies/${companyId}/cost-centers/${id}`;
    const heldIds = async () =>
      (
        ((await env.stack.exportStack()).deployment.resources ?? []) as { type: string; id?: string }[]
      ).flatMap(({ type, id }) => (type.includes("travel") && id !== undefined ? [id] : []));

    it("an up that removes one of the stack's cost centers deletes it, the hand-made sibling left alone", async () => {
      ({ id: handId } = await client.post<{ id: string }>(apiPath`/v2/companies/${companyId}/cost-centers`, {
        body: { name: "Hand cost center" },
      }));
      await env.stack.setConfig("extra", { value: "false" });
      const before = env.emulator.admin.lastRequestSeq;
      const events: EngineEvent[] = [];
      await env.stack.up({ onEvent: (event) => events.push(event) });
      expect(writesSince(env.emulator, before)).toEqual([
        "DELETE /v2/companies/:companyId/cost-centers/:costCenterId",
      ]);
      expect(diagnosticsOf(events, "warning").filter((w) => w.includes(companyId))).toEqual([]);
      expect(await exists(costCenterPath(handId), "COST_CENTER_NOT_FOUND")).toBe(true);
    });

    it("fails the destroy before its first delete, naming the hand-made cost center once; nothing is deleted", async () => {
      const heldBefore = await heldIds();
      const before = env.emulator.admin.lastRequestSeq;
      const events: EngineEvent[] = [];
      await expect(env.stack.destroy({ onEvent: (event) => events.push(event) })).rejects.toThrow();
      expect(writesSince(env.emulator, before)).toEqual([]);
      const errors = diagnosticsOf(events, "error");
      const listing = errors.filter((e) => e.includes(`CostCenter ${handId} "Hand cost center"`));
      expect(listing).toHaveLength(1);
      expect(listing[0]).toContain(`Company ${companyId} cannot be deleted`);
      expect(listing[0]).toContain("nothing under it was deleted");
      expect(listing[0]).toContain(
        `adopt it (pulumi import travel:index:CostCenter <name> ${companyId}/${handId}`,
      );
      expect(listing[0]).toContain(`pulumi-travel reconcile --delete CostCenter:${handId}`);
      expect(listing[0]).toContain("forceDestroy: true");
      expect(listing[0]).toContain("TRAVEL_DESTROY_PRECHECK=off");
      // The stack's own cost center is not named as a blocker: the checkpoint holds it.
      expect(errors.join("\n")).not.toContain(`CostCenter ${costCenterId}`);
      expect(diagnosticsOf(events, "warning").filter((w) => w.includes("could not tell"))).toEqual([]);
      // On the platform and in the stack, everything declared is still there.
      expect(await exists(apiPath`/v2/companies/${companyId}`, "COMPANY_NOT_FOUND")).toBe(true);
      expect(await exists(costCenterPath(costCenterId), "COST_CENTER_NOT_FOUND")).toBe(true);
      expect(await exists(costCenterPath(handId), "COST_CENTER_NOT_FOUND")).toBe(true);
      expect(await heldIds()).toEqual(heldBefore);
    });

    it("a targeted destroy of the stack's cost center goes on with TRAVEL_DESTROY_PRECHECK=off, the rest kept", async () => {
      // The provider cannot tell a targeted destroy from a whole one: the way out its error names.
      const resources = (await env.stack.exportStack()).deployment.resources as {
        urn: string;
        id?: string;
      }[];
      const urn = resources.find(({ id }) => id === costCenterId)?.urn;
      expect(urn).toBeDefined();
      const workspace = env.stack.workspace as LocalWorkspace;
      workspace.envVars[PRECHECK_ENV] = "off";
      const before = env.emulator.admin.lastRequestSeq;
      try {
        await env.stack.destroy({ target: [String(urn)] });
      } finally {
        delete workspace.envVars[PRECHECK_ENV];
      }
      expect(writesSince(env.emulator, before)).toEqual([
        "DELETE /v2/companies/:companyId/cost-centers/:costCenterId",
      ]);
      expect(await exists(apiPath`/v2/companies/${companyId}`, "COMPANY_NOT_FOUND")).toBe(true);
      expect(await exists(costCenterPath(handId), "COST_CENTER_NOT_FOUND")).toBe(true);
    });

    it("with forceDestroy, deletes the company and the cost center with it, naming it in the warning", async () => {
      await env.stack.setConfig("forceDestroy", { value: "true" });
      const before = env.emulator.admin.lastRequestSeq;
      await env.stack.up();
      // forceDestroy is the provider's own: the up sends nothing for the company, and makes again the
      // cost center the targeted destroy deleted.
      expect(writesSince(env.emulator, before)).toEqual(["POST /v2/companies/:companyId/cost-centers"]);
      const events: EngineEvent[] = [];
      await env.stack.destroy({ onEvent: (event) => events.push(event) });
      expect(
        diagnosticsOf(events, "warning").find((w) => w.startsWith(`deleting company ${companyId}`)),
      ).toContain(`CostCenter ${handId} "Hand cost center" (forceDestroy)`);
      expect(await exists(apiPath`/v2/companies/${companyId}`, "COMPANY_NOT_FOUND")).toBe(false);
      expect(await heldIds()).toEqual([]);
    });
  },
);
