/**
 * The main flows with the emulator's response variation on (docs/emulator.md, "Response
 * variation"): one resource of every registry type (test/support/one-of-each.ts), through the real
 * engine on both hosts: `up`, a refresh with no changes, a preview with no changes, and `destroy`
 * leaving nothing on the platform. The refresh with no changes proves the state `up` wrote is what
 * the platform's varied answers read back, so one preview after it proves both states diff clean. Every answer of a route
 * the vendor documents comes in another form its published schema accepts, and every listing in
 * smaller pages. The seed is TRAVEL_VARIATION_SEED, else 34 under CI=true and a random one
 * locally; it is printed with the counts, so a failure can be replayed.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { TravelClient } from "../../src/client";
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

/** The steps of the flow, in order. */
const STEPS = ["up", "refresh", "preview", "destroy"] as const;

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

      // From here on, every answer the stack reads is varied.
      e.emulator.admin.setResponseVariation({ seed: SEED });
      const failures: Record<string, string> = {};
      const run = async (step: (typeof STEPS)[number], action: () => Promise<unknown>) => {
        try {
          await action();
        } catch (error) {
          failures[step] = firstLines((error as Error).message);
        }
      };
      await run("up", () => e.stack.up());
      await run("refresh", () => e.stack.refresh({ expectNoChanges: true }));
      await run("preview", () => e.stack.preview({ expectNoChanges: true }));
      await run("destroy", () => e.stack.destroy());
      const { counts } = e.emulator.admin.responseVariation();

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
