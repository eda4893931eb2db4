/**
 * undici is loaded at the first request, not on import: a Pulumi program loads the package barrel
 * and never sends, and neither does a provider process whose preview makes no call. Checked in a
 * fresh Node process, run from the sources, where `require.cache` tells what was loaded.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator";
import { ROOT, runNode, travelEnv } from "../cli/harness";
import { liveEmulator } from "../support/live-emulator";

const SCRIPT = `
require(${JSON.stringify(join(ROOT, "src", "index.ts"))});
const undiciLoaded = () => Object.keys(require.cache).some((path) => path.includes("/node_modules/undici/"));
const seen = { barrel: undiciLoaded() };
const { TravelClient, clientOptionsFromEnv, isNotFound } = require(${JSON.stringify(join(ROOT, "src", "client", "index.ts"))});
seen.clientModule = undiciLoaded();
require(${JSON.stringify(join(ROOT, "src", "runtime.ts"))});
seen.runtime = undiciLoaded();
const client = new TravelClient(clientOptionsFromEnv());
seen.client = undiciLoaded();
client
  .get("/v2/companies/no-such-company")
  .then(() => "found", (error) => (isNotFound(error) ? "not found" : String(error)))
  .then(async (answer) => {
    seen.answer = answer;
    seen.afterRequest = undiciLoaded();
    await client.close();
    console.log(JSON.stringify(seen));
  });
`;

describe("loading undici", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await liveEmulator();
  });
  afterAll(() => emulator.close());

  it("waits for the first request: the barrel, the provider runtime and a new client do not load it", async () => {
    const run = await runNode("-e", [SCRIPT], travelEnv(emulator));
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual({
      barrel: false,
      clientModule: false,
      runtime: false,
      client: false,
      answer: "not found",
      afterRequest: true,
    });
  });
});
