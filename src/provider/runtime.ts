/**
 * The implementation the thin serialized provider loads inside the dynamic-provider process: it
 * holds the stack configuration from `configure` and one client per configuration, and hands out
 * the provider of each resource type from the registry it is given. The package wires it to the
 * resource registry in `src/runtime.ts`, which `pulumi-travel/provider/runtime` resolves to.
 *
 * Before the first `check` of a run (so at preview), it validates the configuration and checks the
 * credentials with one token request, unless `travel:verifyCredentials` is `false`.
 */
import { clientOptionsFor, TravelClient } from "../client";
import { configLookup, type ProviderConfig, readProviderConfig } from "./config";
import { credentialHint, verifyCredentials } from "./credentials";
import type { ResourceContext, ResourceDefinition, Values } from "./definition";
import { buildDynamicProvider, type FullResourceProvider } from "./dynamic-provider";

/** Resource definitions by type name. */
export type DefinitionRegistry = Readonly<Record<string, ResourceDefinition<Values, Values>>>;

/** The two functions of the stable runtime contract. */
export interface ProviderRuntime {
  /** Receives the stack configuration (secrets decrypted) from the engine. */
  configure(this: void, config: { get(key: string): string | undefined } | undefined): Promise<void>;
  /** The provider of resource type `type`. */
  runtimeProvider(this: void, type: string): FullResourceProvider;
}

/** A runtime over `definitions`. */
export function createProviderRuntime(definitions: DefinitionRegistry): ProviderRuntime {
  let stackConfig: { get(key: string): string | undefined } | undefined;
  const clients = new Map<string, TravelClient>();
  const providers = new Map<string, FullResourceProvider>();
  const verified = new Map<string, Promise<void>>();

  const clientFor = (config: ProviderConfig): TravelClient => {
    const key = JSON.stringify(config);
    let client = clients.get(key);
    if (!client) {
      client = new TravelClient(clientOptionsFor(config));
      clients.set(key, client);
    }
    return client;
  };
  const currentContext = (): ResourceContext => ({
    client: clientFor(readProviderConfig(configLookup(stackConfig))),
  });
  /** Validates the configuration and, once per configuration, checks the credentials. */
  const verifyOnce = (): Promise<void> => {
    const config = readProviderConfig(configLookup(stackConfig));
    if (config.verifyCredentials === false) return Promise.resolve();
    const key = JSON.stringify(config);
    let pending = verified.get(key);
    if (!pending) {
      pending = verifyCredentials(clientFor(config), config);
      verified.set(key, pending);
    }
    return pending;
  };

  const withHints = (provider: FullResourceProvider): FullResourceProvider => ({
    ...provider,
    check: async (olds, news) => {
      await verifyOnce();
      return provider.check(olds, news);
    },
    read: (id, props) => credentialHint(() => provider.read(id, props)),
    delete: (id, props) => credentialHint(() => provider.delete(id, props)),
    update: (id, olds, news) => credentialHint(() => provider.update(id, olds, news)),
  });

  return {
    async configure(config) {
      stackConfig = config;
    },
    runtimeProvider(type) {
      let provider = providers.get(type);
      if (!provider) {
        const definition = definitions[type];
        if (!definition) {
          throw new Error(
            `pulumi-travel does not know resource type ${type}; the installed pulumi-travel is older than the state (upgrade it)`,
          );
        }
        provider = withHints(buildDynamicProvider(definition, currentContext));
        providers.set(type, provider);
      }
      return provider;
    },
  };
}
