/**
 * Fakes for testing one client layer alone, as undici tests its interceptors: an exchange, a
 * scripted {@link Send} that records what reached it, responses and a recording logger.
 */
import type { Deadline, Exchange, Send } from "../../src/client/exchange";
import type { HttpResponse } from "../../src/client/http";
import type { TravelLogger } from "../../src/client/logger";

export const TARGET = { method: "GET", url: "https://platform.test/v2/companies/c1" };

/** A deadline with a fixed budget that never runs down (or one that has already run out). */
export function fixedDeadline(remainingMs: number, totalMs = 30_000): Deadline {
  return { totalMs, remaining: () => remainingMs };
}

/** A GET exchange with a generous deadline; `overrides` replace any field. */
export function exchangeOf(overrides: Partial<Exchange> = {}): Exchange {
  return {
    method: "GET",
    url: TARGET.url,
    target: TARGET,
    headers: { accept: "application/json" },
    body: undefined,
    idempotent: true,
    auth: true,
    deadline: fixedDeadline(30_000),
    attempt: 1,
    ...overrides,
  };
}

/** A response with a JSON body. */
export function reply(
  status: number,
  body: unknown = {},
  headers: Record<string, string> = {},
): HttpResponse {
  return { status, headers, body: JSON.stringify(body) };
}

/** The platform's error body. */
export function platformError(errorCode: string, message: string) {
  return { debugIdentifier: "dbg-1", errorMessages: [{ errorCode, message }] };
}

/**
 * A Send that answers each call with the next step (a response, or an error it rejects with) and
 * records the exchanges it was given; it fails the test when called more often than scripted.
 */
export function scriptedSend(...steps: (HttpResponse | Error)[]): Send & { calls: Exchange[] } {
  const calls: Exchange[] = [];
  const send = async (exchange: Exchange) => {
    calls.push(exchange);
    const step = steps[calls.length - 1];
    if (step === undefined) throw new Error(`unexpected call ${calls.length} (scripted ${steps.length})`);
    if (step instanceof Error) throw step;
    return step;
  };
  return Object.assign(send, { calls });
}

/** A logger that keeps its events. */
export function recordingLogger(): TravelLogger & { events: Record<string, unknown>[] } {
  const events: Record<string, unknown>[] = [];
  return { events, debug: (event, fields) => events.push({ event, ...fields }) };
}
