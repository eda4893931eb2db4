import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmulator } from "../../src/emulator";
import { emulatorFixture, useFixture } from "./fixtures";
import { adminToken, call, createCompany } from "./helpers";

describe("emulator admin API", () => {
  const fx = useFixture(emulatorFixture);

  const admin = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown) =>
    fx.emu.app.inject({
      method,
      url: `/_emulator${url}`,
      ...(body !== undefined ? { payload: body as object } : {}),
    });

  it("reports health and the bootstrap credentials", async () => {
    expect((await admin("GET", "/health")).json()).toEqual({ ok: true });
    expect((await admin("GET", "/bootstrap")).json()).toEqual(fx.emu.bootstrap);
  });

  it("logs platform calls by route, but not admin calls", async () => {
    const before = (await admin("GET", "/requests/counts")).json<{ lastSeq: number }>();
    await createCompany(fx.emu, fx.token);
    await call(fx.emu, fx.token, "GET", "/v2/companies");
    await call(fx.emu, fx.token, "GET", "/v2/companies");
    const counts = (await admin("GET", `/requests/counts?after=${before.lastSeq}`)).json();
    expect(counts).toMatchObject({ counts: { "POST /v2/companies": 1, "GET /v2/companies": 2 }, total: 3 });
    const entries = (await admin("GET", `/requests?after=${before.lastSeq}`)).json<{
      entries: { status: number; clientId: string }[];
    }>().entries;
    expect(entries.map((e) => e.status)).toEqual([201, 200, 200]);
    expect(entries.every((e) => e.clientId === fx.emu.bootstrap.clientId)).toBe(true);
    expect((await admin("DELETE", "/requests")).statusCode).toBe(204);
    expect((await admin("GET", "/requests")).json()).toMatchObject({ entries: [] });
  });

  it("snapshots, resets and loads state", async () => {
    const id = await createCompany(fx.emu, fx.token);
    const snapshot = (await admin("GET", "/state")).json();
    expect((await admin("POST", "/reset")).statusCode).toBe(204);
    const fresh = await adminToken(fx.emu);
    expect((await call(fx.emu, fresh, "GET", `/v2/companies/${id}`)).statusCode).toBe(404);
    expect((await admin("PUT", "/state", snapshot)).statusCode).toBe(204);
    // Tokens are state too: the token issued after the snapshot is unknown once it is loaded.
    expect((await call(fx.emu, fresh, "GET", `/v2/companies/${id}`)).statusCode).toBe(401);
    expect((await call(fx.emu, fx.token, "GET", `/v2/companies/${id}`)).statusCode).toBe(200);
    expect((await admin("PUT", "/state", { version: 2 })).statusCode).toBe(400);
  });

  it("moves, freezes and resets the clock", async () => {
    const start = (await admin("GET", "/clock")).json<{ nowMs: number }>();
    const moved = (await admin("POST", "/clock", { advanceSeconds: 3600, freeze: true })).json<{
      nowMs: number;
      frozen: boolean;
    }>();
    expect(moved.frozen).toBe(true);
    expect(moved.nowMs - start.nowMs).toBeGreaterThanOrEqual(3_600_000);
    expect((await call(fx.emu, fx.token, "GET", "/v2/companies")).statusCode).toBe(401);
    expect((await admin("POST", "/clock", { setIso: "2030-01-01T00:00:00Z" })).json()).toMatchObject({
      nowIso: "2030-01-01T00:00:00.000Z",
    });
    expect((await admin("POST", "/clock", { reset: true })).json()).toMatchObject({
      frozen: false,
      offsetMs: 0,
    });
    expect((await admin("POST", "/clock", { advance: 1 })).statusCode).toBe(400);
  });

  it("installs, lists and removes faults", async () => {
    const created = await admin("POST", "/faults", {
      path: "/v2/companies",
      rate503: 1,
      retryAfterSeconds: 2,
      times: 1,
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    const faulted = await call(fx.emu, fx.token, "GET", "/v2/companies");
    expect(faulted.statusCode).toBe(503);
    expect(faulted.headers["retry-after"]).toBe("2");
    expect((await call(fx.emu, fx.token, "GET", "/v2/companies")).statusCode).toBe(200);
    expect((await admin("GET", "/faults")).json()).toMatchObject({ faults: [{ id, fired: 1 }] });
    expect((await admin("DELETE", `/faults/${id}`)).statusCode).toBe(204);
    expect((await admin("DELETE", `/faults/${id}`)).statusCode).toBe(404);
    expect((await admin("POST", "/faults", { rate429: 2 })).statusCode).toBe(400);
    expect((await admin("POST", "/faults", { bogus: true })).statusCode).toBe(400);
  });

  it("states an injected Retry-After as an HTTP date after a Date skewed from the emulator's clock", async () => {
    const added = await admin("POST", "/faults", {
      path: "/v2/companies",
      rate429: 1,
      retryAfterSeconds: 2,
      retryAfterFormat: "http-date",
      dateSkewSeconds: 3600,
      times: 1,
    });
    expect(added.statusCode).toBe(201);
    const nowMs = fx.emu.admin.clock.now();
    const faulted = await call(fx.emu, fx.token, "GET", "/v2/companies");
    expect(faulted.statusCode).toBe(429);
    const date = Date.parse(String(faulted.headers.date));
    expect(Math.abs(date - (nowMs + 3_600_000))).toBeLessThan(2_000);
    expect(Date.parse(String(faulted.headers["retry-after"])) - date).toBe(2_000);
    expect(String(faulted.headers["retry-after"])).toMatch(
      /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} [\d:]{8} GMT$/,
    );
    expect((await admin("POST", "/faults", { dateSkewSeconds: 31 * 24 * 3600 })).statusCode).toBe(400);
    expect((await admin("POST", "/faults", { retryAfterFormat: "minutes" })).statusCode).toBe(400);
  });

  it("changes settings with validation", async () => {
    expect((await admin("PATCH", "/settings", { apiUserQuota: 1 })).json()).toMatchObject({
      apiUserQuota: 1,
    });
    expect((await call(fx.emu, fx.token, "POST", "/v2/api-users", {})).statusCode).toBe(409);
    expect((await admin("PATCH", "/settings", { apiUserQuota: -1 })).statusCode).toBe(400);
  });

  it("creates extra tenants", async () => {
    const other = (await admin("POST", "/tmcs", { name: "Other TMC" })).json<{
      tmcId: string;
      clientId: string;
    }>();
    expect(other.tmcId).not.toBe(fx.emu.bootstrap.tmcId);
    const companyId = await createCompany(fx.emu, fx.token);
    expect((await admin("POST", "/company-admins", { companyId })).statusCode).toBe(201);
    expect((await admin("POST", "/company-admins", { companyId: "missing" })).statusCode).toBe(400);
  });
});

describe("state file persistence", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "emulator-state-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("writes atomically and reloads everything, credentials included", async () => {
    const stateFile = join(dir, "nested", "state.json");
    const first = createEmulator({ stateFile, logErrors: false });
    await first.app.ready();
    const token = await adminToken(first);
    const id = await createCompany(first, token);
    await first.close();
    expect(existsSync(stateFile)).toBe(true);
    expect(readdirTmp(dir)).toEqual([]);
    const text = readFileSync(stateFile, "utf8");
    expect(text).not.toContain(token);

    const second = createEmulator({ stateFile, logErrors: false });
    await second.app.ready();
    expect(second.bootstrap).toEqual(first.bootstrap);
    expect((await call(second, token, "GET", `/v2/companies/${id}`)).statusCode).toBe(200);
    await second.close();
  });

  it("refuses a corrupt state file with its path in the message", () => {
    const stateFile = join(dir, "state.json");
    require("node:fs").writeFileSync(stateFile, "{not json");
    expect(() => createEmulator({ stateFile })).toThrow(stateFile);
  });
});

function readdirTmp(dir: string): string[] {
  return (require("node:fs").readdirSync(dir, { recursive: true }) as string[]).filter((f) =>
    f.endsWith(".tmp"),
  );
}
