/**
 * The tenant key's cooldown at preview, in the provider tier (no engine): with the emulator's clock
 * 30 days ahead of this machine's, create records `rotatedAt` by the platform's clock; the diff of a
 * rotation within the hour fails, naming when it is allowed, and sends nothing; once the
 * platform's clock has passed the cooldown the diff shows the update. A provider that cannot learn
 * the platform's time (an access token, no answer yet) refuses nothing and says so at debug.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLineLogger, TravelClient } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { buildTypeProvider } from "../../src/provider/operations/type-provider";
import { tenantKeyResource } from "../../src/resources/tenant-key";
import { clientFor, liveEmulator, requestToken } from "../support/live-emulator";
import { checked } from "./harness";
import { testRun } from "../support/test-run";

const PLATFORM_AHEAD_MS = 30 * 86_400_000;

describe("TenantKey cooldown at preview", () => {
  let emulator: RunningEmulator;
  let client: TravelClient;
  let companyId: string;
  const tenantKeys = (on: TravelClient = client) => buildTypeProvider(tenantKeyResource, testRun(on));

  beforeAll(async () => {
    emulator = await liveEmulator();
    emulator.admin.clock.advance(PLATFORM_AHEAD_MS);
    client = clientFor(emulator);
    const company = await client.post<{ id: string }>("/v2/companies", {
      body: { name: "Cooldown Inc", billingCurrency: "USD", companyRoles: ["ORG"] },
    });
    companyId = company.id;
  });
  afterAll(async () => {
    await client.close();
    await emulator.close();
  });

  it("refuses a rotation within the hour by the platform's clock, then allows it once past", async () => {
    const provider = tenantKeys();
    const { id, outs } = await provider.create(await checked(provider, { companyId, rotation: "r1" }));
    const rotatedAt = Date.parse(String(outs.rotatedAt));
    expect(Math.abs(emulator.admin.clock.now() - rotatedAt)).toBeLessThan(2_000);

    const before = emulator.admin.lastRequestSeq;
    const news = await checked(provider, { companyId, rotation: "r2" }, outs);
    expect(await provider.diff(id, outs, { ...outs })).toMatchObject({ changes: false });
    const allowedAt = new Date(Math.ceil((rotatedAt + 3_600_000) / 1000) * 1000)
      .toISOString()
      .replace(".000Z", "Z");
    await expect(provider.diff(id, outs, news)).rejects.toThrow(
      new RegExp(
        `TenantKey of company ${companyId}: cannot rotate the key yet: .*by the platform's clock the next rotation is allowed at ${allowedAt} \\(in (3[0-9]{3}) s\\)\\. Nothing was sent`,
      ),
    );
    expect(emulator.admin.requests(before)).toEqual([]);

    // The next run (a new provider process, so a new client) learns the moved clock.
    emulator.admin.clock.advance(3_601_000);
    const next = clientFor(emulator);
    try {
      const later = tenantKeys(next);
      expect(await later.diff(id, outs, news)).toMatchObject({ changes: true, replaces: [] });
      const rotated = await later.update(id, outs, news);
      expect(Date.parse(String(rotated.outs.rotatedAt)) - rotatedAt).toBeGreaterThanOrEqual(3_601_000);
    } finally {
      await next.close();
    }
  });

  it("with no answer yet in the process, learns the platform's time with one read of the company", async () => {
    const provider = tenantKeys();
    const outs = { companyId, rotation: "r1", rotatedAt: new Date(emulator.admin.clock.now()).toISOString() };
    const news = await checked(provider, { companyId, rotation: "r2" }, outs);
    const { token } = await requestToken(
      emulator.url,
      emulator.bootstrap.clientId,
      emulator.bootstrap.clientSecret,
    );
    const fresh = clientFor(emulator, { credentials: undefined, accessToken: token ?? "" });
    try {
      const before = emulator.admin.lastRequestSeq;
      await expect(tenantKeys(fresh).diff(companyId, outs, news)).rejects.toThrow(
        /cannot rotate the key yet/,
      );
      expect(emulator.admin.requests(before).map((entry) => entry.route)).toEqual([
        "GET /v2/companies/:companyId",
      ]);
    } finally {
      await fresh.close();
    }
  });

  it("refuses nothing when the platform's time cannot be learned, and says so at debug", async () => {
    const outs = { companyId, rotation: "r1", rotatedAt: new Date(emulator.admin.clock.now()).toISOString() };
    const lines: string[] = [];
    // Nothing listens on the probe's port: no answer, so no Date.
    const blind = new TravelClient({
      baseUrl: "http://127.0.0.1:9",
      accessToken: "not-sent-anywhere",
      allowInsecureHttp: true,
      maxRetries: 0,
      logger: createLineLogger((line) => lines.push(line)),
    });
    try {
      const provider = tenantKeys(blind);
      expect(await provider.diff(companyId, outs, { companyId, rotation: "r2" })).toMatchObject({
        changes: true,
      });
      expect(lines.some((line) => line.includes("the platform's time is unknown"))).toBe(true);
    } finally {
      await blind.close();
    }
  });
});
