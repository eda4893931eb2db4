import { describe, expect, it } from "vitest";
import { ApiError, ConnectionError, isNotFound, TimeoutError } from "../../src/client/errors";
import type { HttpResponse } from "../../src/client/http";
import type { RetryPolicy } from "../../src/client/retry";
import { retryLayer } from "../../src/client/retry-layer";
import {
  exchangeOf,
  fixedDeadline,
  platformError,
  recordingLogger,
  reply,
  scriptedSend,
  TARGET,
} from "./layer-fakes";

/** Two retries at most (four of 429s), 1 ms backoff, Retry-After capped at 1 s. */
const POLICY: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 1,
  maxDelayMs: 1,
  maxRetryAfterMs: 1_000,
  maxThrottledRetries: 4,
};
const throttled = () => reply(429, {}, { "retry-after": "0" });

const ok = reply(200, { id: "c1" });
const unavailable = reply(503, platformError("SERVICE_UNAVAILABLE", "try later"));
const reset = () => new ConnectionError(TARGET, "socket hang up", "ECONNRESET");
const refused = () => new ConnectionError(TARGET, "connect refused", "ECONNREFUSED");
const headersTimeout = () => new TimeoutError(TARGET, "headers", 10);

interface Row {
  name: string;
  idempotent: boolean;
  steps: (HttpResponse | Error)[];
  /** How many attempts reach the next layer. */
  attempts: number;
  /** The final answer: the status returned, or the error class thrown. */
  outcome: number | typeof ApiError | typeof ConnectionError | typeof TimeoutError;
}

const table: Row[] = [
  { name: "a 2xx at once", idempotent: true, steps: [ok], attempts: 1, outcome: 200 },
  { name: "GET 503 then 200", idempotent: true, steps: [unavailable, ok], attempts: 2, outcome: 200 },
  {
    name: "GET 503 until the retries run out",
    idempotent: true,
    steps: [unavailable, unavailable, unavailable],
    attempts: 3,
    outcome: ApiError,
  },
  {
    name: "POST 503 (not idempotent)",
    idempotent: false,
    steps: [unavailable],
    attempts: 1,
    outcome: ApiError,
  },
  {
    name: "POST 429 with Retry-After 0, then 201",
    idempotent: false,
    steps: [reply(429, {}, { "retry-after": "0" }), reply(201, { id: "x" })],
    attempts: 2,
    outcome: 201,
  },
  {
    name: "POST 429 four times (past maxRetries, within maxThrottledRetries), then 201",
    idempotent: false,
    steps: [throttled(), throttled(), throttled(), throttled(), reply(201, { id: "x" })],
    attempts: 5,
    outcome: 201,
  },
  {
    name: "GET 429 until the throttled retries run out",
    idempotent: true,
    steps: [throttled(), throttled(), throttled(), throttled(), throttled()],
    attempts: 5,
    outcome: ApiError,
  },
  { name: "GET 400 (not retryable)", idempotent: true, steps: [reply(400)], attempts: 1, outcome: ApiError },
  { name: "GET reset, then 200", idempotent: true, steps: [reset(), ok], attempts: 2, outcome: 200 },
  {
    name: "POST reset (may have acted)",
    idempotent: false,
    steps: [reset()],
    attempts: 1,
    outcome: ConnectionError,
  },
  {
    name: "POST refused, then 201",
    idempotent: false,
    steps: [refused(), reply(201)],
    attempts: 2,
    outcome: 201,
  },
  {
    name: "GET headers timeout, then 200",
    idempotent: true,
    steps: [headersTimeout(), ok],
    attempts: 2,
    outcome: 200,
  },
  {
    name: "POST headers timeout",
    idempotent: false,
    steps: [headersTimeout()],
    attempts: 1,
    outcome: TimeoutError,
  },
  {
    name: "GET deadline timeout (never retried)",
    idempotent: true,
    steps: [new TimeoutError(TARGET, "deadline", 50)],
    attempts: 1,
    outcome: TimeoutError,
  },
];

describe("retryLayer", () => {
  it.each(table)("$name: $attempts attempt(s)", async ({ idempotent, steps, attempts, outcome }) => {
    const send = scriptedSend(...steps);
    const call = retryLayer(POLICY, recordingLogger())(send)(exchangeOf({ idempotent }));
    if (typeof outcome === "number") {
      await expect(call).resolves.toMatchObject({ status: outcome });
    } else {
      const error: unknown = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(outcome);
      expect(error).toMatchObject({ attempts });
    }
    expect(send.calls.map((exchange) => exchange.attempt)).toEqual(
      Array.from({ length: attempts }, (_, i) => i + 1),
    );
  });

  it("turns the final response into an ApiError with the platform's code, message and debugIdentifier", async () => {
    const send = scriptedSend(reply(404, platformError("COMPANY_NOT_FOUND", "no company c1")));
    const error: unknown = await retryLayer(
      POLICY,
      recordingLogger(),
    )(send)(exchangeOf()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: "COMPANY_NOT_FOUND",
      method: "GET",
      url: TARGET.url,
      debugIdentifier: "dbg-1",
      attempts: 1,
    });
    expect((error as ApiError).message).toContain("no company c1");
    expect(isNotFound(error)).toBe(true);
  });

  it("gives up at once when Retry-After exceeds the cap, and reports the delay asked for", async () => {
    const send = scriptedSend(
      reply(429, platformError("RATE_LIMITED", "slow down"), { "retry-after": "120" }),
    );
    const error: unknown = await retryLayer(
      POLICY,
      recordingLogger(),
    )(send)(exchangeOf()).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: "RATE_LIMITED", retryAfterMs: 120_000, attempts: 1 });
    expect((error as Error).message).toMatch(
      /slow down \(not retried: the server asked to wait 120 s \(Retry-After\), more than the client waits \(\d+(\.\d)? s, retry\.maxRetryAfterMs\)/,
    );
    expect(send.calls).toHaveLength(1);
  });

  it("does not retry when the deadline leaves no time for the backoff", async () => {
    const send = scriptedSend(unavailable);
    const call = retryLayer(POLICY, recordingLogger())(send)(exchangeOf({ deadline: fixedDeadline(0) }));
    await expect(call).rejects.toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE" });
    expect(send.calls).toHaveLength(1);
  });

  it("rethrows an error that is not a transport failure without retrying", async () => {
    const bug = new TypeError("a bug in an inner layer");
    const send = scriptedSend(bug, ok);
    await expect(retryLayer(POLICY, recordingLogger())(send)(exchangeOf())).rejects.toBe(bug);
    expect(send.calls).toHaveLength(1);
  });

  it("stops retrying when the caller aborts", async () => {
    const controller = new AbortController();
    controller.abort(new Error("cancelled by the caller"));
    const send = scriptedSend(reset(), ok);
    const call = retryLayer(POLICY, recordingLogger())(send)(exchangeOf({ signal: controller.signal }));
    await expect(call).rejects.toBeInstanceOf(ConnectionError);
    expect(send.calls).toHaveLength(1);
  });

  it("logs each attempt with its status and what it decided", async () => {
    const logger = recordingLogger();
    await retryLayer(POLICY, logger)(scriptedSend(unavailable, ok))(exchangeOf());
    expect(logger.events).toEqual([
      expect.objectContaining({ event: "request", status: 503, attempt: 1, note: "retry in 1 ms" }),
      expect.objectContaining({ event: "request", status: 200, attempt: 2 }),
    ]);
  });
});
