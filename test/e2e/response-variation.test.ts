/**
 * The main flows with the emulator's response variation on (docs/emulator.md, "Response
 * variation"): one resource of every registry type (test/support/one-of-each.ts), through the real
 * engine on both hosts: `up`, a refresh with no changes, a preview with no changes, an update in
 * place of every type that has one, and `destroy` leaving nothing on the platform. The refresh with no changes proves the state `up` wrote is what
 * the platform's varied answers read back, so one preview after it proves both states diff clean. Every answer of a route
 * the vendor documents comes in another form its published schema accepts, and every listing in
 * smaller pages. The seed is TRAVEL_VARIATION_SEED, else 34 under CI=true and a random one
 * locally; it is printed with the counts, so a failure can be replayed.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { TravelClient } from "../../src/client";
import { DEFAULT_VARIATION_FAMILIES, VARIATION_FAMILIES } from "../../src/contract";
import type { VariationCounts } from "../../src/emulator/core/response-variation";
import { clientFor } from "../support/live-emulator";
import { HOSTS, TRAVEL_BY_HOST } from "../support/plugin-classes";
import { createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";
import { declareOneOfEach } from "./one-of-each-stack";

const SEED = process.env.TRAVEL_VARIATION_SEED
  ? Number(process.env.TRAVEL_VARIATION_SEED)
  : process.env.CI === "true"
    ? 34
    : Math.floor(Math.random() * 2 ** 31);

/** One resource of each type the program is given (config `resources`: type and inputs). */
const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
${TRAVEL_BY_HOST}
for (const { type, inputs } of JSON.parse(new pulumi.Config().require("resources"))) {
  exports[type] = new travel[type](type.toLowerCase(), inputs).id;
}
`;

/** Inputs added to a type's row: lists the vendor gives no order, with two items or more. */
const LONGER_LISTS: Readonly<Record<string, Record<string, unknown>>> = {
  Company: {
    announcements: [
      { title: "Welcome", description: "Book through the portal" },
      { title: "Policy", description: "Economy under six hours", linkUrl: "https://example.com/policy" },
    ],
    phoneNumbers: [
      { countryCode: 1, nationalNumber: 5550100 },
      { countryCode: 44, nationalNumber: 2079460000 },
    ],
    emailDomains: ["one.example", "two.example"],
  },
  LegalEntity: {
    phoneNumbers: [
      { countryCode: 1, nationalNumber: 5550100 },
      { countryCode: 44, nationalNumber: 2079460000 },
    ],
  },
  CompanyConfig: {
    config: {
      airConfig: {
        fareCategoryFilter: [1, 2].map((priority) => ({
          priority,
          origin: place("NYC", "CITY", [place("US", "COUNTRY"), place("NA", "CONTINENT")]),
          destination: place(priority === 1 ? "LON" : "PAR", "CITY", [
            place(priority === 1 ? "GB" : "FR", "COUNTRY"),
            place("EU", "CONTINENT"),
          ]),
          fareCategoryOption: [
            { fareCategory: { cabinViewCategory: "ECONOMY" }, disabled: false },
            { fareCategory: { cabinViewCategory: "BUSINESS" }, disabled: true },
          ],
        })),
      },
    },
  },
};

/** A location of a fare category filter, with what contains it (`infos`: its country, continent). */
function place(code: string, type: string, infos: unknown[] = []): Record<string, unknown> {
  return { value: code, metadata: { type, code }, infos };
}

/** The counts of several settings added up. */
function sumCounts(all: VariationCounts[]): VariationCounts {
  const sum: VariationCounts = { answers: 0, varied: 0, changes: {}, refused: 0, smallerPages: 0 };
  for (const counts of all) {
    sum.answers += counts.answers;
    sum.varied += counts.varied;
    sum.refused += counts.refused;
    sum.smallerPages += counts.smallerPages;
    for (const [family, n] of Object.entries(counts.changes))
      sum.changes[family as keyof VariationCounts["changes"]] =
        (sum.changes[family as keyof VariationCounts["changes"]] ?? 0) + (n ?? 0);
  }
  return sum;
}

/** The steps of the flow, in order. */
const STEPS = ["up", "refresh", "preview", "update", "destroy"] as const;

describe.skipIf(e2eSkipReason() !== "").each(HOSTS)(
  "every registry type with varied answers (%s host)",
  (host) => {
    let env: E2eEnvironment | undefined;
    let client: TravelClient | undefined;
    afterAll(async () => {
      await client?.close();
      await env?.dispose();
    });

    it("up, no-change refresh and preview, and destroy leave nothing behind", async () => {
      env = await createEnvironment("variation", PROGRAM, {}, "e2e", host);
      const e = env;
      client = clientFor(e.emulator);
      const rows = await declareOneOfEach(e, client, "Variation");
      const types = rows.map(({ type }) => type);
      // Arrays the vendor gives no order, long enough to be reordered (issue 45 item 9).
      await e.stack.setConfig("resources", {
        value: JSON.stringify(
          rows.map(({ type, inputs }) => ({ type, inputs: { ...inputs, ...LONGER_LISTS[type] } })),
        ),
      });

      // From here on, every answer the stack reads is varied: `up` and `destroy` see every family,
      // optional values the program wrote left out included; the no-change refresh and preview
      // every family but that one, which says the value was cleared (docs/emulator.md).
      const everyFamily = { seed: SEED, families: [...VARIATION_FAMILIES] };
      e.emulator.admin.setResponseVariation(everyFamily);
      const failures: Record<string, string> = {};
      const run = async (step: (typeof STEPS)[number], action: () => Promise<unknown>) => {
        try {
          await action();
        } catch (error) {
          failures[step] = firstLines((error as Error).message);
        }
      };
      await run("up", () => e.stack.up());
      const upCounts = e.emulator.admin.responseVariation().counts;
      e.emulator.admin.setResponseVariation({ seed: SEED });
      await run("refresh", () => e.stack.refresh({ expectNoChanges: true }));
      await run("preview", () => e.stack.preview({ expectNoChanges: true }));
      const readCounts = e.emulator.admin.responseVariation().counts;

      // Every update in place, each reading answers that carry every change the published schema
      // allows (rate 1): a property the vendor's request schema does not declare, added to an
      // answer, must never be sent back in a full-replacement PUT (issue 45).
      const changed = rows.map(({ type, row, kit, inputs }) => {
        row.beforeChange?.(kit);
        const longer = { ...inputs, ...LONGER_LISTS[type] };
        return { type, inputs: row.change?.(longer) ?? longer };
      });
      await e.stack.setConfig("resources", { value: JSON.stringify(changed) });
      e.emulator.admin.setResponseVariation({
        seed: SEED,
        families: [...DEFAULT_VARIATION_FAMILIES],
        rate: 1,
      });
      await run("update", () => e.stack.up());
      const updateCounts = e.emulator.admin.responseVariation().counts;

      e.emulator.admin.setResponseVariation(everyFamily);
      await run("destroy", () => e.stack.destroy());
      const counts = sumCounts([
        upCounts,
        readCounts,
        updateCounts,
        e.emulator.admin.responseVariation().counts,
      ]);

      // The platform's truth, read without variation.
      e.emulator.admin.setResponseVariation(undefined);
      const left: Record<string, number> = {};
      for (const { type, row, kit, inputs } of rows) {
        if (!row.deleteRemoves) continue;
        const held = await row.held(kit, inputs);
        if (held > 0) left[type] = held;
      }
      console.log(
        `response variation on the ${host} host: seed ${SEED} (replay: TRAVEL_VARIATION_SEED=${SEED}); ` +
          `${types.length} types; ${counts.answers} answers, ${counts.varied} varied, changes ${JSON.stringify(counts.changes)}, ` +
          `${counts.refused} refused by the schema, ${counts.smallerPages} smaller pages; ` +
          `steps passed ${STEPS.filter((step) => !(step in failures)).length}/${STEPS.length}; ` +
          `left on the platform ${JSON.stringify(left)}`,
      );
      expect(counts.varied, "answers the emulator varied").toBeGreaterThan(0);
      expect({ seed: SEED, failures, left }).toEqual({ seed: SEED, failures: {}, left: {} });
    });
  },
);

/** The engine's error lines, each once: enough to name the resource and the reason. */
function firstLines(message: string): string {
  const lines = message
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /error:|Error:|no changes were expected|\[diff:/.test(line));
  return [...new Set(lines)].slice(0, 10).join("\n").slice(0, 2500);
}
