/**
 * Hardening found by an adversarial run: the token endpoints keep nothing per
 * unknown client id, wrong secrets sent with a victim's client id do not lock the victim out, the
 * request log keeps bounded bytes per entry, and temporary state files left by a killed process
 * are removed at start.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEmulator } from "../../src/emulator";
import { MAX_LOGGED_PATH_CHARS } from "../../src/emulator/admin/request-log";
import { emulatorFixture, useFixture } from "./fixtures";
import { call } from "./helpers";

const form = (fields: Record<string, string>) => ({
  method: "POST" as const,
  url: "/v2/auth/oauth2-token",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  payload: new URLSearchParams({ grant_type: "client_credentials", ...fields }).toString(),
});

describe("the token endpoints under attack", () => {
  const fx = useFixture(() => emulatorFixture());

  it("keep nothing per unknown client id: 300 requests with 100 KB ids leave one window, for the source", async () => {
    const before = fx.emu.context.identity.rateLimitWindowCount;
    for (let i = 0; i < 300; i++) {
      const response = await fx.emu.app.inject(
        form({ client_id: `${i}`.padEnd(100_000, "x"), client_secret: "nope" }),
      );
      expect([403, 429]).toContain(response.statusCode);
    }
    expect(fx.emu.context.identity.rateLimitWindowCount - before).toBeLessThanOrEqual(1);
    const longest = Math.max(...fx.emu.admin.requests().map((entry) => JSON.stringify(entry).length));
    expect(longest).toBeLessThan(2_000);
  });

  it("do not lock out the real client after 30 wrong secrets with its client id, on both endpoints", async () => {
    const { clientId, clientSecret } = fx.emu.bootstrap;
    for (let i = 0; i < 30; i++)
      await fx.emu.app.inject(form({ client_id: clientId, client_secret: "wrong" }));
    expect(
      (await fx.emu.app.inject(form({ client_id: clientId, client_secret: clientSecret }))).statusCode,
    ).toBe(200);
    const legacy = await call(fx.emu, undefined, "POST", "/get-auth-token", { clientId, clientSecret });
    expect(legacy.statusCode).toBe(200);
    // The guesser, not the victim, is limited.
    expect((await fx.emu.app.inject(form({ client_id: clientId, client_secret: "wrong" }))).statusCode).toBe(
      429,
    );
  });
});

describe("the request log", () => {
  const fx = useFixture(() => emulatorFixture());

  it(`keeps at most ${MAX_LOGGED_PATH_CHARS} characters of a path, saying how many it left out`, async () => {
    const path = `/v2/no-such-route/${"a".repeat(12_000)}`;
    await call(fx.emu, fx.token, "GET", path);
    const entry = fx.emu.admin.requests().at(-1);
    expect(entry?.path.startsWith(path.slice(0, MAX_LOGGED_PATH_CHARS))).toBe(true);
    expect(entry?.path).toMatch(new RegExp(`…\\(${path.length - MAX_LOGGED_PATH_CHARS} more characters\\)$`));
  });
});

describe("temporary state files", () => {
  it("left by killed processes are removed at start; a running process's own stays (the parent process stands in for one)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "emulator-tmp-"));
    try {
      const stateFile = join(dir, "state.json");
      // pid 2^22+1 is above Linux's pid_max, so no process has it.
      for (const name of [
        "state.json.4194305.tmp",
        "state.json.4194306.tmp",
        `state.json.${process.ppid}.tmp`,
        "other.json.4194305.tmp",
      ])
        writeFileSync(join(dir, name), "{}");
      const emulator = createEmulator({ stateFile, logErrors: false });
      await emulator.app.ready();
      await emulator.close();
      expect(readdirSync(dir).sort()).toEqual([
        "other.json.4194305.tmp",
        "state.json",
        `state.json.${process.ppid}.tmp`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
