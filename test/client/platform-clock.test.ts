/**
 * The client tracks the platform's clock from each answer's `Date`, over real HTTP against the
 * emulator: it learns the time with one token request when nothing was answered yet, follows the
 * emulator's clock when a test moves it (the machine's clock does not count), takes a skewed
 * `Date` from an injected fault (`dateSkewSeconds`), and keeps the latest answer's.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clearSharedTokens, createLineLogger } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { clientFor, counts, liveEmulator } from "./harness";

const DAY_MS = 86_400_000;

describe("the client's platform clock", () => {
  let emu: RunningEmulator;

  beforeAll(async () => {
    emu = await liveEmulator();
  });
  afterAll(() => emu.close());
  afterEach(() => {
    emu.admin.clearFaults();
    emu.admin.clock.reset();
    clearSharedTokens();
  });

  /** How far `client`'s idea of the platform's time is from the emulator's clock. */
  const errorOf = (time: Date | undefined) =>
    Math.abs((time?.getTime() ?? Number.NaN) - emu.admin.clock.now());

  it("learns the platform's time with one token request, 30 days from the machine's", async () => {
    emu.admin.clock.advance(30 * DAY_MS);
    const client = clientFor(emu);
    try {
      expect(client.platformNow()).toBeUndefined();
      const before = emu.admin.lastRequestSeq;
      const learned = await client.learnPlatformNow();
      expect(counts(emu, before)).toEqual({ "POST /v2/auth/oauth2-token": 1 });
      expect(errorOf(learned)).toBeLessThan(1_500);
      expect(client.platformClock.offsetMs).toBeGreaterThan(30 * DAY_MS - 2_000);
      // Known now: asking again sends nothing.
      await client.learnPlatformNow();
      expect(emu.admin.lastRequestSeq).toBe(before + 1);
    } finally {
      await client.close();
    }
  });

  it("follows the emulator's clock when it moves, answer by answer", async () => {
    const client = clientFor(emu);
    try {
      await client.get("/v2/companies");
      expect(errorOf(client.platformNow())).toBeLessThan(1_500);
      emu.admin.clock.advance(-2 * DAY_MS);
      await client.get("/v2/companies");
      expect(errorOf(client.platformNow())).toBeLessThan(1_500);
      expect(client.platformClock.offsetMs).toBeLessThan(-2 * DAY_MS + 2_000);
    } finally {
      await client.close();
    }
  });

  it("takes a skewed Date from a fault's answer (dateSkewSeconds), then the next answer's", async () => {
    const client = clientFor(emu, { maxRetries: 0 });
    try {
      await client.get("/v2/companies");
      emu.admin.addFault({ path: "/v2/companies", rate503: 1, dateSkewSeconds: 3600, times: 1 });
      await expect(client.get("/v2/companies")).rejects.toMatchObject({ status: 503 });
      const skewed = (client.platformNow()?.getTime() ?? Number.NaN) - emu.admin.clock.now();
      expect(Math.abs(skewed - 3_600_000)).toBeLessThan(1_500);
      await client.get("/v2/companies");
      expect(errorOf(client.platformNow())).toBeLessThan(1_500);
    } finally {
      await client.close();
    }
  });

  it("with an access token and no answer yet, sends nothing and says at debug that the time is unknown", async () => {
    const lines: string[] = [];
    const client = clientFor(emu, {
      credentials: undefined,
      accessToken: "not-used-by-this-test",
      logger: createLineLogger((line) => lines.push(line)),
    });
    try {
      const before = emu.admin.lastRequestSeq;
      expect(await client.learnPlatformNow()).toBeUndefined();
      expect(emu.admin.lastRequestSeq).toBe(before);
      expect(lines).toEqual([expect.stringMatching(/^travel clock .*the platform's time is unknown/)]);
    } finally {
      await client.close();
    }
  });
});
