import { describe, expect, it } from "vitest";
import {
  type AttemptOutcome,
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  decideRetry,
  parseRetryAfter,
  type RetryInput,
} from "../../src/client/retry";
import { type HttpMethod, isIdempotent } from "../../src/client/request";

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
    ["500 on GET", { type: "status", status: 500 }, {}, true],
    ["500 on a non-idempotent POST", { type: "status", status: 500 }, { idempotent: false }, false],
    ["501 is not retried", { type: "status", status: 501 }, {}, false],
    ["505 is not retried", { type: "status", status: 505 }, {}, false],
    ["599 on GET", { type: "status", status: 599 }, {}, true],
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

/**
 * The policy of docs/reliability.md ("Which requests are repeated"), one row per sentence, held
 * through what the client decides for a request: its method and declared idempotence
 * ({@link isIdempotent}) into {@link decideRetry}.
 */
describe("which requests are repeated (docs/reliability.md)", () => {
  const unavailableAfter = { type: "status", status: 503, retryAfter: "1" } as const;
  const lost = { type: "connection", code: "ECONNRESET" } as const;
  type Declared = boolean | undefined;
  const rows: [string, HttpMethod, Declared, AttemptOutcome, boolean][] = [
    // Safe requests: GET, and PUT/PATCH/DELETE whose body sets an absolute state.
    ["GET answered 500", "GET", undefined, { type: "status", status: 500 }, true],
    ["GET answered 502", "GET", undefined, { type: "status", status: 502 }, true],
    ["GET, the connection lost before an answer", "GET", undefined, lost, true],
    [
      "GET, no answer within the headers timeout",
      "GET",
      undefined,
      { type: "timeout", phase: "headers" },
      true,
    ],
    ["PUT answered 500", "PUT", undefined, { type: "status", status: 500 }, true],
    [
      "PATCH (option group, update-status) answered 500",
      "PATCH",
      undefined,
      { type: "status", status: 500 },
      true,
    ],
    ["PATCH, the connection lost before an answer", "PATCH", undefined, lost, true],
    ["PATCH answered 503 with Retry-After", "PATCH", undefined, unavailableAfter, true],
    ["DELETE answered 504", "DELETE", undefined, { type: "status", status: 504 }, true],
    ["DELETE, the connection lost before an answer", "DELETE", undefined, lost, true],
    ["a list POST (declared idempotent) answered 500", "POST", true, { type: "status", status: 500 }, true],
    ["a list POST, the connection lost", "POST", true, lost, true],
    // A write built from an earlier read declares itself not repeatable.
    ["a PUT declared not idempotent answered 500", "PUT", false, { type: "status", status: 500 }, false],
    ["a PUT declared not idempotent, the connection lost", "PUT", false, lost, false],
    // 429: any request, after the wait.
    ["a create POST answered 429", "POST", undefined, { type: "status", status: 429, retryAfter: "1" }, true],
    ["a PUT declared not idempotent answered 429", "PUT", false, { type: "status", status: 429 }, true],
    // A non-idempotent POST is never repeated blindly: create recovery settles it.
    ["a create POST answered 500", "POST", undefined, { type: "status", status: 500 }, false],
    ["a create POST answered 503 with Retry-After", "POST", undefined, unavailableAfter, false],
    ["a create POST, the connection lost after sending", "POST", undefined, lost, false],
    [
      "a create POST, no answer within the headers timeout",
      "POST",
      undefined,
      { type: "timeout", phase: "headers" },
      false,
    ],
    // ... unless nothing was sent.
    [
      "a create POST, the connection refused",
      "POST",
      undefined,
      { type: "connection", code: "ECONNREFUSED" },
      true,
    ],
    ["a create POST, the connect timed out", "POST", undefined, { type: "timeout", phase: "connect" }, true],
    // Never.
    ["GET answered 400", "GET", undefined, { type: "status", status: 400 }, false],
    ["GET answered 404", "GET", undefined, { type: "status", status: 404 }, false],
    ["PATCH answered 409", "PATCH", undefined, { type: "status", status: 409 }, false],
    ["GET answered 501", "GET", undefined, { type: "status", status: 501 }, false],
  ];

  it.each(rows)("%s", (_name, method, declared, outcome, retried) => {
    const idempotent = isIdempotent({ method, idempotent: declared });
    expect(decideRetry(input(outcome, { idempotent })).retry).toBe(retried);
  });

  it("waits the Retry-After a 503 asks for before repeating a safe request", () => {
    const idempotent = isIdempotent({ method: "PATCH" });
    expect(decideRetry(input(unavailableAfter, { idempotent }))).toMatchObject({
      retry: true,
      delayMs: 1000,
    });
  });
});
