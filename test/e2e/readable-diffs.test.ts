/**
 * Readable previews (issues 21 and 32), through the real engine (packed package, Automation API),
 * on both hosts: after one `up`, `pulumi preview --diff` of a changed program names the option
 * removed and the one added (`- P-400`, `+ P-600`), the fields that move in the checkout order by
 * their names, the roles added, removed or rescoped by their names, and the profile colors by
 * title, instead of ids or every position after the first change; the engine's detailed diff
 * carries the same keys. Two engine runs per host: up, preview.
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearSharedTokens } from "../../src/client";
import { PLATFORM_ROLES } from "../../src/emulator/rbac/seed";
import { clientFor, createCustomGroup } from "../support/live-emulator";
import { HOSTS, TRAVEL_BY_HOST } from "../support/plugin-classes";
import { createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";

const [admin, arranger, reports, traveler] = PLATFORM_ROLES.map((role) => role.id);
const [adminName, arrangerName, reportsName, travelerName] = PLATFORM_ROLES.map((role) => role.name);

const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
${TRAVEL_BY_HOST}
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
new travel.CompanyConfig("colors", {
  companyId, kind: "color", companyRole: "ORG",
  config: {
    profileColors: next
      ? [{ title: "PROFILE_TIER_GOLD_COLOR", color: "#ffd700" }, { title: "PROFILE_TIER_PLATINUM_COLOR", color: "#e5e4e2" }]
      : [{ title: "PROFILE_TIER_GOLD_COLOR", color: "#d4af37" }, { title: "PROFILE_TIER_SILVER_COLOR", color: "#c0c0c0" }],
  },
});
`;

describe.skipIf(e2eSkipReason() !== "").each(HOSTS)(
  "preview --diff reads option, order, role and color changes by name (%s host)",
  (host) => {
    let env: E2eEnvironment;

    beforeAll(async () => {
      env = await createEnvironment("readable", PROGRAM, {}, "e2e", host);
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
      await env.stack.up();
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

      // The options: one removed, one added, one changed, each by name; no shifted positions.
      expect(printed).toMatch(/^ +- P-400: \{\}$/m);
      expect(printed).toMatch(/^ +\+ P-600: \{\}$/m);
      expect(printed).toMatch(/^ +~ P-200: \{\n +\+ description: "Zephyr"$/m);
      expect(printed).not.toMatch(/\[\d+\]: \{\n\s+~ name/);
      // The order: the field moved to the top and the one it displaced, by field name; the third
      // stays. (The plugin's detailed diff also prints the unchanged `fieldId` beside the place.)
      expect(printed).toMatch(
        /^ +~ Cost code *: \{\n(?: +fieldId: .*\n)? +~ place *: "after Purpose" => "first"$/m,
      );
      expect(printed).toMatch(
        /^ +~ Project *: \{\n(?: +fieldId: .*\n)? +~ place *: "first" => "after Cost code"$/m,
      );
      expect(printed).not.toMatch(/[~+-] Purpose/);
      // The roles: one rescoped, one removed, one added, by role name; no role id as a key.
      expect(printed).toMatch(new RegExp(`^ +~ ${arrangerName} *: \\{$`, "m"));
      expect(printed).toMatch(new RegExp(`^ +- ${reportsName} *: \\{$`, "m"));
      expect(printed).toMatch(new RegExp(`^ +\\+ ${travelerName} *: \\{$`, "m"));
      expect(printed).not.toMatch(new RegExp(`[~+-] ${adminName}`));
      for (const id of [admin, arranger, reports, traveler]) expect(printed).not.toContain(`${id}: {`);
      // The profile colors: one changed, one removed, one added, by title; no positions.
      expect(printed).toMatch(/^ +~ PROFILE_TIER_GOLD_COLOR *: \{\n +~ color: "#d4af37" => "#ffd700"$/m);
      expect(printed).toMatch(/^ +- PROFILE_TIER_SILVER_COLOR *: \{$/m);
      expect(printed).toMatch(/^ +\+ PROFILE_TIER_PLATINUM_COLOR *: \{$/m);
      expect(printed).not.toMatch(/~ \[[01]\]: \{/);

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
        order: ['fieldIds["Cost code"].place', "fieldIds.Project.place"].sort(),
        approvers: [
          `roles["${arrangerName}"].scope.audiences[0]`,
          `roles["${reportsName}"]`,
          `roles.${travelerName}`,
        ].sort(),
        colors: [
          "config.profileColors.PROFILE_TIER_GOLD_COLOR.color",
          "config.profileColors.PROFILE_TIER_PLATINUM_COLOR",
          "config.profileColors.PROFILE_TIER_SILVER_COLOR",
        ],
      });
    });
  },
);
