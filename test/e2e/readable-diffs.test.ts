/**
 * Issue 21, readable previews, through the real engine (packed package, Automation API): after one
 * `up`, `pulumi preview --diff` of a changed program names the option removed and the one added
 * (`- P-400`, `+ P-600`), the fields that move in the checkout order and the roles added, removed
 * or rescoped, instead of every position after the first change. Two engine runs: up, preview.
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearSharedTokens } from "../../src/client";
import { PLATFORM_ROLES } from "../../src/emulator/rbac/seed";
import { clientFor, createCustomGroup } from "../support/live-emulator";
import { createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";

const [admin, arranger, reports, traveler] = PLATFORM_ROLES.map((role) => role.id);

const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
const travel = require("pulumi-travel");
const config = new pulumi.Config();
const next = config.require("step") === "next";
const companyId = config.require("companyId");
const [project, purpose, costCode] = ["Project", "Purpose", "Cost code"].map(
  (name) => new travel.CustomField(name.toLowerCase().replace(" ", "-"), { companyId, name }),
);
const arm = new travel.Arm("pick", {
  companyId, customFieldId: project.customFieldId, name: "Pick",
  action: { type: "USER", userOptionSource: { type: "MANUAL" } },
});
const names = next ? ["P-100", "P-200", "P-300", "P-500", "P-600"] : ["P-100", "P-200", "P-300", "P-400", "P-500"];
new travel.OptionGroup("projects", {
  companyId, customFieldId: project.customFieldId, optionGroupId: arm.optionGroupId,
  options: names.map((name) => (next && name === "P-200" ? { name, description: "Zephyr" } : { name })),
});
const order = next ? [costCode, project, purpose] : [project, purpose, costCode];
new travel.CustomFieldOrder("order", { companyId, fieldIds: order.map((field) => field.customFieldId) });
const scoped = { audiences: [{ predicates: [{ type: "COMPANY", id: companyId }] }] };
new travel.UserGroupRoles("approvers", {
  companyId, groupId: config.require("groupId"),
  roles: next
    ? [{ roleId: "${admin}" }, { roleId: "${arranger}" }, { roleId: "${traveler}" }]
    : [{ roleId: "${admin}" }, { roleId: "${arranger}", scope: scoped }, { roleId: "${reports}" }],
});
exports.fieldIds = [project.customFieldId, purpose.customFieldId, costCode.customFieldId];
`;

describe.skipIf(e2eSkipReason() !== "")(
  "preview --diff reads option, order and role changes by name (issue 21)",
  () => {
    let env: E2eEnvironment;
    let fieldIds: string[];

    beforeAll(async () => {
      env = await createEnvironment("readable", PROGRAM);
      clearSharedTokens();
      const client = clientFor(env.emulator);
      try {
        const { id: companyId } = await client.post<{ id: string }>("/v2/companies", {
          body: { name: "Readable Co", billingCurrency: "USD", companyRoles: ["ORG"] },
        });
        const groupId = await createCustomGroup(env.emulator, companyId, "Approvers");
        await env.stack.setAllConfig({
          "readable:step": { value: "base" },
          "readable:companyId": { value: companyId },
          "readable:groupId": { value: groupId },
        });
      } finally {
        await client.close();
      }
      const up = await env.stack.up();
      fieldIds = up.outputs.fieldIds?.value as string[];
    });
    afterAll(async () => {
      await env?.dispose();
    });

    it("shows the option, field and role that changed under its own name, not by position", async () => {
      await env.stack.setConfig("readable:step", { value: "next" });
      let printed = "";
      const events: EngineEvent[] = [];
      await env.stack.preview({
        diff: true,
        onOutput: (text) => (printed += text),
        onEvent: (event) => events.push(event),
      });
      const [project, purpose, costCode] = fieldIds as [string, string, string];

      // The options: one removed, one added, one changed, each by name; no shifted positions.
      expect(printed).toMatch(/^ +- P-400: \{\}$/m);
      expect(printed).toMatch(/^ +\+ P-600: \{\}$/m);
      expect(printed).toMatch(/^ +~ P-200: \{\n +\+ description: "Zephyr"$/m);
      expect(printed).not.toMatch(/\[\d+\]: \{\n\s+~ name/);
      // The order: the field moved to the top and the one it displaced, by id; the third stays.
      expect(printed).toContain(`~ ${costCode}: "after ${purpose}" => "first"`);
      expect(printed).toContain(`~ ${project}: "first" => "after ${costCode}"`);
      expect(printed).not.toMatch(new RegExp(`[~+-] ${purpose}:`));
      // The roles: one rescoped, one removed, one added, by role id.
      expect(printed).toMatch(new RegExp(`^ +~ ${arranger}: \\{$`, "m"));
      expect(printed).toMatch(new RegExp(`^ +- ${reports}: \\{$`, "m"));
      expect(printed).toMatch(new RegExp(`^ +\\+ ${traveler}: \\{$`, "m"));
      expect(printed).not.toMatch(new RegExp(`[~+-] ${admin}:`));

      // The engine's own per-property diff carries the same names (what the Service's diff view reads).
      const detailed = Object.fromEntries(
        events
          .flatMap((event) => (event.resourcePreEvent ? [event.resourcePreEvent.metadata] : []))
          .filter((metadata) => metadata.op === "update" && !metadata.type.startsWith("pulumi:"))
          .map((metadata) => [
            metadata.urn.split("::").at(-1),
            Object.keys(metadata.detailedDiff ?? {}).sort(),
          ]),
      );
      expect(detailed).toEqual({
        projects: ['options["P-200"].description', 'options["P-400"]', 'options["P-600"]'],
        order: [`fieldIds["${costCode}"]`, `fieldIds["${project}"]`].sort(),
        approvers: [`roles["${arranger}"].scope.audiences[0]`, `roles["${reports}"]`, `roles["${traveler}"]`],
      });
    });
  },
);
