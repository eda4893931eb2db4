import { createServer } from "node:net";
import { inspect } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError, clearSharedTokens, createLineLogger, isTravelError, TravelClient } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { clientFor, counts, liveEmulator, RecordingAgent } from "./harness";

const COMPANY = { name: "Acme", billingCurrency: "USD", companyRoles: ["ORG"] };

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("client errors", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await liveEmulator();
  });
  afterAll(() => emu.close());
  beforeEach(() => {
    emu.admin.clearFaults();
    clearSharedTokens();
  });

  it("raises a typed, actionable ApiError", async () => {
    const client = clientFor(emu);
    const error = await caught(client.get("/v2/companies/00000000-0000-4000-8000-000000000000"));
    await client.close();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: "not_found",
      status: 404,
      code: "COMPANY_NOT_FOUND",
      method: "GET",
      attempts: 1,
      debugIdentifier: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect((error as ApiError).message).toMatch(
      /GET http:\/\/127\.0\.0\.1:\d+\/v2\/companies\/0+-.*404 COMPANY_NOT_FOUND/,
    );
  });

  it("reports validation errors with the field names", async () => {
    const client = clientFor(emu);
    const error = await caught(
      client.post("/v2/companies", { body: { ...COMPANY, billingCurrency: "dollars" } }),
    );
    await client.close();
    expect(isTravelError(error, "bad_request")).toBe(true);
    expect((error as ApiError).message).toContain("billingCurrency");
  });

  it("does not retry a create on 503, but does on 429", async () => {
    const client = clientFor(emu);
    await client.get("/v2/companies");
    emu.admin.addFault({ path: "/v2/companies", methods: ["POST"], rate503: 1, times: 1 });
    let before = emu.admin.lastRequestSeq;
    expect(await caught(client.post("/v2/companies", { body: COMPANY }))).toMatchObject({
      kind: "server_error",
      status: 503,
      attempts: 1,
    });
    expect(counts(emu, before)).toEqual({ "POST /v2/companies": 1 });

    emu.admin.addFault({
      path: "/v2/companies",
      methods: ["POST"],
      rate429: 1,
      retryAfterSeconds: 0,
      times: 1,
    });
    before = emu.admin.lastRequestSeq;
    await expect(client.post("/v2/companies", { body: COMPANY })).resolves.toEqual({
      id: expect.any(String),
    });
    expect(counts(emu, before)).toEqual({ "POST /v2/companies": 2 });
    await client.close();
  });

  it("retries a POST marked idempotent", async () => {
    const client = clientFor(emu);
    await client.get("/v2/companies");
    emu.admin.addFault({ path: "/v2/api-users/rotate", rate503: 1, retryAfterSeconds: 0, times: 2 });
    const created = await client.post<{ clientId: string }>("/v2/api-users", { body: {} });
    const rotated = await client.post<{ clientSecret: string }>("/v2/api-users/rotate", {
      body: { clientId: created.clientId },
      idempotent: true,
    });
    expect(rotated.clientSecret).toMatch(/^[a-z0-9]{40}$/);
    await client.post("/v2/api-users/revoke", { body: { clientId: created.clientId } });
    await client.close();
  });

  it("waits as long as Retry-After asks", async () => {
    const lines: string[] = [];
    const client = clientFor(emu, { logger: createLineLogger((line) => lines.push(line)) });
    emu.admin.addFault({
      path: "/v2/companies",
      methods: ["GET"],
      rate429: 1,
      retryAfterSeconds: 1,
      times: 1,
    });
    await client.get("/v2/companies");
    await client.close();
    expect(lines.find((line) => line.includes("status=429"))).toMatch(/retry in 1000 ms/);
  });

  it("gives up with the server's Retry-After when it exceeds the cap", async () => {
    const client = clientFor(emu, { retry: { maxRetryAfterMs: 2000 } });
    emu.admin.addFault({
      path: "/v2/companies",
      methods: ["GET"],
      rate429: 1,
      retryAfterSeconds: 30,
      times: 1,
    });
    expect(await caught(client.get("/v2/companies"))).toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 30_000,
    });
    await client.close();
  });

  it("gives up after maxRetries with the attempt count", async () => {
    const client = clientFor(emu, { maxRetries: 2 });
    emu.admin.addFault({ path: "/v2/companies", methods: ["GET"], rate503: 1, retryAfterSeconds: 0 });
    expect(await caught(client.get("/v2/companies"))).toMatchObject({ kind: "server_error", attempts: 3 });
    await client.close();
  });

  it("stops at the overall deadline", async () => {
    const client = clientFor(emu, { deadlineMs: 300 });
    await client.get("/v2/companies");
    emu.admin.addFault({ path: "/v2/companies", latencyMs: 5000 });
    expect(await caught(client.get("/v2/companies"))).toMatchObject({ kind: "timeout", phase: "deadline" });
    await client.close();
  });

  // undici's timeouts tick coarsely (hundreds of milliseconds) and a loaded machine delays them
  // further, so the injected latency is far above the limits being tested.
  it("stops at the headers timeout", async () => {
    const client = clientFor(emu, { headersTimeoutMs: 100, maxRetries: 1 });
    await client.get("/v2/companies");
    emu.admin.addFault({ path: "/v2/companies", latencyMs: 5000 });
    expect(await caught(client.get("/v2/companies"))).toMatchObject({
      kind: "timeout",
      phase: "headers",
      attempts: 2,
    });
    await client.close();
  });

  it("raises a ConnectionError when nothing listens", async () => {
    const port = await freePort();
    const client = new TravelClient({
      baseUrl: `http://127.0.0.1:${port}`,
      accessToken: "static-token-value",
      maxRetries: 2,
      retry: { baseDelayMs: 5 },
    });
    expect(await caught(client.get("/v2/companies"))).toMatchObject({
      kind: "connection",
      causeCode: "ECONNREFUSED",
      attempts: 3,
    });
    await client.close();
  });

  it("passes a static access token's 401 to the caller", async () => {
    const client = new TravelClient({ baseUrl: emu.url, accessToken: "emu.not-a-real-token" });
    expect(await caught(client.get("/v2/companies"))).toMatchObject({
      kind: "unauthorized",
      code: "INVALID_TOKEN",
    });
    await client.close();
  });

  it("keeps every secret out of debug output and errors during a failing run", async () => {
    const lines: string[] = [];
    const agent = new RecordingAgent();
    const logger = createLineLogger((line) => lines.push(line));
    const errors: unknown[] = [];
    const good = clientFor(emu, { logger, dispatcher: agent });
    await good.get("/v2/companies");
    const created = await good.post<{ clientId: string; clientSecret: string }>("/v2/api-users", {
      body: {},
    });
    emu.admin.addFault({ path: "/v2/companies/*", rate503: 1, retryAfterSeconds: 0 });
    errors.push(await caught(good.get("/v2/companies/x")));
    emu.admin.clearFaults();
    errors.push(
      await caught(
        good.post("/v2/companies", { body: { name: emu.bootstrap.clientSecret, billingCurrency: "x" } }),
      ),
    );
    const wrong = clientFor(emu, {
      logger,
      dispatcher: agent,
      credentials: { clientId: created.clientId, clientSecret: `${created.clientSecret}x` },
    });
    errors.push(await caught(wrong.get("/v2/companies")));
    await good.post("/v2/api-users/revoke", { body: { clientId: created.clientId } });
    await Promise.all([good.close(), wrong.close()]);
    await agent.close();

    const tokens = agent.authorizations.map((header) => header.replace(/^Bearer /, ""));
    expect(tokens.length).toBeGreaterThan(0);
    const secrets = [emu.bootstrap.clientSecret, created.clientSecret, `${created.clientSecret}x`, ...tokens];
    const output = [
      ...lines,
      ...errors.flatMap((error) => [String(error), inspect(error, { depth: 5 }), JSON.stringify(error)]),
    ].join("\n");
    expect(lines.length).toBeGreaterThan(5);
    expect(output).toContain("status=503");
    for (const secret of secrets) expect(output).not.toContain(secret);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
