/**
 * Creates that survive an ambiguous outcome. A POST whose answer is lost (the connection dropped
 * after sending, a timeout, a 500/502/503/504) may or may not have made the object; repeating it
 * blindly makes duplicates. {@link safeCreate} looks for the object with the definition's
 * {@link CreateLookup} before it repeats anything:
 *
 * - exactly one new match: adopt it and converge it to the inputs;
 * - none: create again;
 * - several: fail, listing them.
 *
 * A match is adopted only when it holds every declared input, as the object this create made
 * does, so a same-named object someone else made with other values is never taken over. The happy
 * path makes no extra call. A 409 on create names the existing object and how to take it over,
 * and takes nothing over.
 *
 * The repeats run under the client's retry policy and share its budget: the attempts the client
 * already made for a failed step count, so a create never makes more attempts in all than one
 * call of that client may (`maxRetries + 1`), and waits as the client waits.
 */
import {
  ApiError,
  ConnectionError,
  isTravelError,
  retryDelay,
  type RetryPolicy,
  TimeoutError,
} from "../client";
import { AmbiguousCreateError, DuplicateObjectError } from "./create-errors";
import type { LookupCandidate, LookupKey } from "./create-lookup";
import { ADOPT_INPUT, type ResourceContext, type ResourceDefinition, type Values } from "./definition";
import { isInternalKey, jsonEqual } from "./values";

/** Timing of {@link safeCreate}; tests shorten it. */
export interface SafeCreateOptions {
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

/**
 * True when a failed create may nevertheless have made the object: the request may have reached
 * the platform and its answer was lost or was a server error.
 */
export function isAmbiguousCreateFailure(error: unknown): boolean {
  if (!isTravelError(error)) return false;
  switch (error.kind) {
    case "connection":
      return (error as { causeCode?: string }).causeCode !== "ECONNREFUSED";
    case "timeout":
      return (error as { phase?: string }).phase !== "connect";
    case "server_error":
      return [500, 502, 503, 504].includes((error as { status?: number }).status ?? 0);
    default:
      return false;
  }
}

/** True when a failed read may succeed when repeated (rate limits, 5xx, the network). */
export function isTransientFailure(error: unknown): boolean {
  return isTravelError(error, "rate_limited") || isAmbiguousCreateFailure(error) || isRefused(error);
}

function isRefused(error: unknown): boolean {
  return isTravelError(error, "connection") && (error as { causeCode?: string }).causeCode === "ECONNREFUSED";
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The attempts a failed step made: the client's own retries of that call included. */
function attemptsOf(error: unknown): number {
  const counted =
    error instanceof ApiError || error instanceof ConnectionError || error instanceof TimeoutError;
  return counted ? Math.max(1, error.attempts) : 1;
}

/** The wait before the next step, as the client would wait; undefined when it would give up. */
function waitAfter(error: unknown, attempts: number, policy: Readonly<RetryPolicy>): number | undefined {
  const retryAfterMs = error instanceof ApiError ? error.retryAfterMs : undefined;
  if (retryAfterMs !== undefined && retryAfterMs > policy.maxRetryAfterMs) return undefined;
  return retryDelay(attempts, retryAfterMs, policy, Math.random());
}

/**
 * Runs `definition.create` so that an ambiguous outcome never makes a duplicate. `created` is
 * called with the id as soon as one is known (from the platform or from an adopted object).
 */
export async function safeCreate<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  ctx: ResourceContext,
  inputs: I,
  created: (id: string) => void,
  options: SafeCreateOptions = {},
): Promise<{ id: string; state: S }> {
  const sleep = options.sleep ?? sleepFor;
  const policy = ctx.client.retryPolicy;
  const budget = policy.maxRetries + 1;
  const lookup = definition.lookup;
  const key = lookup?.keyOf(inputs);
  const find = async (k: LookupKey): Promise<LookupCandidate[]> =>
    lookup ? lookup.find(ctx, inputs, k) : [];

  let createdId: string | undefined;
  const onCreated = (id: string) => {
    createdId = id;
    created(id);
  };

  /** The ambiguous failure a lookup has not yet resolved. */
  let unresolved: unknown;
  let lastError: unknown;
  /** Attempts made so far, the client's retries included; each failed step adds at least one. */
  let spent = 0;

  while (spent < budget) {
    try {
      if (unresolved !== undefined && key !== undefined) {
        const mine = await ownCandidates(definition, ctx, inputs, await find(key));
        if (mine.length > 1) throw new AmbiguousCreateError(definition.type, key, mine, unresolved);
        const [match] = mine;
        if (match) {
          onCreated(match.id);
          const state = await definition.update(ctx, match.id, inputs, inputs);
          return { id: match.id, state };
        }
        unresolved = undefined;
      }
      return await definition.create(ctx, inputs, onCreated);
    } catch (error) {
      if (createdId !== undefined || error instanceof AmbiguousCreateError) throw error;
      if (isTravelError(error, "conflict") && key?.by === "externalId") {
        const existing = await existingIds(find, key);
        throw new DuplicateObjectError(definition.type, key, existing.ids, error, existing.lookupFailure);
      }
      if (unresolved !== undefined) {
        // The lookup failed; it is repeated before anything is created again.
        if (!isTransientFailure(error)) throw error;
      } else if (isAmbiguousCreateFailure(error)) {
        if (key === undefined) throw new AmbiguousCreateError(definition.type, undefined, [], error);
        unresolved = error;
      } else if (!isTravelError(error, "rate_limited")) {
        throw error;
      }
      lastError = error;
      spent += attemptsOf(error);
      const wait = waitAfter(error, spent, policy);
      if (spent >= budget || wait === undefined) break;
      await sleep(wait);
    }
  }
  if (unresolved !== undefined) {
    throw new AmbiguousCreateError(definition.type, key, [], unresolved);
  }
  throw lastError;
}

/**
 * The candidates that hold exactly the declared inputs, as the object this create made does. A
 * same-named object that differs in a declared field was made by someone else and is never
 * adopted; one identical in every declared field cannot be told apart (docs/reliability.md).
 */
async function ownCandidates<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  ctx: ResourceContext,
  inputs: I,
  candidates: readonly LookupCandidate[],
): Promise<LookupCandidate[]> {
  const mine: LookupCandidate[] = [];
  for (const candidate of candidates) {
    const seen = await definition.read(ctx, candidate.id, inputs);
    if (seen && holdsDeclared(seen.observed, inputs)) mine.push(candidate);
  }
  return mine;
}

/** True when `observed` has every declared input's value (adoptId and internal keys aside). */
export function holdsDeclared(observed: Values, inputs: Values): boolean {
  return Object.entries(inputs).every(
    ([key, value]) =>
      key === ADOPT_INPUT || isInternalKey(key) || value === undefined || jsonEqual(observed[key], value),
  );
}

async function existingIds(
  find: (key: LookupKey) => Promise<LookupCandidate[]>,
  key: LookupKey,
): Promise<{ ids: string[]; lookupFailure?: string }> {
  try {
    return { ids: (await find(key)).map((candidate) => candidate.id) };
  } catch (error) {
    // The 409 stands on its own; the message carries why the id could not be found.
    return { ids: [], lookupFailure: error instanceof Error ? error.message : String(error) };
  }
}
