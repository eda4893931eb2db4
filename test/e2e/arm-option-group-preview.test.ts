/**
 * The hold-out case of the plan-fidelity property test, on both hosts: an `Arm` whose audiences
 * change feeds its `optionGroupId` through `.apply` to an `OptionGroup`. On the plugin, the
 * program declares them with the Node.js SDK (`pulumi-travel/plugin`), as a TypeScript user on the
 * plugin does (here JavaScript requiring the compiled SDK; test/e2e/typescript-plugin.test.ts
 * type-checks a TypeScript program on it). `up` updates the arm in
 * place and leaves its option group alone. On the provider plugin an update's preview keeps the
 * outputs it does not change known, so the preview plans exactly that. The dynamic host cannot
 * preview an update's outputs: `optionGroupId` is unknown at preview, and the arm link of
 * `provider/hosts/dynamic/arm-link.ts` only knows the arm's own output object, not what `.apply` makes of it,
 * so the preview shows the option group replaced (docs/api-decisions.md, "Pulumi resource options",
 * and docs/reliability.md: a limit of dynamic providers; the plugin is the answer).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TravelClient } from "../../src/client";
import { clientFor } from "../support/live-emulator";
import { type Host, HOSTS } from "../support/plugin-classes";
import { createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";
import { type Plan, planRecorder } from "./plan-recorder";

/** The program's resources, after `travel` and `pulumi` are bound. */
const RESOURCES = `
const config = new pulumi.Config();
const companyId = config.require("companyId");
const field = new travel.CustomField("field", { companyId, name: "Project", enabled: true });
const arm = new travel.Arm("arm", {
  companyId,
  customFieldId: field.customFieldId,
  name: "Everyone",
  action: { type: "USER", userOptionSource: { type: "MANUAL" } },
  ...(config.get("audiences") === "company"
    ? { audiences: [{ predicates: [{ type: "COMPANY", id: companyId }] }] }
    : {}),
});
new travel.OptionGroup("options", {
  companyId,
  customFieldId: field.customFieldId,
  optionGroupId: arm.optionGroupId.apply((id) => id),
  options: [{ name: "P-100" }],
});
`;

/** How the program binds `travel` on each host: the package's classes, or the Node.js SDK. */
const TRAVEL: Record<Host, string> = {
  dynamic: `const travel = require("pulumi-travel");`,
  plugin: `const travel = require("pulumi-travel/plugin");`,
};

describe.skipIf(e2eSkipReason() !== "").each(HOSTS)(
  "an arm's audiences change under an option group fed through .apply (%s host)",
  (host) => {
    let env: E2eEnvironment;
    let client: TravelClient;

    beforeAll(async () => {
      const program = `const pulumi = require("@pulumi/pulumi");\n${TRAVEL[host]}\n${RESOURCES}`;
      env = await createEnvironment("arm-options", program, {}, "e2e", host);
      client = clientFor(env.emulator);
      const { id: companyId } = await client.post<{ id: string }>("/v2/companies", {
        body: { name: "Arm Options Inc", billingCurrency: "USD", companyRoles: ["ORG"] },
      });
      await env.stack.setConfig("companyId", { value: companyId });
      await env.stack.up();
    });
    afterAll(async () => {
      await client?.close();
      await env?.dispose();
    });

    it(
      host === "plugin"
        ? "preview plans what up does: the arm updated, its option group untouched"
        : "up updates the arm only, while preview shows the option group replaced (the dynamic host's limit)",
      async () => {
        await env.stack.setConfig("audiences", { value: "company" });
        const preview = planRecorder(host);
        await env.stack.preview({ onEvent: preview.onEvent });
        const up = planRecorder(host);
        await env.stack.up({ onEvent: up.onEvent });
        const byName = (plan: Plan) =>
          Object.fromEntries([...plan].map(([urn, step]) => [urn.split("::").pop() ?? urn, step]));
        const armUpdate = { ops: ["update"], diffs: ["audiences"] };
        expect(byName(up.plan)).toEqual({ arm: armUpdate });
        if (host === "plugin") expect(byName(preview.plan)).toEqual({ arm: armUpdate });
        else
          expect(byName(preview.plan)).toEqual({
            arm: armUpdate,
            options: { ops: ["create-replacement", "delete-replaced", "replace"], diffs: ["optionGroupId"] },
          });
        await env.stack.preview({ expectNoChanges: true });
      },
    );
  },
);
