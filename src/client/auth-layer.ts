/**
 * The auth layer: adds the bearer token of the client's {@link TokenSource} to each attempt, and
 * answers a 401 once by invalidating that token and trying again with a fresh one.
 */
import type { Layer } from "./exchange";
import type { TokenSource } from "./auth";
import type { TravelLogger } from "./logger";

/** Bearer tokens for exchanges that ask for auth. */
export function authLayer(tokens: TokenSource, logger: TravelLogger): Layer {
  return (next) => async (exchange) => {
    if (!exchange.auth) return next(exchange);
    const token = await tokens.getToken();
    const response = await next(withBearer(exchange, token));
    if (response.status !== 401) return response;
    tokens.invalidate(token);
    logger.debug("request", {
      method: exchange.method,
      url: exchange.target.url,
      status: 401,
      attempt: exchange.attempt,
      note: "renewing token",
    });
    return next(withBearer(exchange, await tokens.getToken()));
  };
}

function withBearer<E extends { headers: Record<string, string> }>(exchange: E, token: string): E {
  return { ...exchange, headers: { ...exchange.headers, authorization: `Bearer ${token}` } };
}
