/**
 * The implementation the thin serialized provider loads inside the dynamic-provider process: it
 * holds the stack configuration from `configure` and one client per configuration, and hands out
 * the provider of each resource type from the registry it is given. The package wires it to the
 * resource registry in `src/runtime.ts`, which `pulumi-travel/provider/runtime` resolves to.
 *
 * Before the first `check` of a run (so at preview), it validates the configuration and checks the
 * credentials with one token request, unless `travel:verifyCredentials` is `false`.
 */
import { clientOptionsFor, SETTING_ENV_VARS, type SettingName, TravelClient } from "../client";
import { configLookup, type ProviderConfig, readProviderConfig } from "./config";
import { credentialHint, verifyCredentials } from "./credentials";
import type { ResourceContext, ResourceDefinition, Values } from "./definition";
import { buildDynamicProvider, type FullResourceProvider } from "./dynamic-provider";
import { warnEngine } from "./engine-log";
import { engineError, engineFailures } from "./engine-messages";
import { claimKey, withRunClaims } from "./run-claims";
import { isStackObject } from "./stack-objects";

const SETTING_NAMES = Object.keys(SETTING_ENV_VARS) as SettingName[];

/** Resource definitions by type name. */
export type DefinitionRegistry = Readonly<Record<string, ResourceDefinition<Values, Values>>>;

/**
 * What a delete of one type warns of before it starts, given the object's id: such as what the
 * platform deletes with a company. `held` tells whether a resource of this run's stack holds an
 * object (seen by its diff, or created or adopted in the run).
 */
export type DeleteWarning = (
  ctx: ResourceContext,
  id: string,
  held: (type: string, id: string) => boolean,
) => Promise<string | undefined>;

/** The two functions of the stable runtime contract. */
export interface ProviderRuntime {
  /** Receives the stack configuration (secrets decrypted) from the engine. */
  configure(this: void, config: { get(key: string): string | undefined } | undefined): Promise<void>;
  /** The provider of resource type `type`. */
  runtimeProvider(this: void, type: string): FullResourceProvider;
}

/** One distinct configuration: validated, with its client and credential check once made. */
interface ConfiguredClient {
  config: ProviderConfig;
  client?: TravelClient;
  verified?: Promise<void>;
}

/** A runtime over `definitions`, with the warnings a delete of some types gives first. */
export function createProviderRuntime(
  definitions: DefinitionRegistry,
  deleteWarnings: Readonly<Record<string, DeleteWarning>> = {},
): ProviderRuntime {
  let stackConfig: { get(key: string): string | undefined } | undefined;
  const configs = new Map<string, ConfiguredClient>();
  const providers = new Map<string, FullResourceProvider>();
  /** Objects created or adopted in this run (one runtime per provider process, so per run). */
  const claimed = new Set<string>();

  /**
   * The configuration as of now (environment over stack config, read at every call), validated
   * once per distinct raw value: every operation asks for it, and validation with zod costs more
   * than the lookups.
   */
  const currentConfig = (): ConfiguredClient => {
    const lookup = configLookup(stackConfig);
    const key = JSON.stringify(SETTING_NAMES.map((name) => lookup(name) ?? null));
    let entry = configs.get(key);
    if (!entry) {
      entry = { config: readProviderConfig(lookup) };
      configs.set(key, entry);
    }
    return entry;
  };
  const currentClient = (): TravelClient => {
    const entry = currentConfig();
    return (entry.client ??= new TravelClient(clientOptionsFor(entry.config)));
  };
  const currentContext = (): ResourceContext => ({ client: currentClient() });
  /** Validates the configuration and, once per configuration, checks the credentials. */
  const verifyOnce = (): Promise<void> => {
    const entry = currentConfig();
    if (entry.config.verifyCredentials === false) return Promise.resolve();
    return (entry.verified ??= verifyCredentials(currentClient(), entry.config));
  };

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
        const built = buildDynamicProvider(definition, currentContext);
        const warning = deleteWarnings[type];
        const warned =
          warning === undefined ? built : withDeleteWarning(built, warning, currentContext, claimed);
        provider = forEngine(definition, warned, verifyOnce, claimed);
        providers.set(type, provider);
      }
      return provider;
    },
  };
}

/**
 * `provider` with `warning` given to the engine before each delete starts; what the stack holds is
 * what this run's diffs saw and what it created or adopted (`claimed`).
 */
function withDeleteWarning(
  provider: FullResourceProvider,
  warning: DeleteWarning,
  context: () => ResourceContext,
  claimed: ReadonlySet<string>,
): FullResourceProvider {
  const held = (type: string, id: string) => isStackObject(type, id) || claimed.has(claimKey(type, id));
  return {
    ...provider,
    async delete(id, recorded) {
      const text = await warning(context(), id, held);
      if (text !== undefined) await warnEngine(text);
      await provider.delete(id, recorded);
    },
  };
}

/**
 * The engine-facing provider of `definition`: credentials verified before the first check, objects
 * claimed for the run, credential hints, failures and errors in the form the engine prints once
 * and without secrets (see `engine-messages.ts`).
 */
function forEngine(
  definition: ResourceDefinition<Values, Values>,
  provider: FullResourceProvider,
  verifyOnce: () => Promise<void>,
  claimed: Set<string>,
): FullResourceProvider {
  const secretInputs: readonly string[] = definition.secretInputs ?? [];
  const claiming = withRunClaims(definition.type, provider, claimed);
  const guarded =
    <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await credentialHint(() => operation(...args));
      } catch (error) {
        throw engineError(error);
      }
    };
  return {
    ...provider,
    check: guarded(async (olds: Values, news: Values) => {
      await verifyOnce();
      const result = await provider.check(olds, news);
      return { ...result, failures: engineFailures(result.failures ?? [], news, secretInputs) };
    }),
    diff: guarded(async (id: string, olds: Values, news: Values) => {
      // A diff with changes goes to the engine as "unknown": the dynamic-provider host passes no
      // per-property change list, so the engine then diffs the inputs itself, which gives it the
      // changed keys that `replaceOnChanges` matches and the detailed diff `preview --diff` shows.
      const { changes, ...result } = await provider.diff(id, olds, news);
      return changes === true ? result : { ...result, changes: false };
    }),
    create: guarded(claiming.create),
    read: guarded(provider.read),
    delete: guarded(claiming.delete),
    update: guarded(provider.update),
  };
}
