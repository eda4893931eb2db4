/**
 * The throttling layer: every attempt waits for a slot of the client's {@link RateLimiter} and
 * reports its answer back, so that a pace signal slows the client down and successes speed it up.
 *
 * A pace signal is a 429, or a 503 whose error code says "throttled" (as S3's `SlowDown`): the
 * platform asks this client to send less. Any other 5xx means a server failed, whatever the pace
 * (a bad instance behind the load balancer, a deploy): it is retried with backoff by the retry
 * layer, honouring its `Retry-After` for that request only, and changes neither the rate nor the
 * concurrency. Slowing every call down for random server failures starves a run without helping
 * the server (the AWS SDKs' adaptive mode feeds only throttling errors to its rate limiter).
 */
import { TimeoutError } from "./errors";
import type { Exchange, Layer } from "./exchange";
import type { HttpResponse } from "./http";
import type { RateLimiter, ReleaseSlot, SlotOutcome } from "./rate-limiter";
import { parseRetryAfter } from "./retry";

/** An error code that says "slow down": `RATE_LIMIT_EXCEEDED`, `Throttling`, `SlowDown`, ... */
const THROTTLE_CODE = /throttl|rate_?limit|slow_?down|too_?many_?requests|request_?limit_?exceeded/i;

/**
 * Holds a limiter slot for the duration of each attempt; waiting counts against the deadline.
 * A `Retry-After` longer than `maxPauseMs` refuses one operation for a long time (the tenant
 * key's one-hour cooldown), not the client's pace, so it does not slow the other calls down.
 */
export function throttleLayer(limiter: RateLimiter, maxPauseMs = Infinity): Layer {
  return (next) => async (exchange) => {
    const release = await waitForSlot(limiter, exchange);
    let response: HttpResponse | undefined;
    try {
      response = await next(exchange);
      return response;
    } finally {
      release(response ? outcomeOf(response, maxPauseMs) : undefined);
    }
  };
}

/**
 * The limiter feedback of an HTTP answer: a pace signal (429, or 503 with a throttling error
 * code) is `throttled`; any other 5xx is `unavailable`; everything else counts as served.
 */
export function outcomeOf(response: HttpResponse, maxPauseMs = Infinity): SlotOutcome {
  if (isPaceSignal(response)) {
    const retryAfterMs = parseRetryAfter(response.headers["retry-after"], Date.now());
    if (retryAfterMs !== undefined && retryAfterMs > maxPauseMs) return { throttled: false };
    return { throttled: true, retryAfterMs };
  }
  if (response.status >= 500) return { throttled: false, unavailable: true };
  return { throttled: false };
}

/** True for a 429, and for a 503 whose first error code names throttling. */
export function isPaceSignal(response: HttpResponse): boolean {
  if (response.status === 429) return true;
  if (response.status !== 503) return false;
  return THROTTLE_CODE.test(errorCodeOf(response.body) ?? "");
}

/** The platform's `errorMessages[0].errorCode` (or an AWS-style `code`), when the body has one. */
function errorCodeOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { errorMessages?: { errorCode?: unknown }[]; code?: unknown };
    const code = parsed.errorMessages?.[0]?.errorCode ?? parsed.code;
    return typeof code === "string" ? code : undefined;
  } catch {
    return undefined;
  }
}

async function waitForSlot(limiter: RateLimiter, exchange: Exchange): Promise<ReleaseSlot> {
  let timer: NodeJS.Timeout | undefined;
  const slot = limiter.acquire();
  try {
    return await Promise.race([
      slot,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new TimeoutError(exchange.target, "deadline", exchange.deadline.totalMs, exchange.attempt),
            ),
          Math.max(0, exchange.deadline.remaining()),
        );
      }),
    ]);
  } catch (error) {
    slot.then((release) => release()).catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
