/**
 * The travel platform API client: OAuth2 tokens shared per (baseUrl, clientId), client-side
 * throttling, retries with capped backoff that honour `Retry-After`, an overall deadline per
 * call, typed errors and redacted debug logging. It never imports `@pulumi/pulumi`.
 */
import type { z } from "zod";
import { ClientCredentialsTokenSource, type IssuedToken, StaticTokenSource, type TokenSource } from "./auth";
import {
  type ApiError,
  apiErrorFromResponse,
  ConnectionError,
  InvalidResponseError,
  type PlatformErrorMessage,
  type RequestTarget,
  TimeoutError,
} from "./errors";
import { type HttpResponse, HttpTransport } from "./http";
import { loggerFromEnv, type TravelLogger } from "./logger";
import { type ResolvedClientOptions, resolveClientOptions, type TravelClientOptions } from "./options";
import { RateLimiter } from "./rate-limiter";
import { redactText, redactUrl } from "./redact";
import { type AttemptOutcome, decideRetry } from "./retry";
import { buildUrl, type QueryValue } from "./url";

/** HTTP methods the platform uses. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One API call. */
export interface ApiRequest {
  method: HttpMethod;
  /** Path below the base URL; build it with {@link apiPath}. */
  path: string;
  query?: Record<string, QueryValue> | undefined;
  /** JSON body. */
  body?: unknown;
  /** Form-encoded body (the token endpoint). */
  form?: Record<string, string> | undefined;
  /**
   * Whether repeating the call cannot duplicate an effect. Defaults to true for GET, PUT and
   * DELETE and false for POST and PATCH; list and search POSTs pass true.
   */
  idempotent?: boolean | undefined;
  /** Send a bearer token (default true). */
  auth?: boolean | undefined;
  headers?: Record<string, string> | undefined;
  /** Overrides the client's per-call deadline. */
  deadlineMs?: number | undefined;
  signal?: AbortSignal | undefined;
}

/** A successful response. */
export interface ApiResponse<T> {
  status: number;
  headers: Record<string, string>;
  data: T;
}

/** Path of the OAuth2 token endpoint. */
export const TOKEN_PATH = "/v2/auth/oauth2-token";

const IDEMPOTENT_BY_DEFAULT: ReadonlySet<HttpMethod> = new Set(["GET", "PUT", "DELETE"]);

/** The resilient client every part of pulumi-travel talks to the platform through. */
export class TravelClient {
  /** Validated settings, secrets included; never log this object. */
  private readonly options: ResolvedClientOptions;
  private readonly transport: HttpTransport;
  private readonly limiter: RateLimiter;
  private readonly tokens: TokenSource;
  private readonly logger: TravelLogger;

  constructor(options: TravelClientOptions) {
    this.options = resolveClientOptions(options);
    this.logger = options.logger ?? loggerFromEnv();
    this.transport = new HttpTransport({
      connectTimeoutMs: this.options.connectTimeoutMs,
      headersTimeoutMs: this.options.headersTimeoutMs,
      bodyTimeoutMs: this.options.bodyTimeoutMs,
      keepAliveTimeoutMs: 10_000,
      maxResponseBytes: 32 * 1024 * 1024,
      dispatcher: options.dispatcher,
    });
    this.limiter = new RateLimiter({
      requestsPerSecond: this.options.requestsPerSecond,
      maxConcurrency: this.options.maxConcurrency,
    });
    const { credentials, accessToken } = this.options;
    this.tokens =
      accessToken !== undefined
        ? new StaticTokenSource(accessToken)
        : new ClientCredentialsTokenSource(
            this.options.baseUrl,
            credentials?.clientId ?? "",
            credentials?.clientSecret ?? "",
            () => this.fetchToken(),
            this.options.tokenRefreshSkewMs,
          );
  }

