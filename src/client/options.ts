/**
 * Options of {@link TravelClient}, validated with zod so that a wrong setting fails at
 * construction with a message that names it.
 */
import { z } from "zod";
import { ConfigError } from "./errors";
import type { HttpTransport } from "./http";
import type { TravelLogger } from "./logger";
import type { TokenFileCacheOptions } from "./token-file-cache";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry";

/** Credentials of an API user (OAuth2 client credentials). */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** What a caller passes to create a client. */
export interface TravelClientOptions {
  /** Base URL of the platform, such as `https://api.example.com`. */
  baseUrl: string;
  /** Client credentials; the client fetches and shares OAuth2 tokens itself. */
  credentials?: ClientCredentials | undefined;
  /** A ready access token, used as is instead of credentials. */
  accessToken?: string | undefined;
  /** Allow `http://` to a non-loopback host. Credentials then travel in clear text. */
  allowInsecureHttp?: boolean | undefined;
  connectTimeoutMs?: number | undefined;
  headersTimeoutMs?: number | undefined;
  bodyTimeoutMs?: number | undefined;
  /** Overall deadline of one call, retries and waits included. */
  deadlineMs?: number | undefined;
  /** Retries after the first attempt. */
  maxRetries?: number | undefined;
  retry?: Partial<Omit<RetryPolicy, "maxRetries">> | undefined;
  /**
   * Opt-in fixed cap on request starts per second (sliding window). Without it the client sends
   * up to `maxConcurrency` requests at once and slows down only when the platform answers 429, or
   * 503 with a throttling error code (adaptive throttling, see `rate-limiter.ts`).
   */
  requestsPerSecond?: number | undefined;
  /** Client-side cap on requests in flight; the adaptive limit stays at or below it. */
  maxConcurrency?: number | undefined;
  /** Refresh a token this long before it expires. */
  tokenRefreshSkewMs?: number | undefined;
  /**
   * Share client-credentials tokens with the other processes of `scope` through files in `dir`
   * (see `token-file-cache.ts`); without it, tokens are shared within the process only.
   */
  tokenCache?: TokenFileCacheOptions | undefined;
  /** An undici dispatcher of the caller's. */
  dispatcher?: ConstructorParameters<typeof HttpTransport>[0]["dispatcher"];
  /** Receives debug events; defaults to `TRAVEL_LOG=debug` on stderr. */
  logger?: TravelLogger | undefined;
  userAgent?: string | undefined;
}

/** Options after defaults and validation. */
export interface ResolvedClientOptions {
  baseUrl: string;
  credentials: ClientCredentials | undefined;
  accessToken: string | undefined;
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  deadlineMs: number;
  retry: RetryPolicy;
  /** The opt-in cap; undefined: adaptive only. */
  requestsPerSecond: number | undefined;
  maxConcurrency: number;
  tokenRefreshSkewMs: number;
  userAgent: string;
}

/** Requests in flight at once unless `maxConcurrency` says otherwise. */
export const DEFAULT_MAX_CONCURRENCY = 8;

const positiveMs = z.number().int().positive().max(3_600_000);

const optionsSchema = z
  .object({
    baseUrl: z.string().url(),
    credentials: z.object({ clientId: z.string().min(1), clientSecret: z.string().min(1) }).optional(),
    accessToken: z.string().min(1).optional(),
    allowInsecureHttp: z.boolean().optional(),
    connectTimeoutMs: positiveMs.default(10_000),
    headersTimeoutMs: positiveMs.default(30_000),
    bodyTimeoutMs: positiveMs.default(30_000),
    deadlineMs: positiveMs.default(120_000),
    maxRetries: z.number().int().min(0).max(20).default(DEFAULT_RETRY_POLICY.maxRetries),
    retry: z
      .object({
        baseDelayMs: positiveMs.optional(),
        maxDelayMs: positiveMs.optional(),
        maxRetryAfterMs: positiveMs.optional(),
        maxThrottledRetries: z.number().int().min(0).max(100).optional(),
      })
      .optional(),
    requestsPerSecond: z.number().positive().max(10_000).optional(),
    maxConcurrency: z.number().int().positive().max(1_000).default(DEFAULT_MAX_CONCURRENCY),
    tokenRefreshSkewMs: z.number().int().min(0).max(3_600_000).default(60_000),
    userAgent: z.string().min(1).default("pulumi-travel"),
  })
  .refine((o) => o.credentials !== undefined || o.accessToken !== undefined, {
    message: "either credentials (clientId and clientSecret) or accessToken is required",
    path: ["credentials"],
  });

const LOOPBACK_HOSTS = new Set(["localhost", "::1", "[::1]"]);

/** True for localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Validates options and fills in defaults; throws {@link ConfigError} naming the bad setting. */
export function resolveClientOptions(options: TravelClientOptions): ResolvedClientOptions {
  const { dispatcher: _dispatcher, logger: _logger, tokenCache: _tokenCache, ...plain } = options;
  const parsed = optionsSchema.safeParse(stripUndefined(plain));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join(".") || "options";
    throw new ConfigError(`invalid client option ${path}: ${issue?.message ?? "invalid"}`);
  }
  const o = parsed.data;
  const url = new URL(o.baseUrl);
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigError(`invalid client option baseUrl: protocol ${url.protocol} is not http or https`);
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname) && !o.allowInsecureHttp) {
    throw new ConfigError(
      `invalid client option baseUrl: ${url.origin} is plain http to a non-loopback host; use https, or set allowInsecureHttp to accept credentials in clear text`,
    );
  }
  return {
    baseUrl: o.baseUrl.replace(/\/+$/, ""),
    credentials: o.credentials,
    accessToken: o.accessToken,
    connectTimeoutMs: o.connectTimeoutMs,
    headersTimeoutMs: o.headersTimeoutMs,
    bodyTimeoutMs: o.bodyTimeoutMs,
    deadlineMs: o.deadlineMs,
    retry: {
      maxRetries: o.maxRetries,
      baseDelayMs: o.retry?.baseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
      maxDelayMs: o.retry?.maxDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs,
      maxRetryAfterMs: o.retry?.maxRetryAfterMs ?? DEFAULT_RETRY_POLICY.maxRetryAfterMs,
      maxThrottledRetries: o.retry?.maxThrottledRetries ?? DEFAULT_RETRY_POLICY.maxThrottledRetries,
    },
    requestsPerSecond: o.requestsPerSecond,
    maxConcurrency: o.maxConcurrency,
    tokenRefreshSkewMs: o.tokenRefreshSkewMs,
    userAgent: o.userAgent,
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
