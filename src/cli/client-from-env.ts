/**
 * The API client of the imperative commands, configured from the `TRAVEL_*` environment
 * variables (docs/car.md). Errors name the variable, never its value.
 */
import { clientOptionsFromEnv, TravelClient } from "../client";

/** Builds a client from `env`; a missing or invalid setting is a `ConfigError` (exit code 2). */
export function clientFromEnv(env: NodeJS.ProcessEnv = process.env): TravelClient {
  return new TravelClient(clientOptionsFromEnv(env));
}
