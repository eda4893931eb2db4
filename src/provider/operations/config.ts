/**
 * Provider configuration: the client's `TRAVEL_*` environment settings read at call time, falling
 * back to stack config (`travel:baseUrl`, `travel:clientId`, secret `travel:clientSecret`, ...)
 * delivered by the engine through `configure`. Never captured in state.
 *
 * The environment wins because `pulumi refresh` and `pulumi destroy` do not run the program: the
 * engine hands them the stack config recorded in state by the last `up`. A user who fixed a wrong
 * secret in stack config can then refresh or destroy with `TRAVEL_CLIENT_SECRET` set, without
 * editing state.
 */
import {
  type ClientSettings,
  envLookup,
  readClientSettings,
  SECRET_SETTINGS,
  SETTING_ENV_VARS,
  type SettingLookup,
  type SettingName,
} from "../../client";

/** The config namespace: `pulumi config set travel:<key>`. */
export const CONFIG_NAMESPACE = "travel";

/** Validated provider configuration. */
export type ProviderConfig = ClientSettings;

/**
 * Builds the lookup over the environment and the engine's config (may be undefined): a
 * `TRAVEL_*` variable that is set and not empty wins over the stack config.
 */
export function configLookup(
  stackConfig: { get(key: string): string | undefined } | undefined,
  env: NodeJS.ProcessEnv = process.env,
): SettingLookup {
  const fromEnv = envLookup(env);
  return (name) => {
    const fromEnvironment = fromEnv(name);
    if (fromEnvironment !== undefined) return fromEnvironment;
    const fromStack = stackConfig?.get(`${CONFIG_NAMESPACE}:${name}`);
    return fromStack === "" ? undefined : fromStack;
  };
}

/** Names a setting both ways: `configuration travel:baseUrl (env TRAVEL_BASE_URL)`. */
function stackSource(name: SettingName): string {
  const secret = SECRET_SETTINGS.includes(name) ? " (secret)" : "";
  return `configuration ${CONFIG_NAMESPACE}:${name}${secret} (env ${SETTING_ENV_VARS[name]})`;
}

/** Validates the configuration; the error names the setting and how to set it, never its value. */
export function readProviderConfig(lookup: SettingLookup): ProviderConfig {
  return readClientSettings(lookup, stackSource);
}
