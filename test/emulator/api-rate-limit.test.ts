import { afterEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator";
import { adminToken, call, errorCode, freshEmulator, tokenFor } from "./helpers";

describe("API rate limit per client id (apiRateLimitPerSecond)", () => {
  let emulator: Emulator;
  afterEach(async () => emulator.app.close());

  it("is off by default", async () => {
    emulator = await freshEmulator();
    expect(emulator.admin.settings().apiRateLimitPerSecond).toBe(0);
    const token = await adminToken(emulator);
    const statuses = await Promise.all(
      Array.from(
        { length: 50 },
        async () => (await call(emulator, token, "GET", "/v2/companies")).statusCode,
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it("answers 429 with Retry-After beyond the limit in a sliding second, per client id", async () => {
    emulator = await freshEmulator({ settings: { apiRateLimitPerSecond: 3 } });
    emulator.admin.clock.freeze();
    const token = await adminToken(emulator);
    const tmc = emulator.admin.createTmc("Other TMC");
    const otherToken = await tokenFor(emulator, tmc.clientId, tmc.clientSecret);

    for (let i = 0; i < 3; i++)
      expect((await call(emulator, token, "GET", "/v2/companies")).statusCode).toBe(200);
    const limited = await call(emulator, token, "GET", "/v2/companies");
    expect(limited.statusCode).toBe(429);
    expect(errorCode(limited)).toBe("RATE_LIMIT_EXCEEDED");
    expect(limited.headers["retry-after"]).toBe("1");
    expect(limited.body).toContain("at most 3 per second");

    // Another API user has its own window; token requests are not charged.
    expect((await call(emulator, otherToken, "GET", "/v2/companies")).statusCode).toBe(200);
    await adminToken(emulator);

    // The window slides: 999 ms later still full, 1000 ms later free again.
    emulator.admin.clock.advance(999);
    expect((await call(emulator, token, "GET", "/v2/companies")).statusCode).toBe(429);
    emulator.admin.clock.advance(1);
    expect((await call(emulator, token, "GET", "/v2/companies")).statusCode).toBe(200);
  });

  it("is validated and changeable at runtime", async () => {
    emulator = await freshEmulator();
    expect(() => emulator.admin.updateSettings({ apiRateLimitPerSecond: -1 })).toThrow(
      /apiRateLimitPerSecond/,
    );
    emulator.admin.updateSettings({ apiRateLimitPerSecond: 1 });
    const token = await adminToken(emulator);
    emulator.admin.clock.freeze();
    expect((await call(emulator, token, "GET", "/v2/companies")).statusCode).toBe(200);
    expect((await call(emulator, token, "GET", "/v2/companies")).statusCode).toBe(429);
  });
});
