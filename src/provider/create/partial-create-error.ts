/**
 * A create that got as far as an id but failed afterwards, in the two forms it takes: the
 * operations throw a {@link PartialCreate} holding the decoded state; the edge that encodes answers
 * (`operations/type-provider.ts`) turns it into a {@link PartialCreateError} holding the property
 * map. The dynamic provider turns an error with `id` and `properties` into ErrorResourceInitFailed,
 * as the plugin does, so the engine records the object instead of losing it.
 */
import type { Decoded } from "../model/codec";

/** A partial create as the operations see it: the object's id and what the platform holds of it. */
export class PartialCreate extends Error {
  constructor(
    readonly id: string,
    readonly state: Decoded,
    cause: unknown,
  ) {
    super(`created ${id} but could not finish: ${reasonOf(cause)}`, { cause });
    this.name = "PartialCreate";
  }
}

/** A partial create as the hosts answer it: the state as a property map. */
export class PartialCreateError extends Error {
  readonly reasons: string[];

  constructor(
    readonly id: string,
    readonly properties: Record<string, unknown>,
    cause: unknown,
  ) {
    super(`created ${id} but could not finish: ${reasonOf(cause)}`, { cause });
    this.name = "PartialCreateError";
    this.reasons = [reasonOf(cause)];
  }
}

/** Why the create could not finish: the message of the error that stopped it. */
function reasonOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
