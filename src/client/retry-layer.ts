/**
 * The retry layer: runs attempts until one succeeds or {@link decideRetry} says stop, sleeping the
 * backoff (or `Retry-After`) between them, and logs each attempt. A final HTTP failure becomes an
 * {@link ApiError}; a final transport failure is rethrown as it is.
 */
import { ConnectionError, TimeoutError } from "./errors";
import type { Exchange, Layer } from "./exchange";
import type { HttpResponse } from "./http";
import { apiErrorFromHttpResponse } from "./response-error";
import type { TravelLogger } from "./logger";
import { type AttemptOutcome, decideRetry, type RetryPolicy } from "./retry";

/** Retries `next` under `policy`. */
export function retryLayer(policy: RetryPolicy, logger: TravelLogger): Layer {
  return (next) => async (first) => {
    let throttled = 0;
    for (let attempt = 1; ; attempt++) {
      const exchange: Exchange = { ...first, attempt };
      const log = (durationMs: number, status: number | string | undefined, note?: string) =>
        logger.debug("request", {
          method: exchange.method,
          url: exchange.target.url,
          status,
          durationMs,
          attempt,
          note,
        });
      const startedAt = performance.now();
      let response: HttpResponse | undefined;
      let failure: ConnectionError | TimeoutError | undefined;
      try {
        response = await next(exchange);
      } catch (error) {
        if (!(error instanceof ConnectionError || error instanceof TimeoutError)) throw error;
        failure = error;
        failure.attempts = attempt;
      }
      const durationMs = Math.round(performance.now() - startedAt);

      if (response && response.status < 400) {
        log(durationMs, response.status);
        return response;
      }
      if (
        failure &&
        (exchange.signal?.aborted || (failure instanceof TimeoutError && failure.phase === "deadline"))
      ) {
        log(durationMs, failure.kind, "no retry");
        throw failure;
      }
      if (response?.status === 429) throttled++;
      const decision = decideRetry({
        outcome: outcomeOf(response, failure),
        attempt,
        throttled,
        idempotent: exchange.idempotent,
        policy,
        remainingMs: exchange.deadline.remaining(),
        nowMs: Date.now(),
        random: Math.random(),
      });
      const status = response?.status ?? failure?.kind;
      if (decision.retry) {
        log(durationMs, status, `retry in ${decision.delayMs} ms`);
        await sleep(decision.delayMs, exchange.signal);
        continue;
      }
      log(durationMs, status, decision.reason);
      if (failure) throw failure;
      throw apiErrorFromHttpResponse(
        response as HttpResponse,
        exchange.target,
        attempt,
        decision.retryAfterMs,
        decision.gaveUp,
      );
    }
  };
}

function outcomeOf(
  response: HttpResponse | undefined,
  failure: ConnectionError | TimeoutError | undefined,
): AttemptOutcome {
  if (response)
    return {
      type: "status",
      status: response.status,
      retryAfter: response.headers["retry-after"],
      date: response.headers.date,
    };
  if (failure instanceof TimeoutError) return { type: "timeout", phase: failure.phase };
  return { type: "connection", code: failure?.causeCode };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new Error("aborted");
}
