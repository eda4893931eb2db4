/**
 * The HTTP transport: the only module that imports undici. One keep-alive Agent with explicit
 * connect, headers and body timeouts (undici's defaults are 300 s), or a caller's dispatcher.
 *
 * undici (109 modules, about 60 ms to load on an idle machine) is loaded at the first request, not
 * on import: a Pulumi program loads this package but never sends, and neither does a provider
 * process whose preview makes no call.
 */
import "./supported-node";
import type { Dispatcher } from "undici";
import { ConnectionError, type RequestTarget, TimeoutError } from "./errors";

type Undici = typeof import("undici");
let loaded: Undici | undefined;

/** undici, loaded on first use. */
function undici(): Undici {
  return (loaded ??= require("undici") as Undici);
}

/** Transport settings. */
export interface TransportOptions {
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** Idle keep-alive sockets are closed after this long. */
  keepAliveTimeoutMs: number;
  /** Responses larger than this are refused. */
  maxResponseBytes: number;
  /** A dispatcher of the caller's (a proxy agent, a mock); the transport then creates no Agent. */
  dispatcher?: Dispatcher | undefined;
}

/** One HTTP request, fully formed. */
export interface HttpRequest {
  method: string;
  url: string;
  /** The redacted URL, used in errors. */
  displayUrl: string;
  headers: Record<string, string>;
  body?: string | undefined;
  signal?: AbortSignal | undefined;
}

/** A response with its body read as text. */
export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends requests over a shared undici dispatcher. */
export class HttpTransport {
  /** The caller's dispatcher, or the Agent once the first request created it. */
  private dispatcher: Dispatcher | undefined;
  private readonly ownsDispatcher: boolean;
  private closed = false;

  constructor(private readonly options: TransportOptions) {
    this.ownsDispatcher = options.dispatcher === undefined;
    this.dispatcher = options.dispatcher;
  }

  /** The dispatcher, creating the transport's own Agent (and loading undici) on first use. */
  private activeDispatcher(): Dispatcher {
    if (this.dispatcher) return this.dispatcher;
    const agent = new (undici().Agent)({
      connect: { timeout: this.options.connectTimeoutMs },
      headersTimeout: this.options.headersTimeoutMs,
      bodyTimeout: this.options.bodyTimeoutMs,
      keepAliveTimeout: this.options.keepAliveTimeoutMs,
    });
    // A transport closed before its first request behaves as a closed Agent does.
    if (this.closed) void agent.close();
    this.dispatcher = agent;
    return agent;
  }

  /**
   * Sends one request. Resolves with any HTTP status; rejects only with {@link ConnectionError}
   * or {@link TimeoutError} for transport failures.
   */
  async send(req: HttpRequest): Promise<HttpResponse> {
    const target: RequestTarget = { method: req.method, url: req.displayUrl };
    try {
      const response = await undici().request(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body ?? null,
        dispatcher: this.activeDispatcher(),
        ...(req.signal ? { signal: req.signal } : {}),
        headersTimeout: this.options.headersTimeoutMs,
        bodyTimeout: this.options.bodyTimeoutMs,
      });
      const body = await readBody(response.body, this.options.maxResponseBytes, target);
      return { status: response.statusCode, headers: flattenHeaders(response.headers), body };
    } catch (error) {
      throw toTransportError(error, target, this.options, req.signal);
    }
  }

  /** Closes the Agent the transport created; a caller's dispatcher is left open. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.ownsDispatcher && this.dispatcher) await this.dispatcher.close();
  }
}

async function readBody(
  body: AsyncIterable<Buffer | Uint8Array | string>,
  maxBytes: number,
  target: RequestTarget,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk);
    size += buffer.length;
    if (size > maxBytes) {
      throw new ConnectionError(target, `response body exceeds ${maxBytes} bytes`, "RESPONSE_TOO_LARGE");
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined) out[key.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function toTransportError(
  error: unknown,
  target: RequestTarget,
  options: TransportOptions,
  signal: AbortSignal | undefined,
): Error {
  if (error instanceof ConnectionError || error instanceof TimeoutError) return error;
  const code = errorCode(error);
  switch (code) {
    case "UND_ERR_CONNECT_TIMEOUT":
      return new TimeoutError(target, "connect", options.connectTimeoutMs);
    case "UND_ERR_HEADERS_TIMEOUT":
      return new TimeoutError(target, "headers", options.headersTimeoutMs);
    case "UND_ERR_BODY_TIMEOUT":
      return new TimeoutError(target, "body", options.bodyTimeoutMs);
  }
  if (signal?.aborted) {
    const reason: unknown = signal.reason;
    if (reason instanceof TimeoutError) return reason;
    return new ConnectionError(target, "request aborted", "ABORTED");
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ConnectionError(target, message, code);
}
