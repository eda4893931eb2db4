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
  isNotFound,
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
import { replaceOnOf } from "../model/replace-rules";
import type { ResourceContext } from "../model/resource-context";
import { isMetaKey } from "../model/codec";
import { jsonEqual, type Values } from "../model/values";
import type { InFlightRecord, InFlightSlot } from "./in-flight-record";

/** Timing of {@link safeCreate} (tests shorten it), and the resource's record of a create in flight. */
export interface SafeCreateOptions {
  sleep?: ((ms: number) => Promise<void>) | undefined;
  /**
   * Where this resource's create in flight is recorded (`in-flight-record.ts`): written before a
   * create that is not idempotent is sent, settled first when an earlier create left one.
   */
  inFlight?: InFlightSlot | undefined;
}

/** Errors thrown while a create's outcome was unknown: the object may exist (see {@link leftInDoubt}). */
const inDoubt = new WeakSet<object>();

/** `error`, marked as thrown while the create's outcome was unknown. */
function doubtful(error: unknown): unknown {
  if (typeof error === "object" && error !== null) inDoubt.add(error);
  return error;
}

/**
 * True when a failed {@link safeCreate} may nevertheless have made the object (its outcome stayed
 * unknown): its record of the create in flight must then be kept for the next create to settle.
 */
export function leftInDoubt(error: unknown): boolean {
  return (
    error instanceof AmbiguousCreateError ||
    error instanceof UnsettledCreateError ||
    (typeof error === "object" && error !== null && inDoubt.has(error))
  );
}

/** Why the next create settles a record: the provider ended before the create was answered. */
class ProviderEndedError extends Error {
  constructor(record: InFlightRecord) {
    super(
      `the provider's process ended while an earlier create of this resource was in flight (started ${record.startedAt}), ` +
        "so whether it made the object is unknown; its record is kept until this resource's create succeeds: set adoptId " +
        "on the resource to the object it made, or delete the others (`pulumi-travel reconcile --stack <export> --delete " +
        "<Type>:<id>`) and run `pulumi up` again",
    );
    this.name = "ProviderEndedError";
  }
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
  /** The ids that existed before the first attempt (for the record of the create in flight). */
  before?: readonly string[];
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
  // An idempotent create is sent again anyway: it needs no record.
  const slot = recovery.strategy === "idempotent" ? undefined : options.inFlight;
  const left = slot?.left();
  if (slot !== undefined && left !== undefined && left.type === definition.type) {
    const settled = await settleLeft(definition, ctx, inputs, left, slot, created).catch((error: unknown) => {
      // The parent the earlier create sent to is gone, and whatever it made with it: create.
      if (isNotFound(error, definition.notFoundCodes)) return undefined;
      throw doubtful(error);
    });
    if (settled) return settled;
  }
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
  slot?.write({
    type: definition.type,
    startedAt: new Date().toISOString(),
    inputs: withoutSecrets(definition, inputs),
    before: [...(settler.before ?? [])],
  });
  return runSteps(definition, ctx, inputs, created, options, settler);
}

/** `inputs` without the definition's secret inputs (a record of a create in flight holds no secret). */
function withoutSecrets<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  inputs: I,
): Values {
  const secret: readonly string[] = definition.capabilities?.secrets?.secretInputs ?? [];
  return Object.fromEntries(
    Object.entries(inputs).filter(([key, value]) => value !== undefined && !secret.includes(key)),
  );
}

/**
 * The error of an object the earlier create may have made under another parent than the resource
 * now declares (`moved`, the inputs that replace the object): it cannot become this resource.
 */
function movedError(
  type: string,
  id: string,
  moved: readonly string[],
  sent: Values,
  left: InFlightRecord,
): Error {
  const where = moved.map((key) => `${key} ${JSON.stringify(sent[key])}`).join(", ");
  return new Error(
    `${type}: the provider's process ended while an earlier create of this resource was in flight (started ` +
      `${left.startedAt}), and ${type} ${id} appeared since under ${where}, which the resource no longer ` +
      "declares, so it is not taken over. If this stack made it, delete it " +
      `(\`pulumi-travel reconcile --stack <export> --delete ${type}:${id}\`), then run \`pulumi up\` again.`,
  );
}

/**
 * Settles the record an earlier create of this resource left when its provider ended before
 * answering: the one object that appeared since that create began and holds the inputs it sent is
 * adopted and converged to `inputs`; none, or its parent gone since: undefined (the create is sent
 * again); several, one another record of the stack may have made, or one under another parent
 * than the resource now declares: the create fails naming them, before any write.
 */
async function settleLeft<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  ctx: ResourceContext,
  inputs: I,
  left: InFlightRecord,
  slot: InFlightSlot,
  created: (id: string) => void,
): Promise<Created<S> | undefined> {
  const { recovery, type } = definition;
  const cause = new ProviderEndedError(left);
  const before = new Set(left.before);
  const isNew = (id: string) => !before.has(id) && !ctx.run.holds(type, id);
  const sent = left.inputs as I;
  // Inputs that replace the object and changed since: what it made cannot become this resource.
  const moved = replaceOnOf(definition).filter((key) => !jsonEqual(sent[key], inputs[key]));
  if (recovery.strategy === "natural-key") {
    const { lookup } = recovery;
    const key = lookup.keyOf(sent);
    if (key === undefined) throw new AmbiguousCreateError(type, { by: "key", key }, [], cause);
    const found = await lookup.find(ctx, sent, key);
    const older = found.filter((c) => !isNew(c.id));
    const mine = await ownCandidates(
      definition,
      ctx,
      sent,
      found.filter((c) => isNew(c.id)),
      lookup.followUpInputs ?? [],
    );
    // Claimed at once (no wait in between), so two resources never take the same object.
    const unclaimed = mine.filter(([candidate]) => !ctx.run.isClaimed(type, candidate.id));
    if (unclaimed.length > 1)
      throw new AmbiguousCreateError(
        type,
        { by: "key", key, older },
        unclaimed.map(([c]) => c),
        cause,
      );
    const [match] = unclaimed;
    if (!match) return undefined;
    const [candidate, seen] = match;
    if (moved.length > 0) throw movedError(type, candidate.id, moved, sent, left);
    ctx.run.claim(type, candidate.id);
    created(candidate.id);
    return { id: candidate.id, state: await definition.update(ctx, candidate.id, inputs, seen.observed) };
  }
  if (recovery.strategy !== "set-difference") return undefined;
  const appeared = (await recovery.listIds(ctx, inputs)).filter(
    (id) => isNew(id) && !ctx.run.isClaimed(type, id),
  );
  // Another record of the stack whose create began before an id appeared may have made it.
  const othersMayHave = appeared.some((id) =>
    slot.othersOf(type).some((other) => !other.before.includes(id)),
  );
  if (appeared.length > 1 || othersMayHave) {
    const detail = { by: "set-difference" as const, describe: recovery.describe };
    throw new AmbiguousCreateError(
      type,
      detail,
      appeared.map((id) => ({ id })),
      cause,
    );
  }
  const [id] = appeared;
  if (id === undefined) return undefined;
  if (moved.length > 0) throw movedError(type, id, moved, sent, left);
  ctx.run.claim(type, id);
  const state = await recovery.complete(ctx, id, inputs);
  if (state === undefined) return undefined;
  created(id);
  return { id, state };
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
        if (!isTransientFailure(error)) throw doubtful(error);
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
  throw isAmbiguousCreateFailure(lastError) ? doubtful(lastError) : lastError;
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
    before: [...olderIds],
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
    before: [...before],
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
