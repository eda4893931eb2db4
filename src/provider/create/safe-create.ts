/**
 * {@link safeCreate}: a create whose outcome may be unknown (the answer lost: a dropped
 * connection, a timeout, a 500/502/503/504), settled by the definition's {@link CreateRecovery}
 * (natural key, set difference or idempotent repeat) before anything is sent again, with the
 * repeats inside the client's retry budget. Why each strategy is safe, and what a 409 tells:
 * docs/reliability.md ("Create recovery per type").
 */
import {
  ApiError,
  ConnectionError,
  isTravelError,
  retryDelay,
  type RetryPolicy,
  TimeoutError,
} from "../../client";
import {
  AmbiguousCreateError,
  type AmbiguousDetail,
  DuplicateObjectError,
  UnsettledCreateError,
} from "./create-errors";
import type { CreateLookup, LookupCandidate, LookupKey } from "../model/create-lookup";
import type { NaturalKeyRecovery, SetDifferenceRecovery } from "../model/create-recovery";
import { ADOPT_INPUT, type Observation, type ResourceDefinition } from "../model/definition";
import type { ResourceContext } from "../model/resource-context";
import { isMetaKey } from "../model/codec";
import { jsonEqual, type Values } from "../model/values";

/** Timing of {@link safeCreate}; tests shorten it. */
export interface SafeCreateOptions {
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

/**
 * True when a failed create may nevertheless have made the object: the request may have reached
 * the platform and its answer was lost, was a server error, or was a success cut short.
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
    case "invalid_response": {
      // A success whose body could not be read (cut short): the create took effect.
      const status = (error as { status?: number }).status ?? 0;
      return status >= 200 && status < 300;
    }
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

/** A created object: its id and outputs. */
type Created<S extends Values> = { id: string; state: S };

/** How one strategy settles an unknown outcome; {@link runSteps} drives it. */
interface Settler<S extends Values> {
  /**
   * After a lost answer: the object the attempt made, adopted (`created` called with its id), or
   * undefined to create again. Throws to stop.
   */
  settle(unresolved: unknown, created: (id: string) => void): Promise<Created<S> | undefined>;
  /** A create's non-ambiguous failure: a result it proves, an error to throw instead, or undefined. */
  refused?(error: unknown): Promise<Created<S> | undefined>;
  /** The error when the retry budget ran out with the outcome still unknown. */
  exhausted(unresolved: unknown, steps: number): Error;
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
): Promise<Created<S>> {
  const recovery = definition.recovery;
  let settler: Settler<S>;
  switch (recovery.strategy) {
    case "natural-key":
      settler = await naturalKeySettler(definition, recovery, ctx, inputs);
      break;
    case "set-difference":
      settler = await setDifferenceSettler(definition.type, recovery, ctx, inputs);
      break;
    case "idempotent": {
      const startedAtMs = Date.now();
      settler = {
        settle: async () => undefined,
        refused: async (error) => recovery.committed?.(error, inputs, startedAtMs, ctx),
        exhausted: (unresolved, steps) => new UnsettledCreateError(definition.type, steps, unresolved),
      };
      break;
    }
  }
  return runSteps(definition, ctx, inputs, created, options, settler);
}

/** The step loop every strategy shares: attempt, settle a lost answer, attempt again. */
async function runSteps<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  ctx: ResourceContext,
  inputs: I,
  created: (id: string) => void,
  options: SafeCreateOptions,
  settler: Settler<S>,
): Promise<Created<S>> {
  const sleep = options.sleep ?? sleepFor;
  const policy = ctx.client.retryPolicy;
  const budget = policy.maxRetries + 1;
  let createdId: string | undefined;
  const onCreated = (id: string) => {
    createdId = id;
    created(id);
  };
  /** The ambiguous failure a settle step has not yet resolved. */
  let unresolved: unknown;
  let lastError: unknown;
  /** Attempts made so far, the client's retries included; each failed step adds at least one. */
  let spent = 0;

  while (spent < budget) {
    try {
      if (unresolved !== undefined) {
        const settled = await settler.settle(unresolved, onCreated);
        if (settled) return settled;
        unresolved = undefined;
      }
      return await definition.create(ctx, inputs, onCreated);
    } catch (error) {
      if (createdId !== undefined || error instanceof AmbiguousCreateError) throw error;
      if (unresolved !== undefined) {
        // The settle step failed; it is repeated before anything is created again.
        if (!isTransientFailure(error)) throw error;
      } else if (isAmbiguousCreateFailure(error)) {
        unresolved = error;
      } else {
        const proven = await settler.refused?.(error);
        if (proven) return proven;
        if (!isTravelError(error, "rate_limited")) throw error;
      }
      lastError = error;
      spent += attemptsOf(error);
      const wait = waitAfter(error, spent, policy);
      if (spent >= budget || wait === undefined) break;
      await sleep(wait);
    }
  }
  if (unresolved !== undefined) throw settler.exhausted(unresolved, spent);
  throw lastError;
}

/**
 * Settles by looking the object up by the key its inputs declare. The objects the collection held
 * before the run's first create in it (or, for a lookup without a collection, those holding the
 * key before the first attempt) are the older ones: never adopted, named apart in every message.
 * Objects another create of this run made are never adopted either.
 */
