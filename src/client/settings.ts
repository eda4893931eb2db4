/**
 * Client settings by name, as the `TRAVEL_*` environment variables carry them: validated with zod
 * and turned into {@link TravelClientOptions}. The Pulumi provider layers stack config on top
 * (provider/operations/config.ts); the CLI reads the environment alone.
 */
import { z } from "zod";
import { ConfigError } from "./errors";
import type { TravelClientOptions } from "./options";

/** Setting names and their environment variables. */
export const SETTING_ENV_VARS = {
  baseUrl: "TRAVEL_BASE_URL",
  clientId: "TRAVEL_CLIENT_ID",
  clientSecret: "TRAVEL_CLIENT_SECRET",
  accessToken: "TRAVEL_ACCESS_TOKEN",
  allowInsecureHttp: "TRAVEL_ALLOW_INSECURE_HTTP",
  requestsPerSecond: "TRAVEL_REQUESTS_PER_SECOND",
  maxConcurrency: "TRAVEL_MAX_CONCURRENCY",
  maxRetries: "TRAVEL_MAX_RETRIES",
  verifyCredentials: "TRAVEL_VERIFY_CREDENTIALS",
} as const;

/** A setting's name. */
export type SettingName = keyof typeof SETTING_ENV_VARS;

/** Reads a setting's raw text by name; undefined when unset. */
export type SettingLookup = (name: SettingName) => string | undefined;

/** Says where a setting comes from, for error messages (`TRAVEL_BASE_URL`). */
export type SettingSource = (name: SettingName) => string;

const booleanText = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const settingsSchema = z.object({
  baseUrl: z.string({ error: "is required" }).url("must be a URL"),
  clientId: z.string().min(1).optional(),
  clientSecret: z.string().min(1).optional(),
  accessToken: z.string().min(1).optional(),
  allowInsecureHttp: booleanText.optional(),
  requestsPerSecond: z.coerce.number().positive().optional(),
  maxConcurrency: z.coerce.number().int().positive().optional(),
  maxRetries: z.coerce.number().int().min(0).optional(),
  /** The Pulumi provider requests one token at preview to check the credentials; `false` skips it. */
  verifyCredentials: booleanText.optional(),
});

/** Validated client settings. */
export type ClientSettings = z.output<typeof settingsSchema>;

/** Looks settings up in `env`; an empty variable counts as unset. */
export function envLookup(env: NodeJS.ProcessEnv = process.env): SettingLookup {
  return (name) => {
    const value = env[SETTING_ENV_VARS[name]];
    return value === "" ? undefined : value;
  };
}

/** Names a setting by its environment variable: `setting TRAVEL_BASE_URL`. */
export const envSource: SettingSource = (name) => `setting ${SETTING_ENV_VARS[name]}`;

/**
 * Validates the settings; the error names the setting by `source` and the reason, never its
 * value. Credentials (client id and secret, or an access token) are required.
 */
export function readClientSettings(lookup: SettingLookup, source: SettingSource = envSource): ClientSettings {
  const raw = Object.fromEntries(
    (Object.keys(SETTING_ENV_VARS) as SettingName[]).map((name) => [name, lookup(name)]),
  );
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "baseUrl") as SettingName;
    throw new ConfigError(`${source(name)}: ${issue?.message ?? "invalid"}`);
  }
  const settings = parsed.data;
  const hasCredentials = settings.clientId !== undefined && settings.clientSecret !== undefined;
  if (!hasCredentials && settings.accessToken === undefined) {
    throw new ConfigError(
      `pulumi-travel needs credentials: ${source("clientId")} and ${source("clientSecret")}, or ${source("accessToken")}`,
    );
  }
  return settings;
}

/** Client options for validated settings. */
export function clientOptionsFor(settings: ClientSettings): TravelClientOptions {
  return {
    baseUrl: settings.baseUrl,
    credentials:
      settings.clientId !== undefined && settings.clientSecret !== undefined
        ? { clientId: settings.clientId, clientSecret: settings.clientSecret }
        : undefined,
    accessToken: settings.accessToken,
    allowInsecureHttp: settings.allowInsecureHttp,
    requestsPerSecond: settings.requestsPerSecond,
    maxConcurrency: settings.maxConcurrency,
    maxRetries: settings.maxRetries,
  };
}

/** Settings from the environment: `TRAVEL_BASE_URL`, `TRAVEL_CLIENT_ID`, ... */
export function clientOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): TravelClientOptions {
  return clientOptionsFor(readClientSettings(envLookup(env)));
}
