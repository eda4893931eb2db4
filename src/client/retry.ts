/**
 * Pure retry decisions: which failures are retried, how long to wait, and when to stop. No I/O
 * and no clock of its own, so every rule is table-testable.
 */
import { parseHttpDate } from "./http-date";

/** Retry settings of a client. */
export interface RetryPolicy {
  /** Retries after the first attempt; 0 disables retrying. */
  maxRetries: number;
  /** Backoff of the first retry, before jitter. */
  baseDelayMs: number;
  /** Upper bound of a computed backoff. */
  maxDelayMs: number;
  /** Upper bound of a server's `Retry-After`; a longer request fails instead of stalling the run. */
  maxRetryAfterMs: number;
  /**
   * Retries of answers that only ask the client to slow down (429), counted apart from
   * `maxRetries`: stacks that share one client id share the platform's rate limit, and a request
   * may lose the race for a slot many times in a row without anything being wrong. The call's
   * deadline still bounds the wait. No retry at all when `maxRetries` is 0.
   */
  maxThrottledRetries: number;
}

/** Defaults tuned for a rate-limited SaaS API called from CI. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 5,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  maxThrottledRetries: 30,
};

/**
 * The 5xx statuses no repeat can change (not implemented, HTTP version not supported): never
 * retried. Every other 5xx is retried for a safe request.
 */
const FINAL_SERVER_STATUSES: ReadonlySet<number> = new Set([501, 505]);

/**
 * Whether a status is worth repeating a request for: 429 for any request (the platform did not
 * process it); any other 5xx but 501 and 505 for a safe (idempotent) one. A non-idempotent request
 * answered 5xx may have taken effect, `Retry-After` or not (a gateway's 503 can replace the answer
 * of a request the platform committed), so it is not repeated here: a create goes through the
 * provider's create recovery, which looks before it sends again.
 */
export function isRetryableStatus(status: number, idempotent: boolean): boolean {
  if (status === 429) return true;
  return idempotent && status >= 500 && status <= 599 && !FINAL_SERVER_STATUSES.has(status);
}

/** What happened on the attempt that just finished. */
export type AttemptOutcome =
  | {
      type: "status";
      status: number;
      retryAfter?: string | undefined;
      /** The answer's `Date` header: an HTTP-date `Retry-After` is measured from it. */
      date?: string | undefined;
    }
  | { type: "connection"; code?: string | undefined }
  | { type: "timeout"; phase: "connect" | "headers" | "body" | "deadline" };

/** Everything {@link decideRetry} needs. */
export interface RetryInput {
  outcome: AttemptOutcome;
  /** 1 for the first attempt. */
  attempt: number;
  /** How many of the attempts so far, this one included, were answered 429. */
  throttled?: number | undefined;
  /** Whether repeating the request cannot cause a duplicate effect. */
  idempotent: boolean;
  policy: RetryPolicy;
  /** Time left before the call's overall deadline, in ms. */
  remainingMs: number;
  /** Current time in ms since the epoch, for HTTP-date `Retry-After` values. */
  nowMs: number;
  /** A number in [0, 1) for jitter. */
  random: number;
}

/** The verdict of {@link decideRetry}. */
export type RetryDecision =
  | { retry: true; delayMs: number; reason: string }
  | {
      retry: false;
      reason: string;
      retryAfterMs?: number | undefined;
      /** Set when the outcome was retryable but the client stopped: why, for the error's message. */
      gaveUp?: string | undefined;
    };

/**
 * Parses a `Retry-After` header: delta seconds or an HTTP date. Returns milliseconds (never
 * negative), or undefined when the header is absent or unparseable. An HTTP date is measured from
 * the answer's own `Date` header when it has a valid one, as RFC 9110 intends, so a server whose
 * clock is an hour ahead asking for two seconds is waited two seconds, not an hour; else from
 * `nowMs`.
 */
