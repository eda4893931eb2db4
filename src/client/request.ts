/** The shape of one API call: a single options bag, as stripe-node and octokit take. */
import type { z } from "zod";
import type { QueryValue } from "./url";

/** HTTP methods the platform uses. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Everything about one call except its method and path: what the `get`/`post`/... helpers take. */
export interface RequestOptions<T = unknown> {
  query?: Record<string, QueryValue> | undefined;
  /** JSON body. */
  body?: unknown;
  /** Form-encoded body (the token endpoint). */
  form?: Record<string, string> | undefined;
  /** Validates the response body; unknown fields pass through when the schema is loose. */
  schema?: z.ZodType<T> | undefined;
  /**
   * Whether repeating the call cannot duplicate an effect: its body sets an absolute state, so a
   * second copy leaves what the first left. Defaults to true for GET, PUT, PATCH and DELETE (every
   * PUT, PATCH and DELETE of the platform names the state it sets: a whole object, the entries to
   * set and the names to remove) and false for POST; list and search POSTs, and POSTs that set a
   * state, pass true; a write whose body was computed from an earlier read passes false.
   */
  idempotent?: boolean | undefined;
  /** Send a bearer token (default true). */
  auth?: boolean | undefined;
  headers?: Record<string, string> | undefined;
  /** Overrides the client's overall deadline for this call, retries and waits included. */
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
}

/** One API call. */
export interface ApiRequest<T = unknown> extends RequestOptions<T> {
  method: HttpMethod;
  /** Path below the base URL; build it with {@link apiPath}. */
  path: string;
}

/** A successful response. */
export interface ApiResponse<T> {
  status: number;
  headers: Record<string, string>;
  data: T;
}

const IDEMPOTENT_BY_DEFAULT: ReadonlySet<HttpMethod> = new Set(["GET", "PUT", "PATCH", "DELETE"]);

/** Whether a call may be repeated without duplicating an effect. */
export function isIdempotent(req: Pick<ApiRequest, "method" | "idempotent">): boolean {
  return req.idempotent ?? IDEMPOTENT_BY_DEFAULT.has(req.method);
}

/** The wire body and content type of a call. */
export function encodeBody(req: Pick<ApiRequest, "form" | "body">): {
  body: string | undefined;
  contentType: string | undefined;
} {
  if (req.form)
    return {
      body: new URLSearchParams(req.form).toString(),
      contentType: "application/x-www-form-urlencoded",
    };
  if (req.body === undefined) return { body: undefined, contentType: undefined };
  return { body: JSON.stringify(req.body), contentType: "application/json" };
}