  /** The base URL requests go to. */
  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** Sends a request and returns the parsed response, validated by `schema` when given. */
  async request<T = unknown>(req: ApiRequest, schema?: z.ZodType<T>): Promise<ApiResponse<T>> {
    const response = await this.execute(req);
    const target: RequestTarget = { method: req.method, url: redactUrl(buildUrl(this.baseUrl, req.path)) };
    const data = parseBody(response, target);
    if (!schema) return { status: response.status, headers: response.headers, data: data as T };
    const parsed = schema.safeParse(data);
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
  async get<T = unknown>(path: string, query?: ApiRequest["query"], schema?: z.ZodType<T>): Promise<T> {
    return (await this.request({ method: "GET", path, query }, schema)).data;
  }

  /** POST of a JSON body, returning the response body. */
  async post<T = unknown>(
    path: string,
    body: unknown,
    options: Omit<ApiRequest, "method" | "path" | "body"> = {},
    schema?: z.ZodType<T>,
  ): Promise<T> {
    return (await this.request({ ...options, method: "POST", path, body }, schema)).data;
  }

  /** PUT of a JSON body (a full replacement), returning the response body. */
  async put<T = unknown>(
    path: string,
    body: unknown,
    query?: ApiRequest["query"],
    schema?: z.ZodType<T>,
  ): Promise<T> {
    return (await this.request({ method: "PUT", path, body, query }, schema)).data;
  }

  /** PATCH of a JSON body, returning the response body. */
  async patch<T = unknown>(
    path: string,
    body: unknown,
    query?: ApiRequest["query"],
    schema?: z.ZodType<T>,
  ): Promise<T> {
    return (await this.request({ method: "PATCH", path, body, query }, schema)).data;
  }

  /** DELETE, returning the response body. */
  async delete<T = unknown>(path: string, query?: ApiRequest["query"]): Promise<T> {
    return (await this.request<T>({ method: "DELETE", path, query })).data;
  }

  /** Closes the client's connection pool. */
  async close(): Promise<void> {
    await this.transport.close();
  }

  private async fetchToken(): Promise<IssuedToken> {
    const { credentials } = this.options;
    const response = await this.execute({
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
    const target = { method: "POST", url: redactUrl(buildUrl(this.baseUrl, TOKEN_PATH)) };
    const body = parseBody(response, target) as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (typeof body?.access_token !== "string" || body.access_token === "") {
      throw new InvalidResponseError(target, response.status, "access_token is missing");
    }
    return {
      accessToken: body.access_token,
      expiresInSeconds: typeof body.expires_in === "number" ? body.expires_in : undefined,
    };
  }

  /** The retry loop; resolves with a 2xx response or throws a {@link TravelError}. */
  private async execute(req: ApiRequest): Promise<HttpResponse> {
    const url = buildUrl(this.baseUrl, req.path, req.query);
    const target: RequestTarget = { method: req.method, url: redactUrl(url) };
    const idempotent = req.idempotent ?? IDEMPOTENT_BY_DEFAULT.has(req.method);
    const deadlineMs = req.deadlineMs ?? this.options.deadlineMs;
    const startedAt = Date.now();
    const remaining = () => deadlineMs - (Date.now() - startedAt);
    const { body, contentType } = encodeBody(req);
    let renewedToken = false;

    for (let attempt = 1; ; attempt++) {
      const attemptStart = performance.now();
      const token = req.auth === false ? undefined : await this.tokens.getToken();
      const headers: Record<string, string> = {
        accept: "application/json",
        "user-agent": this.options.userAgent,
        ...req.headers,
      };
      if (contentType) headers["content-type"] = contentType;
      if (token) headers.authorization = `Bearer ${token}`;

      let response: HttpResponse | undefined;
      let failure: ConnectionError | TimeoutError | undefined;
      const release = await this.waitForSlot(remaining(), target, attempt);
      const deadlineSignal = AbortSignal.timeout(Math.max(1, remaining()));
      try {
        response = await this.transport.send({
          method: req.method,
          url,
          displayUrl: target.url,
          headers,
          body,
          signal: req.signal ? AbortSignal.any([req.signal, deadlineSignal]) : deadlineSignal,
        });
      } catch (error) {
        if (!(error instanceof ConnectionError || error instanceof TimeoutError)) throw error;
        failure =
          deadlineSignal.aborted && !req.signal?.aborted
            ? new TimeoutError(target, "deadline", deadlineMs)
            : error;
        failure.attempts = attempt;
      } finally {
        release();
      }

      const durationMs = Math.round(performance.now() - attemptStart);
      if (response && response.status < 400) {
        this.log(req, target, attempt, durationMs, response.status);
        return response;
      }
      if (response?.status === 401 && token && !renewedToken) {
        renewedToken = true;
        this.tokens.invalidate(token);
        this.log(req, target, attempt, durationMs, 401, "renewing token");
        continue;
      }
      if (
        failure &&
        (req.signal?.aborted || (failure instanceof TimeoutError && failure.phase === "deadline"))
      ) {
        this.log(req, target, attempt, durationMs, failure.kind, "no retry");
        throw failure;
      }
      const outcome: AttemptOutcome = response
        ? { type: "status", status: response.status, retryAfter: response.headers["retry-after"] }
        : failure instanceof TimeoutError
          ? { type: "timeout", phase: failure.phase }
          : { type: "connection", code: failure?.causeCode };
      const decision = decideRetry({
        outcome,
        attempt,
        idempotent,
        policy: this.options.retry,
        remainingMs: remaining(),
        nowMs: Date.now(),
        random: Math.random(),
      });
      if (decision.retry) {
        this.log(
          req,
          target,
          attempt,
          durationMs,
          response?.status ?? failure?.kind,
          `retry in ${decision.delayMs} ms`,
        );
        await sleep(decision.delayMs, req.signal);
        continue;
      }
      this.log(req, target, attempt, durationMs, response?.status ?? failure?.kind, decision.reason);
      if (failure) throw failure;
      throw this.toApiError(response as HttpResponse, target, attempt, decision);
    }
  }

  private async waitForSlot(
    remainingMs: number,
    target: RequestTarget,
    attempt: number,
  ): Promise<() => void> {
    let timer: NodeJS.Timeout | undefined;
    const slot = this.limiter.acquire();
    try {
      return await Promise.race([
        slot,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new TimeoutError(target, "deadline", this.options.deadlineMs, attempt)),
            Math.max(0, remainingMs),
          );
        }),
      ]);
    } catch (error) {
      slot.then((release) => release()).catch(() => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private toApiError(
    response: HttpResponse,
    target: RequestTarget,
    attempts: number,
    decision: { retryAfterMs?: number | undefined },
  ): ApiError {
    const body = tryParseJson(response.body) as
      { debugIdentifier?: unknown; errorMessages?: unknown } | undefined;
    const messages = Array.isArray(body?.errorMessages) ? (body.errorMessages as PlatformErrorMessage[]) : [];
    const first = messages[0];
    const text =
      messages
        .map((m) => m.message)
        .filter((m): m is string => typeof m === "string" && m !== "")
        .join("; ") || (response.body && !body ? response.body.slice(0, 200) : `HTTP ${response.status}`);
    const debugIdentifier =
      typeof body?.debugIdentifier === "string" ? body.debugIdentifier : response.headers["x-request-id"];
    return apiErrorFromResponse({
      ...target,
      status: response.status,
      code: typeof first?.errorCode === "string" ? first.errorCode : undefined,
      message: redactText(text),
      debugIdentifier,
      errorMessages: messages.map((m) => ({ ...m, message: m.message ? redactText(m.message) : m.message })),
      retryAfterMs: decision.retryAfterMs,
      attempts,
    });
  }

  private log(
    req: ApiRequest,
    target: RequestTarget,
    attempt: number,
    durationMs: number,
    status: number | string | undefined,
    note?: string,
  ): void {
    this.logger.debug("request", {
      method: req.method,
      url: target.url,
      status,
      durationMs,
      attempt,
      note,
    });
  }
}

function encodeBody(req: ApiRequest): { body: string | undefined; contentType: string | undefined } {
  if (req.form)
    return {
      body: new URLSearchParams(req.form).toString(),
      contentType: "application/x-www-form-urlencoded",
    };
  if (req.body === undefined) return { body: undefined, contentType: undefined };
  return { body: JSON.stringify(req.body), contentType: "application/json" };
}

function tryParseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseBody(response: HttpResponse, target: RequestTarget): unknown {
  if (response.body.trim() === "") return undefined;
  try {
    return JSON.parse(response.body);
  } catch {
    throw new InvalidResponseError(target, response.status, "the body is not JSON");
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new Error("aborted");
}
