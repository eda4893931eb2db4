/**
 * Client settings by name, as the `TRAVEL_*` environment variables carry them: validated with zod
 * and turned into {@link TravelClientOptions}. The Pulumi provider layers stack config on top
 * (provider/operations/config.ts); the CLI reads the environment alone.
 */
import { z } from "zod";
import { ConfigError } from "./errors";
import { DEFAULT_MAX_CONCURRENCY, type TravelClientOptions } from "./options";
import { DEFAULT_RETRY_POLICY } from "./retry";

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

/** The settings' schema: each setting's text, validated and converted (`"true"` to `true`). */
export const clientSettingsSchema = z.object({
  /** Base URL of the platform's API, such as `https://api.example.com`. */
  baseUrl: z.string({ error: "is required" }).url("must be a URL"),
  /** Client id of the API user the provider calls the platform as (OAuth2 client credentials). */
  clientId: z.string().min(1).optional(),
  /** Client secret of that API user. */
  clientSecret: z.string().min(1).optional(),
  /** A ready access token, used as is instead of the client id and secret. */
  accessToken: z.string().min(1).optional(),
  /** Allow `http://` to a host other than the loopback; credentials then travel in clear text. */
  allowInsecureHttp: booleanText.optional(),
  /** An opt-in hard cap on requests started per second; without it the client throttles adaptively. */
  requestsPerSecond: z.coerce.number().positive().optional(),
  /** The most requests in flight at once; the adaptive limit stays at or below it. */
  maxConcurrency: z.coerce.number().int().positive().optional(),
  /** Retries of a failed call after its first attempt (429s are retried apart from these). */
  maxRetries: z.coerce.number().int().min(0).optional(),
  /** The Pulumi provider requests one token at preview to check the credentials; `false` skips it. */
  verifyCredentials: booleanText.optional(),
});

/**
 * What an unset setting means, where it means a value: the client's defaults, and the provider's
 * credential check, made unless `verifyCredentials` is `false`. The package schema declares them.
 */
export const SETTING_DEFAULTS: Readonly<Partial<Record<SettingName, boolean | number>>> = {
  allowInsecureHttp: false,
  maxConcurrency: DEFAULT_MAX_CONCURRENCY,
  maxRetries: DEFAULT_RETRY_POLICY.maxRetries,
  verifyCredentials: true,
};

/** The settings that are secrets: stack config holds them encrypted, and nothing logs them. */
export const SECRET_SETTINGS: readonly SettingName[] = ["clientSecret", "accessToken"];

/** Validated client settings. */
export type ClientSettings = z.output<typeof clientSettingsSchema>;

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
  const parsed = clientSettingsSchema.safeParse(raw);
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
