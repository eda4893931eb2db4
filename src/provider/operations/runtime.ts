/**
 * The provider runtime both hosts serve: it holds the configuration from `configure` and one client
 * per configuration, and hands out the provider of each resource type from the registry it is
 * given. One runtime serves one host process, and so one engine run.
 *
 * Before the first `check` of a run (so at preview), it validates the configuration and checks the
 * credentials with one token request, unless `travel:verifyCredentials` is `false`.
 */
import { clientOptionsFor, SETTING_ENV_VARS, type SettingName, TravelClient } from "../../client";
import { configLookup, type ProviderConfig, readProviderConfig } from "./config";
import { credentialHint, verifyCredentials } from "./credentials";
import { runTokenCache } from "./run-token-cache";
import type { DefinitionRegistry, ResourceDefinition, Values } from "../model/definition";
import { contextOf, type ResourceContext, type WarningSink, warnRun } from "../model/resource-context";
import { Run } from "../model/run";
import { providerOf, type TypeProvider } from "./type-provider";
import { type TypeOperations, typeOperations } from "./type-operations";
import type { Recorded } from "../model/recorded";
import { engineError, engineFailures } from "./engine-messages";
import { withRunClaims } from "./run-claims";
import type { ResourceRef } from "./create-journal";
import { type CompanyDeleteCheck, withCompanyDeleteGate } from "./company-delete-gate";

const SETTING_NAMES = Object.keys(SETTING_ENV_VARS) as SettingName[];

export type { DefinitionRegistry } from "../model/definition";

/**
 * What a delete of one type warns of before it starts, given the object's id and its recorded
 * inputs and outputs: such as what the platform deletes with a company. It may first make sure the
 * delete can succeed, throwing before anything is deleted when it cannot, and clear what its
 * inputs ask it to (a company's `forceDestroy`). The context's run tells what the stack holds.
 */
export type DeleteWarning = (
  ctx: ResourceContext,
  id: string,
  recorded: Recorded<Values, Values>,
) => Promise<string | undefined>;

/** The two functions of the stable runtime contract. */
export interface ProviderRuntime {
  /** Receives the stack configuration (secrets decrypted) from the engine. */
  configure(this: void, config: { get(key: string): string | undefined } | undefined): Promise<void>;
  /** The provider of resource type `type`. */
  runtimeProvider(this: void, type: string): TypeProvider;
  /**
   * What a call outside a resource gets (a provider function's): the client of the current
   * configuration, once it is valid and its credentials checked.
   */
  context(this: void): Promise<ResourceContext>;
}

/** One distinct configuration: validated, with its client and credential check once made. */
interface ConfiguredClient {
  config: ProviderConfig;
  client?: TravelClient;
  verified?: Promise<void>;
}

/** What a host hands the runtime besides the registry. */
export interface RuntimeOptions {
  /** What a delete of some types warns of before it starts (a company's). */
  deleteWarnings?: Readonly<Record<string, DeleteWarning>> | undefined;
  /** The host's way to give the engine a warning of the run. */
  warn?: WarningSink | undefined;
  /**
   * The check before the first delete under a company this run may delete (`company-delete-gate.ts`):
   * every type but the company's own has its deletes behind it.
   */
  companyDeleteCheck?: CompanyDeleteCheck | undefined;
}

/** A runtime over `definitions`, serving one engine run (the host makes one per run). */
export function createProviderRuntime(
  definitions: DefinitionRegistry,
  { deleteWarnings = {}, warn, companyDeleteCheck }: RuntimeOptions = {},
): ProviderRuntime {
  let stackConfig: { get(key: string): string | undefined } | undefined;
  const configs = new Map<string, ConfiguredClient>();
  const providers = new Map<string, TypeProvider>();

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
    return (entry.client ??= new TravelClient({
      ...clientOptionsFor(entry.config),
      tokenCache: runTokenCache(),
    }));
  };
  const run = new Run({ client: currentClient, warn });
  const currentContext = (): ResourceContext => contextOf(run);
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
    async context() {
      await verifyOnce();
      return currentContext();
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
        const built = typeOperations(definition, run);
        const warning = deleteWarnings[type];
        const warned = warning === undefined ? built : withDeleteWarning(built, warning, currentContext);
        const gated =
          companyDeleteCheck === undefined || type === "Company"
            ? warned
            : withCompanyDeleteGate(warned, companyDeleteCheck, currentContext);
        const claimed = withRunClaims(definition.type, gated, run);
        provider = forEngine(definition, providerOf(definition, claimed), verifyOnce);
        providers.set(type, provider);
      }
      return provider;
    },
  };
}

/** `operations` with `warning` given to the engine before each delete starts. */
function withDeleteWarning(
  operations: TypeOperations,
  warning: DeleteWarning,
  context: () => ResourceContext,
): TypeOperations {
  return {
    ...operations,
    async delete(id, recorded) {
      const text = await warning(context(), id, recorded);
      if (text !== undefined) await warnRun(context(), text);
      await operations.delete(id, recorded);
    },
  };
}

/**
 * The engine-facing provider of `definition`: credentials verified before the first check, credential
 * hints, failures and errors in the form the engine prints once and without secrets (see
 * `engine-messages.ts`).
 */
function forEngine(
  definition: ResourceDefinition<Values, Values>,
  provider: TypeProvider,
  verifyOnce: () => Promise<void>,
): TypeProvider {
  const secretInputs: readonly string[] = definition.capabilities?.secrets?.secretInputs ?? [];
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
    check: guarded(async (olds: Values, news: Values, name?: string, resource?: ResourceRef) => {
      await verifyOnce();
      const result = await provider.check(olds, news, name, resource);
      return { ...result, failures: engineFailures(result.failures ?? [], news, secretInputs) };
    }),
    diff: guarded(provider.diff),
    create: guarded(provider.create),
    read: guarded(provider.read),
    import: guarded(provider.import),
    delete: guarded(provider.delete),
    update: guarded(provider.update),
  };
}
