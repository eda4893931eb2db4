/**
 * Every answer's `Date` header is the emulator's clock, not the machine's: token, platform and
 * admin answers, errors (401, 404) included, so a client that tracks the platform's time sees the
 * time a test moved. An injected fault's skewed `Date` is kept, on the car routes too.
 */
import { describe, expect, it } from "vitest";
import { emulatorFixture, useFixture } from "./fixtures";
import { call } from "./helpers";

const DAY_MS = 86_400_000;

describe("the Date of every answer", () => {
  const fx = useFixture(emulatorFixture);

  /** The answer's Date, in ms. */
  const dateOf = (answer: { headers: Record<string, unknown> }) => Date.parse(String(answer.headers.date));

  it("is the emulator's clock, moved 30 days ahead of the machine's, on every kind of answer", async () => {
    fx.emu.admin.clock.advance(30 * DAY_MS);
    const token = await fx.emu.app.inject({
      method: "POST",
      url: "/v2/auth/oauth2-token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: fx.emu.bootstrap.clientId,
        client_secret: fx.emu.bootstrap.clientSecret,
      }).toString(),
    });
    // The fixture's token expired with the move; the new one is valid by the emulator's clock.
    const fresh = token.json<{ access_token: string }>().access_token;
    const answers = {
      token,
      list: await call(fx.emu, fresh, "GET", "/v2/companies"),
      unauthenticated: await call(fx.emu, undefined, "GET", "/v2/companies"),
      unknownRoute: await call(fx.emu, fresh, "GET", "/v2/no-such-route"),
      admin: await fx.emu.app.inject({ method: "GET", url: "/_emulator/health" }),
    };
    const now = fx.emu.admin.clock.now();
    expect(Object.values(answers).map((answer) => answer.statusCode)).toEqual([200, 200, 401, 404, 200]);
    for (const [name, answer] of Object.entries(answers)) {
      expect(String(answer.headers.date), name).toMatch(
        /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} [\d:]{8} GMT$/,
      );
      expect(now - dateOf(answer), name).toBeGreaterThanOrEqual(0);
      expect(now - dateOf(answer), name).toBeLessThan(5_000);
    }
    expect(dateOf(answers.list) - Date.now()).toBeGreaterThan(29 * DAY_MS);
  });

  it("keeps an injected fault's skewed Date, on a car route too", async () => {
    fx.emu.admin.addFault({ path: "/v3/trips/**", rate429: 1, dateSkewSeconds: -3600, times: 1 });
    const faulted = await call(fx.emu, fx.token, "GET", "/v3/trips/trip-1/pnrs/pnr-1");
    expect(faulted.statusCode).toBe(429);
    const skew = dateOf(faulted) - fx.emu.admin.clock.now();
    expect(skew).toBeGreaterThan(-3_605_000);
    expect(skew).toBeLessThanOrEqual(-3_595_000);
  });
});
