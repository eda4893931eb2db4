/**
 * The API client of the imperative commands, configured like the Pulumi provider from the
 * `TRAVEL_*` environment variables (docs/car.md). Errors name the variable, never its value.
 */
import { TravelClient } from "../client";
import { clientOptionsFor, configLookup, readProviderConfig } from "../provider/config";

/** Builds a client from `env`; a missing or invalid setting is a `ConfigError` (exit code 2). */
export function clientFromEnv(env: NodeJS.ProcessEnv = process.env): TravelClient {
  return new TravelClient(clientOptionsFor(readProviderConfig(configLookup(undefined, env))));
}
