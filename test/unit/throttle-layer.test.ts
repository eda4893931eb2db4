import { describe, expect, it } from "vitest";
import { ConnectionError, TimeoutError } from "../../src/client/errors";
import type { Exchange } from "../../src/client/exchange";
import type { HttpResponse } from "../../src/client/http";
import { RateLimiter } from "../../src/client/rate-limiter";
import { outcomeOf, throttleLayer } from "../../src/client/throttle-layer";
import { exchangeOf, fixedDeadline, platformError, reply, scriptedSend, TARGET } from "./layer-fakes";

/** One request at a time, no rate limit. */
const oneAtATime = () => new RateLimiter({ requestsPerSecond: 0, maxConcurrency: 1 });

/** A Send that holds each exchange until the test answers it. */
function heldSend() {
  const pending: ((response: HttpResponse) => void)[] = [];
  const send = (_exchange: Exchange) => new Promise<HttpResponse>((resolve) => pending.push(resolve));
  return { send, pending };
}

/** Lets queued promise callbacks and zero-delay timers run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("throttleLayer", () => {
  it("holds a slot while the exchange is in flight and releases it after", async () => {
    const limiter = oneAtATime();
    const held = heldSend();
    const call = throttleLayer(limiter)(held.send)(exchangeOf());
    await settle();
    expect(limiter.active).toBe(1);
    held.pending[0]?.(reply(200));
    await expect(call).resolves.toMatchObject({ status: 200 });
    expect(limiter.active).toBe(0);
  });

  it("releases the slot when the exchange fails, so the next one runs", async () => {
    const limiter = oneAtATime();
    const send = scriptedSend(new ConnectionError(TARGET, "socket hang up", "ECONNRESET"), reply(200));
    const layer = throttleLayer(limiter)(send);
    await expect(layer(exchangeOf())).rejects.toBeInstanceOf(ConnectionError);
    expect(limiter.active).toBe(0);
    await expect(layer(exchangeOf())).resolves.toMatchObject({ status: 200 });
    expect(limiter.active).toBe(0);
  });

  it("times out against the deadline while waiting for a slot, and never sends", async () => {
    const limiter = oneAtATime();
    const held = heldSend();
    const layer = throttleLayer(limiter)(held.send);
    const first = layer(exchangeOf());
    await settle();
    const late = exchangeOf({ deadline: fixedDeadline(0, 250), attempt: 2 });
    const error: unknown = await layer(late).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ phase: "deadline", attempts: 2 });
    expect((error as TimeoutError).message).toContain("deadline limit 250 ms");
    expect(held.pending).toHaveLength(1);

    // The slot the timed-out waiter was granted later goes back to the limiter.
    held.pending[0]?.(reply(200));
    await first;
    await settle();
    expect(limiter.active).toBe(0);
  });
});

describe("throttle feedback: what slows the client down", () => {
  const unavailable = { throttled: false, unavailable: true };
  it.each([
    { why: "a success", status: 200, body: {}, headers: {}, outcome: { throttled: false } },
    {
      why: "a client error",
      status: 404,
      body: platformError("NOT_FOUND", "no"),
      headers: {},
      outcome: { throttled: false },
    },
    {
      why: "a 429 (pace signal)",
      status: 429,
      body: platformError("RATE_LIMIT_EXCEEDED", "slow"),
      headers: { "retry-after": "3" },
      outcome: { throttled: true, retryAfterMs: 3000 },
    },
    {
      why: "a 429 without a body or Retry-After",
      status: 429,
      body: "",
      headers: {},
      outcome: { throttled: true, retryAfterMs: undefined },
    },
    {
      why: "a 503 with a throttling code (pace signal)",
      status: 503,
      body: platformError("RATE_LIMIT_EXCEEDED", "slow"),
      headers: { "retry-after": "2" },
      outcome: { throttled: true, retryAfterMs: 2000 },
    },
    {
      why: "an AWS-style SlowDown 503",
      status: 503,
      body: { code: "SlowDown" },
      headers: {},
      outcome: { throttled: true, retryAfterMs: undefined },
    },
    {
      why: "a plain 503 (server unavailable), even with Retry-After",
      status: 503,
      body: platformError("SERVICE_UNAVAILABLE", "down"),
      headers: { "retry-after": "1" },
      outcome: unavailable,
    },
    { why: "a 503 from a proxy, not JSON", status: 503, body: "<html>", headers: {}, outcome: unavailable },
    {
      why: "a 500",
      status: 500,
      body: platformError("INTERNAL_ERROR", "oops"),
      headers: {},
      outcome: unavailable,
    },
    { why: "a 502", status: 502, body: "", headers: {}, outcome: unavailable },
    // A cooldown of one operation (the tenant key's hour) is not the client's pace.
    {
      why: "a 429 asking for more than the pause cap",
      status: 429,
      body: {},
      headers: { "retry-after": "3600" },
      outcome: { throttled: false },
    },
  ])("$why → $outcome", ({ status, body, headers, outcome }) => {
    const response = typeof body === "string" ? { status, headers, body } : reply(status, body, headers);
    expect(outcomeOf(response, 60_000)).toEqual(outcome);
  });

  it("a plain 503 does not slow the next requests down; a throttling 503 does", async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 0, maxConcurrency: 8 });
    const unavailable = reply(503, platformError("SERVICE_UNAVAILABLE", "down"), { "retry-after": "1" });
    await throttleLayer(limiter)(scriptedSend(unavailable))(exchangeOf());
    expect(limiter.state).toMatchObject({ concurrency: 8, rate: Infinity, pausedUntil: -Infinity });
    const throttled = reply(503, platformError("RATE_LIMIT_EXCEEDED", "slow"), { "retry-after": "0" });
    await throttleLayer(limiter)(scriptedSend(throttled))(exchangeOf());
    expect(limiter.state.concurrency).toBeLessThan(8);
    expect(limiter.state.rate).toBeLessThan(Infinity);
  });
});
