import { afterEach, describe, expect, it } from "vitest";
import { type EmulatorFixture, emulatorFixture } from "./fixtures";
import { adminToken, call, errorCode, tokenFor } from "./helpers";

describe("API rate limit per client id (apiRateLimitPerSecond)", () => {
  // Each test builds its own fixture: the limit is set at construction in one, at runtime in another.
  let fx: EmulatorFixture;
  afterEach(() => fx.close());

  it("is off by default", async () => {
    fx = await emulatorFixture();
    const { emu: emulator, token } = fx;
    expect(emulator.admin.settings().apiRateLimitPerSecond).toBe(0);
    const statuses = await Promise.all(
      Array.from(
        { length: 50 },
        async () => (await call(emulator, token, "GET", "/v2/companies")).statusCode,
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it("answers 429 with Retry-After beyond the limit in a sliding second, per client id", async () => {
    fx = await emulatorFixture({ settings: { apiRateLimitPerSecond: 3 } });
    const { emu: emulator, token } = fx;
    emulator.admin.clock.freeze();
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
    fx = await emulatorFixture();
    const { emu: emulator, token } = fx;
    expect(() => emulator.admin.updateSettings({ apiRateLimitPerSecond: -1 })).toThrow(
      /apiRateLimitPerSecond/,
    );
    emulator.admin.updateSettings({ apiRateLimitPerSecond: 1 });
    emulator.admin.clock.freeze();
    expect((await call(emulator, token, "GET", "/v2/companies")).statusCode).toBe(200);
    expect((await call(emulator, token, "GET", "/v2/companies")).statusCode).toBe(429);
  });
});
