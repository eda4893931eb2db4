/** Errors of the create path that tell the user what exists on the platform and what to do. */
import type { LookupCandidate, LookupKey } from "../model/create-lookup";

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

/** What an {@link AmbiguousCreateError} knows about the objects the create may have made. */
export type AmbiguousDetail =
  | {
      by: "key";
      key: LookupKey | undefined;
      /** The objects that held the key before the create was sent: never this create's. */
      older?: readonly LookupCandidate[] | undefined;
    }
  | { by: "set-difference"; describe: string };

/**
 * A create's outcome is unknown and its recovery could not settle it: the lookup found several
 * objects the create may have made, could not finish, or the type has nothing to look it up by.
 */
export class AmbiguousCreateError extends Error {
  readonly code = "AMBIGUOUS_CREATE";

  constructor(
    readonly type: string,
    readonly detail: AmbiguousDetail,
    readonly candidates: readonly LookupCandidate[],
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `${type}: the create's outcome is unknown (${reason}) and ${explain(detail, candidates)}.${olderNote(detail)} ` +
        "Run `pulumi-travel reconcile` to list the platform's objects that no resource owns; if one of those " +
        "that appeared is this stack's (it holds every declared input), set adoptId on the resource to it. " +
        "Another stack or a person may own any of them: delete none before checking who made it.",
      { cause },
    );
    this.name = "AmbiguousCreateError";
  }
}

function explain(detail: AmbiguousDetail, candidates: readonly LookupCandidate[]): string {
  if (detail.by === "set-difference") {
    return candidates.length === 0
      ? `the ${detail.describe} could not be listed, so whether it was created is unknown`
      : `${candidates.length} new ${detail.describe} appeared since the create began (another run or person ` +
          `created some meanwhile): ${describe(candidates)}`;
  }
  const { key } = detail;
  if (key === undefined)
    return "its inputs declare no key to look it up by, so whether it was created is unknown";
  return candidates.length === 0
    ? `the lookup by ${key.by} "${key.value}" could not finish, so whether it was created is unknown`
    : `${candidates.length} objects with ${key.by} "${key.value}" appeared since the create was sent: ${describe(candidates)}`;
}

/** The objects older than the create, named apart: they are another stack's or a person's. */
function olderNote(detail: AmbiguousDetail): string {
  if (detail.by !== "key" || detail.key === undefined || !detail.older?.length) return "";
  const { key, older } = detail;
  const objects = older.length === 1 ? "1 older object" : `${older.length} older objects`;
  return (
    ` ${objects} with ${key.by} "${key.value}" existed before the create was sent (${describe(older)}): ` +
    "not made by this create, never adopted, and left alone."
  );
}

/**
 * A create that repeating cannot harm (a singleton, a document, a convergence) did not get an
 * answer within its retry budget. Nothing needs reconciling: running `pulumi up` again finishes it.
 */
export class UnsettledCreateError extends Error {
  readonly code = "UNSETTLED_CREATE";

  constructor(
    readonly type: string,
    attempts: number,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `${type}: no answer after ${attempts} attempts (${reason}). Repeating this create is harmless ` +
        "(it converges the same setting): run `pulumi up` again.",
      { cause },
    );
    this.name = "UnsettledCreateError";
  }
}
