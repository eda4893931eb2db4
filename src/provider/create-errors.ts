/** Errors of the create path that tell the user what exists on the platform and what to do. */
import type { LookupCandidate, LookupKey } from "./create-lookup";

const describe = (candidates: readonly LookupCandidate[]) =>
  candidates.map((c) => (c.name === undefined ? c.id : `${c.id} (${c.name})`)).join(", ");

/** The platform already holds an object with the declared unique key (409 on create). */
export class DuplicateObjectError extends Error {
  readonly code = "DUPLICATE_OBJECT";

  constructor(
    readonly type: string,
    readonly key: LookupKey,
    readonly existingIds: readonly string[],
    cause: unknown,
    lookupFailure?: string,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const which =
      existingIds.length === 0
        ? `an existing object (its id could not be found${lookupFailure === undefined ? " with these credentials" : `: ${lookupFailure}`})`
        : existingIds.join(", ");
    super(
      `${type} with ${key.by} "${key.value}" already exists on the platform: ${which}. ` +
        (existingIds.length === 1
          ? `If this program should manage it, set adoptId: "${existingIds[0]}" on the resource (it is then converged to the declared inputs); otherwise change the ${key.by}. `
          : `Change the ${key.by}, or set adoptId to the id of the object this program should manage. `) +
        `Nothing was taken over. (${reason})`,
      { cause },
    );
    this.name = "DuplicateObjectError";
  }
}

/** A create's outcome is unknown and the lookup found several objects it may have made. */
export class AmbiguousCreateError extends Error {
  readonly code = "AMBIGUOUS_CREATE";

  constructor(
    readonly type: string,
    readonly key: LookupKey | undefined,
    readonly candidates: readonly LookupCandidate[],
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const detail =
      key === undefined
        ? `the object has neither an externalId nor a name to look it up by, so whether it was created is unknown`
        : candidates.length === 0
          ? `the lookup by ${key.by} "${key.value}" could not finish, so whether it was created is unknown`
          : `${candidates.length} objects with ${key.by} "${key.value}" appeared since the create began: ${describe(candidates)}`;
    super(
      `${type}: the create's outcome is unknown (${reason}) and ${detail}. ` +
        `Run \`pulumi-travel reconcile\` to list the platform's objects that no resource owns, then set adoptId on ` +
        `the resource to the one to keep and delete the others.`,
      { cause },
    );
    this.name = "AmbiguousCreateError";
  }
}
