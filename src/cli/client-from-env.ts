/**
 * The API client of the imperative commands, configured like the Pulumi provider from the
 * `TRAVEL_*` environment variables (docs/car.md). Errors name the variable, never its value.
 */
import { ConfigError, TravelClient } from "../client";
import { clientOptionsFor, configLookup, readProviderConfig } from "../provider/config";

/** Builds a client from `env`; a missing or invalid setting is a {@link ConfigError} (exit code 2). */
export function clientFromEnv(env: NodeJS.ProcessEnv = process.env): TravelClient {
  let options;
  try {
    options = clientOptionsFor(readProviderConfig(configLookup(undefined, env)));
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  return new TravelClient(options);
}
