/**
 * The travel platform API client: OAuth2 tokens shared per (baseUrl, clientId), client-side
 * throttling, retries with capped backoff that honour `Retry-After`, an overall deadline per
 * call, typed errors and redacted debug logging. It never imports `@pulumi/pulumi`.
 *
 * A call flows through layers, outermost first: {@link retryLayer} → {@link authLayer} →
 * {@link throttleLayer} → {@link clockLayer} → {@link transportSend}. Each is a small function
 * tested on its own. The clock layer keeps the platform's time ({@link TravelClient.platformNow})
 * from each answer's `Date`.
 */
import { ClientCredentialsTokenSource, type IssuedToken, StaticTokenSource, type TokenSource } from "./auth";
import { authLayer } from "./auth-layer";
import { clockLayer } from "./clock-layer";
import { InvalidResponseError, type RequestTarget } from "./errors";
import { compose, type Send, startDeadline } from "./exchange";
import { type HttpResponse, HttpTransport } from "./http";
import { loggerFromEnv, type TravelLogger } from "./logger";
import { type ResolvedClientOptions, resolveClientOptions, type TravelClientOptions } from "./options";
import { PlatformClock } from "./platform-clock";
import { RateLimiter } from "./rate-limiter";
import { redactUrl } from "./redact";
import {
  type ApiRequest,
  type ApiResponse,
  encodeBody,
  type HttpMethod,
  isIdempotent,
  type RequestOptions,
} from "./request";
import type { RetryPolicy } from "./retry";
import { retryLayer } from "./retry-layer";
import { throttleLayer } from "./throttle-layer";
import { TokenFileCache } from "./token-file-cache";
import { transportSend } from "./transport-layer";
import { buildUrl } from "./url";

/** Path of the OAuth2 token endpoint. */
export const TOKEN_PATH = "/v2/auth/oauth2-token";

/** The resilient client every part of pulumi-travel talks to the platform through. */
export class TravelClient {
  /** Validated settings, secrets included; never log this object. */
  private readonly options: ResolvedClientOptions;
  private readonly transport: HttpTransport;
  private readonly limiter: RateLimiter;
  private readonly send: Send;
  private readonly tokens: TokenSource;
  private readonly logger: TravelLogger;
  /** The platform's clock, learned from the `Date` of every answer. */
  readonly platformClock = new PlatformClock();

  constructor(options: TravelClientOptions) {
    this.options = resolveClientOptions(options);
    const logger = options.logger ?? loggerFromEnv();
    this.logger = logger;
    this.transport = new HttpTransport({
      connectTimeoutMs: this.options.connectTimeoutMs,
      headersTimeoutMs: this.options.headersTimeoutMs,
      bodyTimeoutMs: this.options.bodyTimeoutMs,
      keepAliveTimeoutMs: 10_000,
      maxResponseBytes: 32 * 1024 * 1024,
      dispatcher: options.dispatcher,
    });
    this.limiter = new RateLimiter({
      requestsPerSecond: this.options.requestsPerSecond ?? 0,
      maxConcurrency: this.options.maxConcurrency,
    });
    const { credentials, accessToken } = this.options;
    const tokenCache = options.tokenCache;
    this.tokens =
      accessToken !== undefined
        ? new StaticTokenSource(accessToken)
        : new ClientCredentialsTokenSource(
            this.options.baseUrl,
            credentials?.clientId ?? "",
            credentials?.clientSecret ?? "",
            () => this.fetchToken(),
            this.options.tokenRefreshSkewMs,
            Date.now,
            tokenCache && {
              cache: new TokenFileCache(tokenCache),
              tokenUrl: buildUrl(this.options.baseUrl, TOKEN_PATH),
              onError: (error) =>
                logger.debug("token-cache", {
                  dir: tokenCache.dir,
                  error: error instanceof Error ? error.message : String(error),
                  note: "token kept in this process only",
                }),
              onWait: () =>
                logger.debug("token-cache", {
                  dir: tokenCache.dir,
                  note: "waiting for the token another process of the run is fetching",
                }),
            },
          );
    this.send = compose(
      retryLayer(this.options.retry, logger),
      authLayer(this.tokens, logger),
      throttleLayer(this.limiter, this.options.retry.maxRetryAfterMs),
      clockLayer(this.platformClock),
    )(transportSend(this.transport));
  }

  /**
   * The platform's current time by its own clock: the local time moved by the offset the latest
   * answer's `Date` showed (to the second). Undefined before any answer carried a valid `Date`.
   */
  platformNow(): Date | undefined {
    const ms = this.platformClock.at();
    return ms === undefined ? undefined : new Date(ms);
  }

