/**
 * Provider configuration: stack config (`travel:baseUrl`, `travel:clientId`, secret
 * `travel:clientSecret`, ...) delivered by the engine through `configure`, falling back to the
 * client's `TRAVEL_*` environment settings read at call time. Never captured in state.
 */
import {
  type ClientSettings,
  envLookup,
  readClientSettings,
  SETTING_ENV_VARS,
  type SettingLookup,
  type SettingName,
} from "../client";

/** The config namespace: `pulumi config set travel:<key>`. */
export const CONFIG_NAMESPACE = "travel";

/** Validated provider configuration. */
export type ProviderConfig = ClientSettings;

/** Builds the lookup over the engine's config (may be undefined) and the environment. */
export function configLookup(
  stackConfig: { get(key: string): string | undefined } | undefined,
  env: NodeJS.ProcessEnv = process.env,
): SettingLookup {
  const fromEnv = envLookup(env);
  return (name) => {
    const fromStack = stackConfig?.get(`${CONFIG_NAMESPACE}:${name}`);
    if (fromStack !== undefined && fromStack !== "") return fromStack;
    return fromEnv(name);
  };
}

/** Names a setting both ways: `configuration travel:baseUrl (env TRAVEL_BASE_URL)`. */
function stackSource(name: SettingName): string {
  const secret = name === "clientSecret" || name === "accessToken" ? " (secret)" : "";
  return `configuration ${CONFIG_NAMESPACE}:${name}${secret} (env ${SETTING_ENV_VARS[name]})`;
}

/** Validates the configuration; the error names the setting and how to set it, never its value. */
export function readProviderConfig(lookup: SettingLookup): ProviderConfig {
  return readClientSettings(lookup, stackSource);
}
