/**
 * Provider configuration: stack config (`travel:baseUrl`, `travel:clientId`, secret
 * `travel:clientSecret`, ...) delivered by the engine through `configure`, falling back to
 * `TRAVEL_*` environment variables read at call time. Never captured in state.
 */
import { z } from "zod";
import { ConfigError, type TravelClientOptions } from "../client";

/** Configuration keys, as `pulumi config set travel:<key>` and as environment variables. */
export const CONFIG_KEYS = {
  baseUrl: "TRAVEL_BASE_URL",
  clientId: "TRAVEL_CLIENT_ID",
  clientSecret: "TRAVEL_CLIENT_SECRET",
  accessToken: "TRAVEL_ACCESS_TOKEN",
  allowInsecureHttp: "TRAVEL_ALLOW_INSECURE_HTTP",
  requestsPerSecond: "TRAVEL_REQUESTS_PER_SECOND",
  maxConcurrency: "TRAVEL_MAX_CONCURRENCY",
  maxRetries: "TRAVEL_MAX_RETRIES",
} as const;

/** The config namespace. */
export const CONFIG_NAMESPACE = "travel";

const booleanText = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const configSchema = z.object({
  baseUrl: z.string({ error: "is required (travel:baseUrl or TRAVEL_BASE_URL)" }).url("must be a URL"),
  clientId: z.string().min(1).optional(),
  clientSecret: z.string().min(1).optional(),
  accessToken: z.string().min(1).optional(),
  allowInsecureHttp: booleanText.optional(),
  requestsPerSecond: z.coerce.number().positive().optional(),
  maxConcurrency: z.coerce.number().int().positive().optional(),
  maxRetries: z.coerce.number().int().min(0).optional(),
});

/** Validated provider configuration. */
export type ProviderConfig = z.output<typeof configSchema>;

/** Reads a config value by key: stack config first, then the environment. */
export type ConfigLookup = (key: keyof typeof CONFIG_KEYS) => string | undefined;

/** Builds the lookup over the engine's config (may be undefined) and the environment. */
export function configLookup(
  stackConfig: { get(key: string): string | undefined } | undefined,
  env: NodeJS.ProcessEnv = process.env,
): ConfigLookup {
  return (key) => {
    const fromStack = stackConfig?.get(`${CONFIG_NAMESPACE}:${key}`);
    if (fromStack !== undefined && fromStack !== "") return fromStack;
    const fromEnv = env[CONFIG_KEYS[key]];
    return fromEnv === "" ? undefined : fromEnv;
  };
}

/** Validates the configuration; the error names the setting and how to set it, never its value. */
export function readProviderConfig(lookup: ConfigLookup): ProviderConfig {
  const raw = Object.fromEntries(
    (Object.keys(CONFIG_KEYS) as (keyof typeof CONFIG_KEYS)[]).map((key) => [key, lookup(key)]),
  );
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = String(issue?.path[0] ?? "config") as keyof typeof CONFIG_KEYS;
    throw new ConfigError(
      `pulumi-travel configuration ${CONFIG_NAMESPACE}:${key} (env ${CONFIG_KEYS[key] ?? "?"}): ${issue?.message ?? "invalid"}`,
    );
  }
  const config = parsed.data;
  const hasCredentials = config.clientId !== undefined && config.clientSecret !== undefined;
  if (!hasCredentials && config.accessToken === undefined) {
    throw new ConfigError(
      "pulumi-travel needs credentials: set travel:clientId and the secret travel:clientSecret " +
        "(pulumi config set --secret travel:clientSecret ...), or TRAVEL_CLIENT_ID and TRAVEL_CLIENT_SECRET, or TRAVEL_ACCESS_TOKEN",
    );
  }
  return config;
}

/** Client options for a configuration. */
export function clientOptionsFor(config: ProviderConfig): TravelClientOptions {
  return {
    baseUrl: config.baseUrl,
    credentials:
      config.clientId !== undefined && config.clientSecret !== undefined
        ? { clientId: config.clientId, clientSecret: config.clientSecret }
        : undefined,
    accessToken: config.accessToken,
    allowInsecureHttp: config.allowInsecureHttp,
    requestsPerSecond: config.requestsPerSecond,
    maxConcurrency: config.maxConcurrency,
    maxRetries: config.maxRetries,
  };
}
