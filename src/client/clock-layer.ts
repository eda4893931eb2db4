/**
 * The clock layer: hands the `Date` header of every answer, whatever its status, to the client's
 * {@link PlatformClock}. It sits innermost, so each attempt's answer is seen, retried ones too.
 */
import type { Layer } from "./exchange";
import type { PlatformClock } from "./platform-clock";

/** Records each answer's `Date` on `clock`. */
export function clockLayer(clock: PlatformClock): Layer {
  return (next) => async (exchange) => {
    const response = await next(exchange);
    clock.observe(response.headers.date);
    return response;
  };
}
