/**
 * The plugin's configuration: a provider's inputs (`travel:baseUrl`, `travel:clientId`, secret
 * `travel:clientSecret`, ... for the default provider, or the arguments of an explicit
 * `travel` provider) as the runtime reads its settings, with `TRAVEL_*` still winning
 * (`operations/config.ts`). The engine sends them both as typed arguments and as the older
 * `travel:config:<name>` text variables; the arguments win.
 */
import { SETTING_DEFAULTS, type SettingName } from "../../../client";
import { CONFIG_NAMESPACE, configLookup, readProviderConfig } from "../../operations/config";
import { containsUnknown } from "../../model/unknown-values";
import { jsonEqual, type Values } from "../../model/values";

/** The configuration as the runtime's `configure` takes it, and what is wrong with it. */
export function pluginConfig(
  args: Values,
  variables: Readonly<Record<string, string>> = {},
): { lookup: { get(key: string): string | undefined }; failures: { property: string; reason: string }[] } {
  const settings = new Map<string, string>();
  for (const [key, value] of Object.entries(variables)) {
    const name = key.startsWith(`${CONFIG_NAMESPACE}:config:`)
      ? key.slice(`${CONFIG_NAMESPACE}:config:`.length)
      : key.startsWith(`${CONFIG_NAMESPACE}:`)
        ? key.slice(`${CONFIG_NAMESPACE}:`.length)
        : undefined;
    if (name !== undefined) settings.set(name, value);
  }
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null || name === "version") continue;
    settings.set(name, typeof value === "string" ? value : JSON.stringify(value));
  }
  const lookup = {
    get: (key: string) =>
      key.startsWith(`${CONFIG_NAMESPACE}:`)
        ? settings.get(key.slice(CONFIG_NAMESPACE.length + 1))
        : undefined,
  };
  // A value not known yet (an explicit provider fed by another resource's output) is judged once known.
  if ([...settings.values()].some(containsUnknown)) return { lookup, failures: [] };
  try {
    readProviderConfig(configLookup(lookup));
    return { lookup, failures: [] };
  } catch (error) {
    return {
      lookup,
      failures: [{ property: "", reason: error instanceof Error ? error.message : String(error) }],
    };
  }
}

/**
 * The settings a new configuration changes: each compared as the runtime reads it, text or typed
 * alike, an unset one as its default (`SETTING_DEFAULTS`). An SDK's explicit provider sends the
 * defaults the schema declares, and a provider recorded before without them is the same provider.
 */
export function changedSettings(olds: Values, news: Values): string[] {
  const effective = (values: Values, key: string) => {
    const value = values[key] ?? SETTING_DEFAULTS[key as SettingName];
    return typeof value === "boolean" || typeof value === "number" ? String(value) : value;
  };
  return [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter(
    (key) => !jsonEqual(effective(olds, key), effective(news, key)),
  );
}