  /**
   * {@link platformNow}, learning it first when no answer has been received yet: with one GET of
   * `probePath` (a cheap authenticated read; its answer carries a `Date` whatever its status),
   * else with the token request (none is sent while a token is held). Undefined, with a debug log
   * line saying why, when the time cannot be learned: the probe failed to reach the platform, or no
   * answer carried a valid `Date`.
   */
  async learnPlatformNow(probePath?: string): Promise<Date | undefined> {
    if (this.platformClock.offsetMs === undefined) {
      try {
        if (probePath !== undefined) await this.request({ method: "GET", path: probePath });
        else if (this.options.accessToken === undefined) await this.tokens.getToken();
      } catch (error) {
        // An error answer still carried a Date; only the clock is wanted here.
        this.logger.debug("clock", {
          url: this.baseUrl,
          probe: probePath ?? TOKEN_PATH,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    const now = this.platformNow();
    if (now === undefined)
      this.logger.debug("clock", {
        url: this.baseUrl,
        note: "the platform's time is unknown: no answer with a valid Date header yet",
      });
    return now;
  }

  /** The base URL requests go to. */
  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** The retry policy every call runs under; callers that repeat calls themselves share it. */
  get retryPolicy(): Readonly<RetryPolicy> {
    return this.options.retry;
  }

  /** Sends a request and returns the parsed response, validated by `req.schema` when given. */
  async request<T = unknown>(req: ApiRequest<T>): Promise<ApiResponse<T>> {
    const { response, data, target } = await this.executeJson(req);
    if (!req.schema) return { status: response.status, headers: response.headers, data: data as T };
    const parsed = req.schema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new InvalidResponseError(
        target,
        response.status,
        `${issue?.path.join(".") || "body"}: ${issue?.message ?? "does not match"}`,
      );
    }
    return { status: response.status, headers: response.headers, data: parsed.data };
  }

  /** GET, returning the body. */
  async get<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    return this.call("GET", path, options);
  }

  /** POST, returning the response body. */
  async post<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    return this.call("POST", path, options);
  }

  /** PUT (a full replacement), returning the response body. */
  async put<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    return this.call("PUT", path, options);
  }

  /** PATCH, returning the response body. */
  async patch<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    return this.call("PATCH", path, options);
  }

  /** DELETE, returning the response body. */
  async delete<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    return this.call("DELETE", path, options);
  }

  /**
   * Makes sure the client holds a token: fetches one (or takes one its token cache shares), so that
   * wrong credentials or an unreachable token endpoint fail here. With an access token, does nothing.
   */
  async ensureToken(): Promise<void> {
    await this.tokens.getToken();
  }

  /** Closes the client's connection pool. */
  async close(): Promise<void> {
    await this.transport.close();
  }

  private async call<T>(method: HttpMethod, path: string, options: RequestOptions<T>): Promise<T> {
    return (await this.request<T>({ ...options, method, path })).data;
  }

  private async fetchToken(): Promise<IssuedToken> {
    const { credentials } = this.options;
    const { response, data, target } = await this.executeJson({
      method: "POST",
      path: TOKEN_PATH,
      form: {
        grant_type: "client_credentials",
        client_id: credentials?.clientId ?? "",
        client_secret: credentials?.clientSecret ?? "",
      },
      auth: false,
      idempotent: true,
    });
    const body = data as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (typeof body?.access_token !== "string" || body.access_token === "") {
      throw new InvalidResponseError(target, response.status, "access_token is missing");
    }
    return {
      accessToken: body.access_token,
      expiresInSeconds: typeof body.expires_in === "number" ? body.expires_in : undefined,
    };
  }

  /**
   * Runs a call and parses its JSON body. A 2xx answer whose body cannot be read (cut short, or
   * not JSON) is asked again where repeating the call is harmless (reads, token requests, the
   * idempotent writes a caller declares), up to `maxRetries` times; a body that still cannot be
   * read, or one of a call that is not safe to repeat (a create: it took effect), throws an
   * {@link InvalidResponseError} saying so.
   */
  private async executeJson(
    req: ApiRequest<unknown>,
  ): Promise<{ response: HttpResponse; data: unknown; target: RequestTarget }> {
    const target: RequestTarget = { method: req.method, url: redactUrl(buildUrl(this.baseUrl, req.path)) };
    const repeatable = isIdempotent(req);
    for (let attempt = 1; ; attempt++) {
      const response = await this.execute(req);
      const data = readJson(response.body);
      if (data.ok) return { response, data: data.value, target };
      if (!repeatable || attempt > this.options.retry.maxRetries) {
        const reason = repeatable
          ? `the body could not be read (cut short or not JSON) in ${attempt} answers`
          : "the body could not be read (cut short or not JSON); the request was answered with success, so it took effect";
        throw new InvalidResponseError(target, response.status, reason);
      }
    }
  }

  /** Runs a call through the layers; resolves with a 2xx response or throws a `TravelError`. */
  private execute(req: ApiRequest<unknown>): Promise<HttpResponse> {
    const url = buildUrl(this.baseUrl, req.path, req.query);
    const { body, contentType } = encodeBody(req);
    const headers: Record<string, string> = {
      accept: "application/json",
      "user-agent": this.options.userAgent,
      ...req.headers,
    };
    if (contentType) headers["content-type"] = contentType;
    return this.send({
      method: req.method,
      url,
      target: { method: req.method, url: redactUrl(url) },
      headers,
      body,
      idempotent: isIdempotent(req),
      auth: req.auth !== false,
      deadline: startDeadline(req.timeoutMs ?? this.options.deadlineMs),
      signal: req.signal,
      attempt: 1,
    });
  }
}

/** The JSON of `body`: undefined when empty; not ok when it cannot be parsed. */
function readJson(body: string): { ok: true; value: unknown } | { ok: false } {
  if (body.trim() === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch {
    return { ok: false };
  }
}
