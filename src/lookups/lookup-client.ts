/**
 * The client the lookups read through: the provider's own configuration, resolved as the provider
 * resolves it (a `TRAVEL_*` variable wins over the stack's `travel:*` config), one client per
 * distinct configuration, so every lookup of a run shares one token (the client's token cache),
 * and shares it with the run's provider processes (`run-token-cache.ts`).
 */
import { getConfig } from "@pulumi/pulumi/runtime/config";
import { clientOptionsFor, SETTING_ENV_VARS, type SettingName, TravelClient } from "../client";
import { configLookup, readProviderConfig } from "../provider/operations/config";
import { runTokenCache } from "../provider/operations/run-token-cache";

const SETTING_NAMES = Object.keys(SETTING_ENV_VARS) as SettingName[];

/** The stack's configuration, as the program sees it (secrets in plaintext, never logged). */
const stackConfig = { get: (key: string) => getConfig(key) };

const clients = new Map<string, TravelClient>();

/**
 * The client of the current configuration (stack config and `TRAVEL_*` environment). A missing or
 * invalid setting throws the provider's error, naming the setting and how to set it.
 */
export function lookupClient(): TravelClient {
  const lookup = configLookup(stackConfig);
  const key = JSON.stringify(SETTING_NAMES.map((name) => lookup(name) ?? null));
  let client = clients.get(key);
  if (!client) {
    client = new TravelClient({
      ...clientOptionsFor(readProviderConfig(lookup)),
      tokenCache: runTokenCache(),
    });
    clients.set(key, client);
  }
  return client;
}