export function parseRetryAfter(
  header: string | undefined,
  nowMs: number,
  answerDate?: string,
): number | undefined {
  if (header === undefined) return undefined;
  const trimmed = header.trim();
  if (trimmed === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = parseHttpDate(trimmed);
  if (date === undefined) return undefined;
  return Math.max(0, date - (parseHttpDate(answerDate) ?? nowMs));
}

/** Capped exponential backoff with full jitter: uniform in [base/2, min(max, base·2^(n-1))]. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: number): number {
  const exponential = policy.baseDelayMs * 2 ** Math.max(0, attempt - 1);
  const ceiling = Math.min(policy.maxDelayMs, exponential);
  const floor = Math.min(ceiling, policy.baseDelayMs / 2);
  return Math.round(floor + (ceiling - floor) * random);
}

/**
 * The wait after attempt number `attempt`: the server's `Retry-After` when it gave one (never less
 * than a short backoff of at most `baseDelayMs`), else the {@link backoffDelay}. The caller checks
 * the `maxRetryAfterMs` cap.
 */
export function retryDelay(
  attempt: number,
  retryAfterMs: number | undefined,
  policy: RetryPolicy,
  random: number,
): number {
  const backoff = backoffDelay(attempt, policy, random);
  return retryAfterMs !== undefined ? Math.max(retryAfterMs, Math.min(backoff, policy.baseDelayMs)) : backoff;
}

/**
 * Decides whether to retry after `input.outcome` (the policy of docs/reliability.md, "Which
 * requests are repeated"): a safe request (`idempotent`) is repeated on a 5xx ({@link
 * isRetryableStatus}), a lost connection and a timeout before the deadline; any request is
 * repeated on a 429; a non-idempotent one otherwise only when the server certainly did not act on
 * it (a connection refused, a connect timeout: nothing was sent). The wait is the server's
 * `Retry-After` when it gave one, else the backoff.
 */
export function decideRetry(input: RetryInput): RetryDecision {
  const { outcome, attempt, idempotent, policy } = input;
  const describe = describeOutcome(outcome);

  let retryable: boolean;
  let retryAfterMs: number | undefined;
  switch (outcome.type) {
    case "status":
      retryAfterMs = parseRetryAfter(outcome.retryAfter, input.nowMs, outcome.date);
      retryable = isRetryableStatus(outcome.status, idempotent);
      break;
    case "connection":
      retryable = idempotent || outcome.code === "ECONNREFUSED";
      break;
    case "timeout":
      retryable = outcome.phase !== "deadline" && (idempotent || outcome.phase === "connect");
      break;
  }

  if (!retryable) return { retry: false, reason: `${describe} is not retryable` };
  if (exhausted(input)) {
    const reason = `${describe}: gave up after ${attempt} attempts`;
    return { retry: false, reason, retryAfterMs, gaveUp: `gave up after ${attempt} attempts` };
  }
  if (retryAfterMs !== undefined && retryAfterMs > policy.maxRetryAfterMs) {
    const gaveUp =
      `the server asked to wait ${seconds(retryAfterMs)} (Retry-After), more than the client waits ` +
      `(${seconds(policy.maxRetryAfterMs)}, retry.maxRetryAfterMs); try again later or raise the cap`;
    return { retry: false, reason: `${describe}: ${gaveUp}`, retryAfterMs, gaveUp };
  }
  const delayMs = retryDelay(attempt, retryAfterMs, policy, input.random);
  if (delayMs >= input.remainingMs) {
    const gaveUp = "the call's deadline leaves no time to retry";
    return { retry: false, reason: `${describe}: ${gaveUp}`, retryAfterMs, gaveUp };
  }
  return { retry: true, delayMs, reason: describe };
}

/**
 * Whether the attempts so far used up the policy: answers of 429 count against
 * `maxThrottledRetries`, every other failure against `maxRetries`.
 */
function exhausted({ outcome, attempt, throttled = 0, policy }: RetryInput): boolean {
  if (policy.maxRetries === 0) return true;
  if (outcome.type === "status" && outcome.status === 429) return throttled > policy.maxThrottledRetries;
  return attempt - throttled > policy.maxRetries;
}

function describeOutcome(outcome: AttemptOutcome): string {
  switch (outcome.type) {
    case "status":
      return `HTTP ${outcome.status}`;
    case "connection":
      return `connection error${outcome.code ? ` ${outcome.code}` : ""}`;
    case "timeout":
      return `${outcome.phase} timeout`;
  }
}

/** Milliseconds as seconds for a message: `3601.7 s`. */
function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
