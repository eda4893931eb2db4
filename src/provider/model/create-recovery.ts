/**
 * How a resource type settles a create whose outcome is unknown (the answer was lost after the
 * platform may have committed it), declared on its definition and chosen from the platform's
 * nature. {@link safeCreate} runs it; docs/reliability.md lists the strategy of every type.
 *
 * - `natural-key`: the platform lets the object be found by a key the inputs declare (an
 *   externalId, a name as the platform compares it, a kid proven by the key's thumbprint).
 * - `set-difference`: nothing identifies the new object, but the platform lists the ids of its
 *   siblings: the id that appeared since the attempt began is the one it made (API users).
 * - `idempotent`: the create converges a document or a singleton, so repeating it is harmless;
 *   `committed` may read a repeat's refusal as proof that the first attempt took effect (the
 *   tenant key's cooldown).
 */
import type { CreateLookup } from "./create-lookup";
import type { ResourceContext } from "./resource-context";
import type { Values } from "./values";

/** Look the object up by the key its inputs declare. */
export interface NaturalKeyRecovery<I extends Values> {
  strategy: "natural-key";
  lookup: CreateLookup<I>;
}

/** Compare the platform's ids before and after the attempt. */
export interface SetDifferenceRecovery<I extends Values, S extends Values> {
  strategy: "set-difference";
  /** What the ids are, for messages: `clientIds of the TMC's API users`. */
  describe: string;
  /** Every id of the collection the create adds to. */
  listIds(ctx: ResourceContext, inputs: I): Promise<string[]>;
  /**
   * Takes over the one object that appeared, making it usable (an API user is rotated once, so
   * the program holds a secret that works); undefined when it cannot be made usable and was
   * removed instead, so the create is sent again.
   */
  complete(ctx: ResourceContext, id: string, inputs: I): Promise<S | undefined>;
}

/** Repeat the create; it converges, so a repeat makes nothing twice. */
export interface IdempotentRecovery<I extends Values, S extends Values> {
  strategy: "idempotent";
  /**
   * What a create does to an object the platform already holds where the inputs point, when it
   * does more than converge it to the declared inputs (the tenant key is rotated); the docs state it.
   */
  existing?: string | undefined;
  /**
   * Reads a repeat's failure: returns the result when the failure proves the first attempt
   * committed (started at `startedAtMs`, local clock), undefined otherwise. `ctx` carries the
   * host's warning sink, for a warning of the run.
   */
  committed?(
    error: unknown,
    inputs: I,
    startedAtMs: number,
    ctx: ResourceContext,
  ): Promise<{ id: string; state: S } | undefined> | { id: string; state: S } | undefined;
}

/** The create recovery a definition declares. */
export type CreateRecovery<I extends Values, S extends Values> =
  NaturalKeyRecovery<I> | SetDifferenceRecovery<I, S> | IdempotentRecovery<I, S>;