async function naturalKeySettler<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  recovery: NaturalKeyRecovery<I>,
  ctx: ResourceContext,
  inputs: I,
): Promise<Settler<S>> {
  const { lookup } = recovery;
  const key = lookup.keyOf(inputs);
  const olderIds = new Set(
    key === undefined ? [] : await idsBefore(definition.type, lookup, ctx, inputs, key),
  );
  let detail: AmbiguousDetail = { by: "key", key };
  return {
    async settle(unresolved, created) {
      if (key === undefined) throw new AmbiguousCreateError(definition.type, detail, [], unresolved);
      const found = await lookup.find(ctx, inputs, key);
      detail = { by: "key", key, older: found.filter((c) => olderIds.has(c.id)) };
      const appeared = found.filter((c) => !olderIds.has(c.id) && !ctx.run.isClaimed(definition.type, c.id));
      const mine = await ownCandidates(definition, ctx, inputs, appeared, lookup.followUpInputs ?? []);
      if (mine.length > 1)
        throw new AmbiguousCreateError(
          definition.type,
          detail,
          mine.map(([candidate]) => candidate),
          unresolved,
        );
      const [match] = mine;
      if (!match) return undefined;
      const [candidate, seen] = match;
      created(candidate.id);
      // Converged from what the platform holds, so inputs a follow-up call sets are set now.
      const state = await definition.update(ctx, candidate.id, inputs, seen.observed);
      return { id: candidate.id, state };
    },
    async refused(error) {
      if (!isTravelError(error, "conflict") || key === undefined) return undefined;
      const existing = await existingIds(() => lookup.find(ctx, inputs, key));
      throw new DuplicateObjectError(definition.type, key, existing.ids, error, existing.lookupFailure);
    },
    exhausted: (unresolved) => new AmbiguousCreateError(definition.type, detail, [], unresolved),
  };
}

/**
 * The ids older than this create: the collection's, listed once per run (shared by every create
 * in it), or the objects holding `key` now.
 */
async function idsBefore<I extends Values>(
  type: string,
  lookup: CreateLookup<I>,
  ctx: ResourceContext,
  inputs: I,
  key: LookupKey,
): Promise<string[]> {
  const { collection } = lookup;
  if (collection === undefined) return (await lookup.find(ctx, inputs, key)).map((c) => c.id);
  return ctx.run.readOnce(`${type} objects before the run's creates in ${collection.of(inputs)}`, () =>
    collection.ids(ctx, inputs),
  );
}

/** Settles by the id that appeared in the collection since the attempt began. */
async function setDifferenceSettler<I extends Values, S extends Values>(
  type: string,
  recovery: SetDifferenceRecovery<I, S>,
  ctx: ResourceContext,
  inputs: I,
): Promise<Settler<S>> {
  let before = new Set(await recovery.listIds(ctx, inputs));
  const detail = { by: "set-difference" as const, describe: recovery.describe };
  return {
    async settle(unresolved, created) {
      const after = await recovery.listIds(ctx, inputs);
      const appeared = after.filter((id) => !before.has(id));
      if (appeared.length > 1)
        throw new AmbiguousCreateError(
          type,
          detail,
          appeared.map((id) => ({ id })),
          unresolved,
        );
      before = new Set(after);
      const [id] = appeared;
      if (id === undefined) return undefined;
      const state = await recovery.complete(ctx, id, inputs);
      if (state === undefined) return undefined;
      created(id);
      return { id, state };
    },
    exhausted: (unresolved) => new AmbiguousCreateError(type, detail, [], unresolved),
  };
}

/**
 * The candidates that hold exactly the declared inputs (those a follow-up call sets aside), as
 * the object this create made does, each with what was read. A same-named object that differs in
 * a declared field was made by someone else and is never adopted; one identical in every declared
 * field cannot be told apart (docs/reliability.md).
 */
async function ownCandidates<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  ctx: ResourceContext,
  inputs: I,
  candidates: readonly LookupCandidate[],
  followUp: readonly string[],
): Promise<[LookupCandidate, Observation<I, S>][]> {
  const compared = Object.fromEntries(Object.entries(inputs).filter(([key]) => !followUp.includes(key)));
  const mine: [LookupCandidate, Observation<I, S>][] = [];
  for (const candidate of candidates) {
    const seen = await definition.read(ctx, candidate.id, inputs);
    if (seen && holdsDeclared(seen.observed, compared)) mine.push([candidate, seen]);
  }
  return mine;
}

/** True when `observed` has every declared input's value (adoptId and internal keys aside). */
export function holdsDeclared(observed: Values, inputs: Values): boolean {
  return Object.entries(inputs).every(
    ([key, value]) =>
      key === ADOPT_INPUT || isMetaKey(key) || value === undefined || jsonEqual(observed[key], value),
  );
}

async function existingIds(
  find: () => Promise<LookupCandidate[]>,
): Promise<{ ids: string[]; lookupFailure?: string }> {
  try {
    return { ids: (await find()).map((candidate) => candidate.id) };
  } catch (error) {
    // The 409 stands on its own; the message carries why the id could not be found.
    return { ids: [], lookupFailure: error instanceof Error ? error.message : String(error) };
  }
}
