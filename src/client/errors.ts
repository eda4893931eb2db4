/**
 * The error family of the travel API client. Every error carries a stable `kind` string to branch
 * on, and is branded the way undici brands its errors: each class of the family marks its
 * instances with `Symbol.for("pulumi-travel.error.<ClassName>")`, and `instanceof` checks that
 * mark. The check therefore works across copies of this module, and an object that merely looks
 * like an error of the family (a string `kind`, a `status`) does not pass it.
 */

/** Stable discriminators of {@link TravelError}. */
export type TravelErrorKind =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "rate_limited"
  | "server_error"
  | "api_error"
  | "invalid_response"
  | "connection"
  | "timeout"
  | "config";

/** One entry of the platform's `errorMessages` array. */
export interface PlatformErrorMessage {
  errorCode?: string | undefined;
  message?: string | undefined;
  errorDetail?: string | undefined;
  errorParameters?: { name?: string | undefined; value?: string | undefined }[] | undefined;
}

/** The brand of the error class named `className`: the same symbol in every copy of this module. */
const brandOf = (className: string): symbol => Symbol.for(`pulumi-travel.error.${className}`);

function hasBrand(value: unknown, brand: symbol): boolean {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}

/**
 * Base class of every error the client (and the car module, for its own checks) throws. A
 * subclass is branded by its class name without further code.
 */
export class TravelError extends Error {
  /** Stable discriminator to branch on. */
  readonly kind: TravelErrorKind;

  /** `error instanceof ApiError` is true for an `ApiError` of any copy of this module, and only for one. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, brandOf(this.name));
  }

  constructor(kind: TravelErrorKind, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "TravelError";
    this.kind = kind;
    for (let type: unknown = new.target; type !== Error; type = Object.getPrototypeOf(type)) {
      Object.defineProperty(this, brandOf((type as { name: string }).name), { value: true });
    }
  }
}

/** Where a failed request went: method and redacted URL. */
export interface RequestTarget {
  method: string;
  /** The URL with secrets removed from its query string. */
  url: string;
}

/** Construction details of an {@link ApiError}. */
export interface ApiErrorDetails extends RequestTarget {
  status: number;
  /** The platform's `errorCode` of the first error message, when there is one. */
  code?: string | undefined;
  message: string;
  /** The platform's `debugIdentifier`, or a request id header. */
  debugIdentifier?: string | undefined;
  errorMessages?: PlatformErrorMessage[] | undefined;
  /** Delay the server asked for with `Retry-After`, in milliseconds. */
  retryAfterMs?: number | undefined;
  /** How many attempts were made before giving up. */
  attempts?: number | undefined;
}

/** The platform answered with an HTTP error status. */
export class ApiError extends TravelError {
  readonly status: number;
  /** The platform's errorCode, or `HTTP_<status>` when the body had none. */
  readonly code: string;
  readonly method: string;
  /** Redacted URL of the request. */
  readonly url: string;
  readonly debugIdentifier: string | undefined;
  readonly errorMessages: PlatformErrorMessage[];
  readonly retryAfterMs: number | undefined;
  /** How many attempts were made. */
  attempts: number;

  constructor(kind: TravelErrorKind, details: ApiErrorDetails) {
    const code = details.code ?? `HTTP_${details.status}`;
    const debug = details.debugIdentifier ? ` [debugIdentifier ${details.debugIdentifier}]` : "";
    super(
      kind,
      `${details.method} ${details.url} failed with ${details.status} ${code}: ${details.message}${debug}`,
    );
    this.name = "ApiError";
    this.status = details.status;
    this.code = code;
    this.method = details.method;
    this.url = details.url;
    this.debugIdentifier = details.debugIdentifier;
    this.errorMessages = details.errorMessages ?? [];
    this.retryAfterMs = details.retryAfterMs;
    this.attempts = details.attempts ?? 1;
  }
}

/** The request could not reach the platform, or the connection broke mid-request. */
export class ConnectionError extends TravelError {
  readonly method: string;
  readonly url: string;
  /** The transport's own error code, such as `ECONNREFUSED` or `UND_ERR_SOCKET`. */
  readonly causeCode: string | undefined;
  /** How many attempts were made. */
  attempts: number;

  constructor(
    target: RequestTarget,
    reason: string,
    causeCode: string | undefined,
    attempts = 1,
    options?: ErrorOptions,
  ) {
    super(
      "connection",
      `${target.method} ${target.url} failed: ${reason}${causeCode ? ` (${causeCode})` : ""}`,
      options,
    );
    this.name = "ConnectionError";
    this.method = target.method;
    this.url = target.url;
    this.causeCode = causeCode;
    this.attempts = attempts;
  }
}

/** A connect, headers, body or overall deadline expired. */
export class TimeoutError extends TravelError {
  readonly method: string;
  readonly url: string;
  readonly phase: "connect" | "headers" | "body" | "deadline";
  /** How many attempts were made. */
  attempts: number;

  constructor(
    target: RequestTarget,
    phase: TimeoutError["phase"],
    limitMs: number,
    attempts = 1,
    options?: ErrorOptions,
  ) {
    super("timeout", `${target.method} ${target.url} timed out (${phase} limit ${limitMs} ms)`, options);
    this.name = "TimeoutError";
    this.method = target.method;
    this.url = target.url;
    this.phase = phase;
    this.attempts = attempts;
  }
}

/** The platform answered 2xx with a body that does not match the expected shape. */
export class InvalidResponseError extends TravelError {
  readonly method: string;
  readonly url: string;
  readonly status: number;

  constructor(target: RequestTarget, status: number, reason: string) {
    super(
      "invalid_response",
      `${target.method} ${target.url} returned an unexpected body (${status}): ${reason}`,
    );
    this.name = "InvalidResponseError";
    this.method = target.method;
    this.url = target.url;
    this.status = status;
  }
}

/** The client was configured wrongly; the message names the setting. */
export class ConfigError extends TravelError {
  constructor(message: string) {
    super("config", message);
    this.name = "ConfigError";
  }
}

/** Maps an HTTP status to the stable kind of its {@link ApiError}. */
export function kindForStatus(status: number): TravelErrorKind {
  switch (status) {
    case 400:
    case 422:
      return "bad_request";
    case 401:
      return "unauthorized";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 409:
      return "conflict";
    case 429:
      return "rate_limited";
    default:
      return status >= 500 ? "server_error" : "api_error";
  }
}

/** Builds the {@link ApiError} for a response status; the factory stripe-node uses. */
export function apiErrorFromResponse(details: ApiErrorDetails): ApiError {
  return new ApiError(kindForStatus(details.status), details);
}

/**
 * True when `error` is a {@link TravelError} (of the given kind): one of this family, from any copy
 * of this module; a look-alike object with a `kind` is not.
 */
export function isTravelError(error: unknown, kind?: TravelErrorKind): error is TravelError {
  return error instanceof TravelError && (kind === undefined || error.kind === kind);
}

/**
 * True when `error` is an API 404. With `codes`, only a 404 whose platform error code is one of
 * them counts: a resource's own not-found code means the object is gone, while another 404 (such
 * as `ROUTE_NOT_FOUND` from a wrong base URL) is an error to report.
 */
export function isNotFound(error: unknown, codes?: readonly string[]): boolean {
  if (!isTravelError(error, "not_found")) return false;
  if (codes === undefined) return true;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && codes.includes(code);
}
