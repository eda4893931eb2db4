/** The throttling layer: every attempt waits for a slot of the client's {@link RateLimiter}. */
import { TimeoutError } from "./errors";
import type { Exchange, Layer } from "./exchange";
import type { RateLimiter } from "./rate-limiter";

/** Holds a limiter slot for the duration of each attempt; waiting counts against the deadline. */
export function throttleLayer(limiter: RateLimiter): Layer {
  return (next) => async (exchange) => {
    const release = await waitForSlot(limiter, exchange);
    try {
      return await next(exchange);
    } finally {
      release();
    }
  };
}

async function waitForSlot(limiter: RateLimiter, exchange: Exchange): Promise<() => void> {
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
