import { describe, expect, it } from "vitest";
import {
  type AttemptOutcome,
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  decideRetry,
  parseRetryAfter,
  type RetryInput,
} from "../../src/client/retry";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const policy = {
  maxRetries: 3,
  baseDelayMs: 100,
  maxDelayMs: 1000,
  maxRetryAfterMs: 5000,
  maxThrottledRetries: 6,
};

function input(outcome: AttemptOutcome, overrides: Partial<RetryInput> = {}): RetryInput {
  return {
    outcome,
    attempt: 1,
    idempotent: true,
    policy,
    remainingMs: 60_000,
    nowMs: NOW,
    random: 0.5,
    ...overrides,
  };
}

describe("parseRetryAfter", () => {
  it.each([
    ["delta seconds", "3", 3000],
    ["fractional seconds", "1.5", 1500],
    ["zero", "0", 0],
    ["padded", " 2 ", 2000],
    ["HTTP date in the future", new Date(NOW + 7000).toUTCString(), 7000],
    ["HTTP date in the past", new Date(NOW - 7000).toUTCString(), 0],
    ["absent", undefined, undefined],
    ["empty", "", undefined],
    ["garbage", "soon", undefined],
    ["negative", "-1", undefined],
  ])("%s", (_name, header, expected) => {
    expect(parseRetryAfter(header, NOW)).toBe(expected);
  });

  it("measures an HTTP date from the answer's Date header, not the client's clock", () => {
    // A server an hour ahead asks for two seconds.
    const serverNow = NOW + 3_600_000;
    const retryAt = new Date(serverNow + 2000).toUTCString();
    expect(parseRetryAfter(retryAt, NOW, new Date(serverNow).toUTCString())).toBe(2000);
    expect(parseRetryAfter(retryAt, NOW, "not a date")).toBe(3_602_000);
    expect(parseRetryAfter("5", NOW, new Date(serverNow).toUTCString())).toBe(5000);
  });
});

describe("backoffDelay", () => {
  it.each([
    [1, 0, 50],
    [1, 0.999, 100],
    [2, 0, 50],
    [2, 1, 200],
    [3, 1, 400],
    [10, 1, 1000],
    [10, 0, 50],
  ])("attempt %i with random %f waits %i ms", (attempt, random, expected) => {
    expect(backoffDelay(attempt, policy, random)).toBe(expected);
  });

  it("never exceeds the cap", () => {
    for (let attempt = 1; attempt < 40; attempt++) {
      expect(backoffDelay(attempt, DEFAULT_RETRY_POLICY, 0.99999)).toBeLessThanOrEqual(
        DEFAULT_RETRY_POLICY.maxDelayMs,
      );
    }
  });
});

describe("decideRetry", () => {
  it.each<[string, AttemptOutcome, Partial<RetryInput>, boolean]>([
    ["429 on GET", { type: "status", status: 429 }, {}, true],
    [
      "429 on a non-idempotent POST (never processed)",
      { type: "status", status: 429 },
      { idempotent: false },
      true,
    ],
    ["502 on GET", { type: "status", status: 502 }, {}, true],
    ["503 on GET", { type: "status", status: 503 }, {}, true],
    ["504 on GET", { type: "status", status: 504 }, {}, true],
    ["503 on a non-idempotent POST", { type: "status", status: 503 }, { idempotent: false }, false],
    ["500 is not retried", { type: "status", status: 500 }, {}, false],
    ["400 is not retried", { type: "status", status: 400 }, {}, false],
    ["404 is not retried", { type: "status", status: 404 }, {}, false],
    ["409 is not retried", { type: "status", status: 409 }, {}, false],
    ["connection reset on GET", { type: "connection", code: "ECONNRESET" }, {}, true],
    ["connection reset on POST", { type: "connection", code: "ECONNRESET" }, { idempotent: false }, false],
    ["connection refused on POST", { type: "connection", code: "ECONNREFUSED" }, { idempotent: false }, true],
    ["connect timeout on POST", { type: "timeout", phase: "connect" }, { idempotent: false }, true],
    ["headers timeout on GET", { type: "timeout", phase: "headers" }, {}, true],
    ["headers timeout on POST", { type: "timeout", phase: "headers" }, { idempotent: false }, false],
    ["deadline is final", { type: "timeout", phase: "deadline" }, {}, false],
    ["after the last retry", { type: "status", status: 503 }, { attempt: 4 }, false],
    ["at the last retry", { type: "status", status: 503 }, { attempt: 3 }, true],
    ["no time left", { type: "status", status: 503 }, { remainingMs: 10 }, false],
    [
      "a 429 past maxRetries, within maxThrottledRetries",
      { type: "status", status: 429 },
      { attempt: 7, throttled: 6 },
      true,
    ],
    ["a 429 past maxThrottledRetries", { type: "status", status: 429 }, { attempt: 7, throttled: 7 }, false],
    [
      "a 503 after many 429s, its own failures within maxRetries",
      { type: "status", status: 503 },
      { attempt: 9, throttled: 6 },
      true,
    ],
    [
      "a 503 after 429s, past maxRetries of its own",
      { type: "status", status: 503 },
      { attempt: 10, throttled: 6 },
      false,
    ],
    [
      "no retry at all when maxRetries is 0",
      { type: "status", status: 429 },
      { policy: { ...policy, maxRetries: 0 }, throttled: 1 },
      false,
    ],
    ["Retry-After over the cap", { type: "status", status: 429, retryAfter: "60" }, {}, false],
    [
      "Retry-After past the deadline",
      { type: "status", status: 429, retryAfter: "4" },
      { remainingMs: 3000 },
      false,
    ],
  ])("%s", (_name, outcome, overrides, retry) => {
    expect(decideRetry(input(outcome, overrides)).retry).toBe(retry);
  });

  it("waits at least as long as Retry-After asks", () => {
    const decision = decideRetry(input({ type: "status", status: 429, retryAfter: "2" }));
    expect(decision).toMatchObject({ retry: true, delayMs: 2000 });
  });

  it("honours an HTTP-date Retry-After", () => {
    const decision = decideRetry(
      input({ type: "status", status: 503, retryAfter: new Date(NOW + 3000).toUTCString() }),
    );
    expect(decision).toMatchObject({ retry: true, delayMs: 3000 });
  });

  it("uses the backoff when there is no Retry-After", () => {
    const decision = decideRetry(input({ type: "status", status: 503 }, { attempt: 2, random: 1 }));
    expect(decision).toMatchObject({ retry: true, delayMs: 200 });
  });

  it("reports the server's Retry-After when it gives up", () => {
    const decision = decideRetry(input({ type: "status", status: 429, retryAfter: "30" }));
    expect(decision).toMatchObject({ retry: false, retryAfterMs: 30_000 });
  });
});
