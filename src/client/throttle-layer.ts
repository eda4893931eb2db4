/**
 * The throttling layer: every attempt waits for a slot of the client's {@link RateLimiter} and
 * reports its answer back, so that a 429 or 503 slows the client down and successes speed it up.
 */
import { TimeoutError } from "./errors";
import type { Exchange, Layer } from "./exchange";
import type { HttpResponse } from "./http";
import type { RateLimiter, ReleaseSlot, SlotOutcome } from "./rate-limiter";
import { parseRetryAfter } from "./retry";

/** Statuses by which a platform says "slow down". */
export const THROTTLE_STATUSES: ReadonlySet<number> = new Set([429, 503]);

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

/** The limiter feedback of an HTTP answer. */
export function outcomeOf(
  response: Pick<HttpResponse, "status" | "headers">,
  maxPauseMs = Infinity,
): SlotOutcome {
  if (!THROTTLE_STATUSES.has(response.status)) return { throttled: false };
  const retryAfterMs = parseRetryAfter(response.headers["retry-after"], Date.now());
  if (retryAfterMs !== undefined && retryAfterMs > maxPauseMs) return { throttled: false };
  return { throttled: true, retryAfterMs };
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
