/**
 * The implementation the thin serialized provider loads inside the dynamic-provider process:
 * it holds the stack configuration from `configure` and one client per configuration, and hands
 * out the provider of each resource type. Loaded as `pulumi-travel/provider/runtime`; its two
 * exports are a stable contract with state written by earlier releases.
 */
import { TravelClient } from "../client";
import { definitions } from "../resources/registry";
import { clientOptionsFor, configLookup, readProviderConfig } from "./config";
import type { ResourceContext } from "./definition";
import { buildDynamicProvider, type FullResourceProvider } from "./dynamic-provider";

let stackConfig: { get(key: string): string | undefined } | undefined;
const clients = new Map<string, TravelClient>();
const providers = new Map<string, FullResourceProvider>();

/** Receives the stack configuration (secrets decrypted) from the engine. */
export async function configure(config: { get(key: string): string | undefined } | undefined): Promise<void> {
  stackConfig = config;
}

/** The API context for the current configuration, built on first use. */
export function currentContext(): ResourceContext {
  const config = readProviderConfig(configLookup(stackConfig));
  const key = JSON.stringify(config);
  let client = clients.get(key);
  if (!client) {
    client = new TravelClient(clientOptionsFor(config));
    clients.set(key, client);
  }
  return { client };
}

/** The provider of resource type `type`. */
export function runtimeProvider(type: string): FullResourceProvider {
  let provider = providers.get(type);
  if (!provider) {
    const definition = definitions[type];
    if (!definition) {
      throw new Error(
        `pulumi-travel does not know resource type ${type}; the installed pulumi-travel is older than the state (upgrade it)`,
      );
    }
    provider = buildDynamicProvider(definition, currentContext);
    providers.set(type, provider);
  }
  return provider;
}
