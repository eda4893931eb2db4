/**
 * Two stacks on one company through the real Pulumi engine, on both hosts (the same program text,
 * test/support/plugin-classes.ts): stack A and stack B declare the same CompanyFeatures, color
 * CompanyConfig and PerTripServiceCharge, and a Grade of the same name. B's grade create is
 * answered 503 before it is handled: B makes its own grade and never adopts A's, and B's destroy
 * leaves A's. Then `up --refresh` by turns: A's overwrite of B's values warns with both values, B's
 * of A's too, and A's next up finds its replaced value written back and names the other writer
 * and what to do: the stacks may take turns, but never silently. B's destroy leaves A's settings
 * as they are, with a warning naming each.
 */
import type { Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, type TravelClient } from "../../src/client";
import { GRADES } from "../../src/emulator/org/records";
import { backendEnv } from "../support/file-stack";
import { createLeanStack } from "../support/lean-stack";
import { clientFor } from "../support/live-emulator";
import { HOSTS, TRAVEL_BY_HOST } from "../support/plugin-classes";
import { createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";

const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
${TRAVEL_BY_HOST}
const config = new pulumi.Config();
const companyId = config.require("companyId");
const b = config.require("variant") === "b";
const grade = new travel.Grade("senior", { companyId, name: "Senior" });
new travel.CompanyFeatures("features", { companyId, features: { FEATURE_PERSONAL_TRAVEL: b ? "false" : "true" } });
new travel.CompanyConfig("colors", {
  companyId,
  kind: "color",
  companyRole: "ORG",
  config: { profileColors: [{ title: "PROFILE_TIER_GOLD_COLOR", color: b ? "#000000" : "#d4af37" }] },
});
new travel.PerTripServiceCharge("charge", { companyId, config: { charges: [{ amount: b ? 7 : 5, currencyCode: "USD" }] } });
exports.gradeId = grade.id;
`;

/** The three settings' values on the platform, as A (`a`) or B (`b`) declares them, or `mixed`. */
type Holder = "a" | "b" | "mixed";

describe.skipIf(e2eSkipReason() !== "").each(HOSTS)(
  "two stacks declaring the same company settings (%s host)",
  (host) => {
    let env: E2eEnvironment;
    let client: TravelClient;
    let companyId: string;
    let stackA: Stack;
    let stackB: Stack;

    const holder = async (): Promise<Holder> => {
      const { features } = await client.get<{ features: { name: string; value?: string }[] }>(
        apiPath`/v2/companies/${companyId}/features`,
      );
      const colors = await client.get<{ profileColors?: { color: string }[] }>(
        apiPath`/v2/companies/${companyId}/color-config`,
        { query: { companyRole: "ORG" } },
      );
      const charge = await client.get<{ config?: { charges?: { amount: number }[] } }>(
        apiPath`/v2/license/company/${companyId}/service-charge/per-trip`,
      );
      const seen = [
        features.find((feature) => feature.name === "FEATURE_PERSONAL_TRAVEL")?.value === "true" ? "a" : "b",
        colors.profileColors?.[0]?.color === "#d4af37" ? "a" : "b",
        charge.config?.charges?.[0]?.amount === 5 ? "a" : "b",
      ];
      return seen.every((who) => who === seen[0]) ? (seen[0] as Holder) : "mixed";
    };
    const gradesNamedSenior = () =>
      env.emulator.context.store
        .records(GRADES)
        .of(companyId)
        .values()
        .filter((grade) => grade.entity.name === "Senior")
        .map((grade) => grade.entity.id);
    /** The settings' warnings of an overwrite in `output`, by type. */
    const overwriteWarnings = (output: string) =>
      ["CompanyFeatures", "CompanyConfig", "PerTripServiceCharge"].filter((type) =>
        new RegExp(`${type} [^:]+: someone else changed this setting since this stack last wrote it`).test(
          output,
        ),
      );

    beforeAll(async () => {
      env = await createEnvironment("overlap", PROGRAM, {}, "a", host);
      client = clientFor(env.emulator);
      ({ id: companyId } = await client.post<{ id: string }>("/v2/companies", {
        body: { name: "Overlap Inc", billingCurrency: "USD", companyRoles: ["ORG"] },
      }));
      stackA = env.stack;
      await stackA.setAllConfig({ companyId: { value: companyId }, variant: { value: "a" } });
      // Stack B: the same program and backend, another stack.
      stackB = await createLeanStack(
        { stackName: "b", workDir: env.programDir },
        { envVars: backendEnv(`file://${env.backendDir}`) },
      );
      await stackB.setAllConfig({ ...(await stackA.getAllConfig()), variant: { value: "b" } });
    });
    afterAll(async () => {
      await client?.close();
      await env?.dispose();
    });

    it("B's grade create answered 503 never adopts A's grade; up --refresh by turns warns, then names the other writer; B's destroy leaves A's grade and settings", async () => {
      const gradeA = (await stackA.up()).outputs.gradeId?.value as string;
      expect(await holder()).toBe("a");

      // B's grade create is answered 503 before the platform handles it.
      env.emulator.admin.addFault({
        path: `/v2/companies/${companyId}/grades`,
        methods: ["POST"],
        rate503: 1,
        retryAfterSeconds: 0,
        times: 1,
      });
      const gradeB = (await stackB.up()).outputs.gradeId?.value as string;
      expect(env.emulator.admin.faults().map((fault) => fault.fired)).toEqual([1]);
      env.emulator.admin.clearFaults();
      expect(gradeB).not.toBe(gradeA);
      expect(gradesNamedSenior().sort()).toEqual([gradeA, gradeB].sort());
      expect(await holder()).toBe("b");

      // A's up --refresh overwrites B's values, warning of each with both values.
      const first = await stackA.up({ refresh: true });
      expect(overwriteWarnings(first.stdout)).toEqual([
        "CompanyFeatures",
        "CompanyConfig",
        "PerTripServiceCharge",
      ]);
      expect(first.stdout).toContain('"FEATURE_PERSONAL_TRAVEL":"false"');
      expect(await holder()).toBe("a");

      // B's up --refresh overwrites A's values once, with its own warnings.
      const second = await stackB.up({ refresh: true });
      expect(overwriteWarnings(second.stdout)).toEqual([
        "CompanyFeatures",
        "CompanyConfig",
        "PerTripServiceCharge",
      ]);
      expect(await holder()).toBe("b");

      // A finds the value it replaced written back: it names the other writer and what to do.
      const third = await stackA.up({ refresh: true });
      for (const type of ["CompanyFeatures", "CompanyConfig", "PerTripServiceCharge"])
        expect(third.stdout).toMatch(new RegExp(`${type} [^:]+: another writer declares this setting`));
      expect(third.stdout).toContain("Declare it in one stack only");
      expect(await holder()).toBe("a");

      // B's destroy removes B's grade only, and leaves A's settings as they are, naming each.
      const destroyed = await stackB.destroy();
      expect(gradesNamedSenior()).toEqual([gradeA]);
      expect(await holder()).toBe("a");
      for (const type of ["CompanyFeatures", "CompanyConfig", "PerTripServiceCharge"])
        expect(destroyed.stdout).toMatch(
          new RegExp(`${type} [^:]+: left as it is: someone else wrote this setting`),
        );
    });
  },
);
