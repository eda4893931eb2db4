import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiPath, clearSharedTokens, collect, paginate } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { clientFor, counts, liveEmulator, RecordingAgent } from "./harness";

const TOKEN = "POST /v2/auth/oauth2-token";

describe("the client against a faulty emulator", () => {
  let emu: RunningEmulator;
  let companyIds: string[];

  beforeAll(async () => {
    emu = await liveEmulator();
    const setup = clientFor(emu);
    companyIds = [];
    for (let i = 0; i < 10; i++) {
      const { id } = await setup.post<{ id: string }>("/v2/companies", {
        body: { name: `Co ${i}`, billingCurrency: "USD", companyRoles: ["ORG"] },
      });
      companyIds.push(id);
    }
    await setup.close();
  });
  afterAll(() => emu.close());
  beforeEach(() => clearSharedTokens());
  afterEach(() => emu.admin.clearFaults());

  it("completes 200 idempotent calls through 30% 429/503 and dropped connections, with one token", async () => {
    emu.admin.addFault({
      path: "/v2/companies/*",
      rate429: 0.15,
      rate503: 0.15,
      dropRate: 0.05,
      retryAfterSeconds: 0,
    });
    const client = clientFor(emu, { maxRetries: 12 });
    const before = emu.admin.lastRequestSeq;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        client.get<{ id: { id: string } }>(apiPath`/v2/companies/${companyIds[i % 10] ?? ""}`),
      ),
    );
    await client.close();
    expect(results.map((r) => r.id.id)).toEqual(Array.from({ length: 200 }, (_, i) => companyIds[i % 10]));
    const log = emu.admin.requests(before);
    const faulted = log.filter((entry) => entry.fault !== undefined);
    expect(faulted.filter((entry) => entry.status === 429).length).toBeGreaterThan(10);
    expect(faulted.filter((entry) => entry.status === 503).length).toBeGreaterThan(10);
    expect(faulted.filter((entry) => entry.status === 0).length).toBeGreaterThan(0);
    expect(log.filter((entry) => entry.status === 200 && entry.route !== TOKEN)).toHaveLength(200);
    expect(counts(emu, before)[TOKEN]).toBe(1);
  });

  it("shares one token among 200 concurrent calls and among clients of the same API user", async () => {
    const before = emu.admin.lastRequestSeq;
    const first = clientFor(emu);
    const second = clientFor(emu);
    await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? first : second).get("/v2/companies")));
    await Promise.all([first.close(), second.close()]);
    expect(counts(emu, before)).toEqual({ [TOKEN]: 1, "GET /v2/companies": 200 });
  });

  it("never starts more requests per second than configured", async () => {
    const agent = new RecordingAgent();
    const rps = 20;
    const client = clientFor(emu, { requestsPerSecond: rps, dispatcher: agent });
    const before = emu.admin.lastRequestSeq;
    await Promise.all(Array.from({ length: 3 * rps + 5 }, () => client.get("/v2/companies")));
    await client.close();
    await agent.close();
    const starts = [...agent.dispatchedAt].sort((a, b) => a - b);
    expect(starts.length).toBe(3 * rps + 6);
    for (let i = 0; i + rps < starts.length; i++) {
      expect((starts[i + rps] ?? 0) - (starts[i] ?? 0)).toBeGreaterThanOrEqual(1000);
    }
    // Starts are spaced 1/rps apart when granted; between the grant and the dispatcher a loaded
    // event loop adds a few milliseconds of jitter, so the check allows half the spacing (a
    // limiter that let requests burst would dispatch them under a millisecond apart).
    for (let i = 1; i < starts.length; i++) {
      expect((starts[i] ?? 0) - (starts[i - 1] ?? 0)).toBeGreaterThanOrEqual(1000 / rps / 2);
    }
    // Arrival times at the server also carry the scheduling jitter of a loaded machine, so the
    // per-window figure at the server is reported by `npm run bench`; here only the span.
    const arrivals = emu.admin.requests(before).map((entry) => entry.atMs);
    expect((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(3000);
  });

  it("caps requests in flight", async () => {
    emu.admin.addFault({ path: "/v2/companies", latencyMs: 20 });
    const client = clientFor(emu, { maxConcurrency: 3 });
    await client.get("/v2/companies");
    const before = emu.admin.lastRequestSeq;
    await Promise.all(Array.from({ length: 30 }, () => client.get("/v2/companies")));
    await client.close();
    // Each logged request occupied about [atMs, atMs + durationMs] at the server (whole
    // milliseconds, so 1 ms is shaved off each end to absorb rounding); count the overlap.
    const edges = emu.admin
      .requests(before)
      .flatMap((entry) => [
        [entry.atMs, 1],
        [entry.atMs + entry.durationMs - 1, -1],
      ])
      .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0));
    let inFlight = 0;
    let peak = 0;
    for (const [, delta] of edges) {
      inFlight += delta ?? 0;
      peak = Math.max(peak, inFlight);
    }
    expect(peak).toBeLessThanOrEqual(3);
    expect(peak).toBeGreaterThanOrEqual(2);
  });

  it("renews the token once when the server refuses it", async () => {
    const client = clientFor(emu);
    await client.get("/v2/companies");
    emu.admin.clock.advance(3601 * 1000);
    const before = emu.admin.lastRequestSeq;
    await client.get("/v2/companies");
    await client.close();
    emu.admin.clock.reset();
    const log = emu.admin.requests(before).map((entry) => `${entry.route} ${entry.status}`);
    expect(log).toEqual(["GET /v2/companies 401", `${TOKEN} 200`, "GET /v2/companies 200"]);
  });

  it("pages through a listing", async () => {
    const client = clientFor(emu);
    const all = await collect(
      paginate(
        async ({ offset, limit }) => {
          const page = await client.get<{ elements: { id: string }[]; totalNumResults: number }>(
            "/v2/companies",
            { query: { offset, limit } },
          );
          return { items: page.elements, total: page.totalNumResults };
        },
        { pageSize: 3 },
      ),
    );
    await client.close();
    expect(all.map((c) => c.id)).toEqual(expect.arrayContaining(companyIds));
    expect(all).toHaveLength(companyIds.length + 1);
  });

  it("asks again where a success was cut short and repeating is harmless: a read, a token request", async () => {
    emu.admin.addFault({ path: "/v2/companies/*", methods: ["GET"], afterHandling: "cut", times: 1 });
    emu.admin.addFault({ path: "/v2/auth/oauth2-token", methods: ["POST"], afterHandling: "cut", times: 1 });
    const client = clientFor(emu);
    const before = emu.admin.lastRequestSeq;
    const company = await client.get<{ name: string }>(apiPath`/v2/companies/${companyIds[0] ?? ""}`);
    await client.close();
    expect(company.name).toBe("Co 0");
    const log = emu.admin.requests(before).map((entry) => `${entry.route} ${entry.status}`);
    expect(log).toEqual([
      `${TOKEN} 200`,
      `${TOKEN} 200`,
      "GET /v2/companies/:companyId 200",
      "GET /v2/companies/:companyId 200",
    ]);
  });

  it("says a create cut short took effect, and does not send it again", async () => {
    emu.admin.addFault({ path: "/v2/companies", methods: ["POST"], afterHandling: "cut", times: 1 });
    const client = clientFor(emu);
    const before = emu.admin.lastRequestSeq;
    const error = await client
      .post("/v2/companies", { body: { name: "Cut Co", billingCurrency: "USD", companyRoles: ["ORG"] } })
      .catch((e: unknown) => e);
    await client.close();
    expect(error).toMatchObject({ kind: "invalid_response", status: 201 });
    expect((error as Error).message).toMatch(/cut short or not JSON.*took effect/);
    const posts = emu.admin.requests(before).filter((entry) => entry.route === "POST /v2/companies");
    expect(posts).toHaveLength(1);
  });
});
