/** The innermost {@link Send}: the HTTP transport, bounded by the call's deadline and signal. */
import { ConnectionError, TimeoutError } from "./errors";
import type { Send } from "./exchange";
import type { HttpTransport } from "./http";

/** Sends through `transport`; a deadline that runs out mid-flight is a `TimeoutError("deadline")`. */
export function transportSend(transport: HttpTransport): Send {
  return async (exchange) => {
    const deadlineSignal = AbortSignal.timeout(Math.max(1, exchange.deadline.remaining()));
    try {
      return await transport.send({
        method: exchange.method,
        url: exchange.url,
        displayUrl: exchange.target.url,
        headers: exchange.headers,
        body: exchange.body,
        signal: exchange.signal ? AbortSignal.any([exchange.signal, deadlineSignal]) : deadlineSignal,
      });
    } catch (error) {
      if (!(error instanceof ConnectionError || error instanceof TimeoutError)) throw error;
      const failure =
        deadlineSignal.aborted && !exchange.signal?.aborted
          ? new TimeoutError(exchange.target, "deadline", exchange.deadline.totalMs)
          : error;
      failure.attempts = exchange.attempt;
      throw failure;
    }
  };
}
