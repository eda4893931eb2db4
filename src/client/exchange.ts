/**
 * The unit the client's layers pass along: one HTTP exchange, fully formed, with its deadline.
 * A {@link Send} resolves with any HTTP status and rejects only with a transport failure; a
 * {@link Layer} wraps a Send with one concern (retry, auth, throttling), as undici's interceptors do.
 */
import type { RequestTarget } from "./errors";
import type { HttpResponse } from "./http";
import type { HttpMethod } from "./request";

/** The overall time budget of one call, shared by its attempts and waits. */
export interface Deadline {
  /** The budget in milliseconds. */
  readonly totalMs: number;
  /** Milliseconds left. */
  remaining(): number;
}

/** Starts a deadline of `totalMs` from now. */
export function startDeadline(totalMs: number): Deadline {
  const startedAt = Date.now();
  return { totalMs, remaining: () => totalMs - (Date.now() - startedAt) };
}

/** One HTTP exchange as the layers see it. */
export interface Exchange {
  method: HttpMethod;
  url: string;
  /** Method and redacted URL, for errors and logs. */
  target: RequestTarget;
  headers: Record<string, string>;
  body: string | undefined;
  idempotent: boolean;
  /** Whether to send a bearer token. */
  auth: boolean;
  deadline: Deadline;
  signal?: AbortSignal | undefined;
  /** 1 for the first attempt; set by the retry layer. */
  attempt: number;
}

/** Sends an exchange; resolves with any status, rejects with ConnectionError or TimeoutError. */
export type Send = (exchange: Exchange) => Promise<HttpResponse>;

/** Wraps a {@link Send} with one concern. */
export type Layer = (next: Send) => Send;

/** Composes layers outermost first: `compose(a, b)(send)` is `a(b(send))`. */
export function compose(...layers: Layer[]): Layer {
  return (send) => layers.reduceRight((next, layer) => layer(next), send);
}
