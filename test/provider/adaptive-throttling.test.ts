/**
 * Adaptive throttling against a server-side rate limit: 300 creates driven through the provider
 * runtime (as the engine's provider process makes them: all at once, one client, default client
 * settings) against the emulator limited to 50 requests per second per client id.
 *
 * This is a provider-level run rather than a full `pulumi up`: the engine run of 300 resources
 * takes minutes of CPU on a shared CI machine, and the client is what adapts. The wall-time bound
 * is a ratio to a floor measured in the same test (the same creates without the limit), with the
 * rate-limit time (300 / 50 = 6 s) dominating both sides.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearSharedTokens } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { createProviderRuntime } from "../../src/provider/operations/runtime";
import { definitions } from "../../src/resources/registry";
import { clientFor, liveEmulator } from "../support/live-emulator";

const N = 300;
const LIMIT = 50;

describe(`${N} creates through the runtime against a ${LIMIT}/s server limit`, () => {
  let emulator: RunningEmulator;
  const companies: string[] = [];

  beforeAll(async () => {
    emulator = await liveEmulator();
    const setup = clientFor(emulator);
    for (const name of ["Floor", "Limited"]) {
      const { id } = await setup.post<{ id: string }>("/v2/companies", {
        body: { name, billingCurrency: "USD", companyRoles: ["ORG"] },
      });
      companies.push(id);
    }
    await setup.close();
  });
  afterAll(async () => emulator.close());

  /** Creates N cost centers in `companyId` through a fresh runtime; returns seconds and calls. */
  async function createAll(companyId: string) {
    clearSharedTokens();
    const runtime = createProviderRuntime(definitions);
    const config: Record<string, string> = {
      "travel:baseUrl": emulator.url,
      "travel:clientId": emulator.bootstrap.clientId,
      "travel:clientSecret": emulator.bootstrap.clientSecret,
    };
    await runtime.configure({ get: (key) => config[key] });
    const provider = runtime.runtimeProvider("CostCenter");
    const before = emulator.admin.lastRequestSeq;
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: N }, async (_, i) => {
        const { inputs } = await provider.check({}, { companyId, name: `CC ${i}`, externalId: `cc-${i}` });
        return provider.create(inputs);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const calls = emulator.admin.requests(before);
    return { seconds, calls, ids: new Set(results.map((r) => r.id)) };
  }

  it("finishes with under 5% of calls answered 429, within 1.5x of the calls over the limit plus the floor", async () => {
    emulator.admin.updateSettings({ apiRateLimitPerSecond: 0 });
    const floor = await createAll(companies[0] ?? "");
    expect(floor.ids.size).toBe(N);
    expect(floor.calls.filter((c) => c.status === 429)).toHaveLength(0);

    emulator.admin.updateSettings({ apiRateLimitPerSecond: LIMIT });
    const limited = await createAll(companies[1] ?? "");
    emulator.admin.updateSettings({ apiRateLimitPerSecond: 0 });

    expect(limited.ids.size).toBe(N);
    const creates = limited.calls.filter((c) => c.route === "POST /v2/companies/:companyId/cost-centers");
    // Each create looks its key up once first (safe-create.ts): the limit counts those calls too.
    const platformCalls = limited.calls.filter((c) => c.route !== "POST /v2/auth/oauth2-token");
    const throttled = platformCalls.filter((c) => c.status === 429).length;
    expect(creates.filter((c) => c.status === 201)).toHaveLength(N);
    // The limit was really in force, and the client adapted to it.
    expect(throttled).toBeGreaterThan(0);
    expect(throttled / platformCalls.length).toBeLessThan(0.05);
    expect(limited.calls.filter((c) => c.route === "POST /v2/auth/oauth2-token")).toHaveLength(1);
    console.log(
      `adaptive throttling: floor ${floor.seconds.toFixed(2)} s; limited ${limited.seconds.toFixed(2)} s, ` +
        `${platformCalls.length} calls, ${throttled} answered 429`,
    );
    // Within 1.5x of the calls the run needed (a lookup and a create each) over the limit.
    const needed = platformCalls.length - throttled;
    expect(limited.seconds).toBeLessThanOrEqual(1.5 * (needed / LIMIT) + floor.seconds);
  });
});
