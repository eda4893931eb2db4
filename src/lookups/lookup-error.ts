/**
 * The error of a lookup that did not find exactly one object: it names what was searched (the
 * type, the key and its value, the company) and what was found (none, or every candidate by id).
 * It is a Pulumi `RunError`, so a program that does not catch it shows its message alone, on one
 * line, without a stack or the error's fields.
 */
import { RunError } from "@pulumi/pulumi/errors";
import type { Entity } from "../provider/model/tenant-facts";

/** What a lookup searched for. */
export interface LookupSearch {
  /** The type, as people name it: `UserGroup`, `Role`, `CostCenter`. */
  type: string;
  /** The key searched by: `name`, `externalId`, `kid`. */
  key: string;
  value: string;
  /** Where: `in company 8f…`, `in company 8f…, legal entity 2a…`; empty for top-level objects. */
  scope: string;
}

/** Why a lookup failed: nothing matched, or more than one object did. */
export type LookupErrorCode = "LOOKUP_NOT_FOUND" | "LOOKUP_AMBIGUOUS";

/** A lookup that found no object, or several, for its key. */
export class LookupError extends RunError {
  /** A stable code (`instanceof` breaks across copies of the module). */
  readonly code: LookupErrorCode;
  /** The ids of the objects that matched (empty when none did). */
  readonly candidates: readonly string[];

  constructor(
    readonly search: LookupSearch,
    found: readonly Pick<Entity, "id">[],
    hint = "",
  ) {
    const what = `${search.type} with ${search.key} "${search.value}"${search.scope === "" ? "" : ` ${search.scope}`}`;
    const ids = found.map((object) => object.id);
    super(
      ids.length === 0
        ? `no ${what}: found none${hint === "" ? "" : ` (${hint})`}`
        : `more than one ${what}: found ${ids.length} (${ids.join(", ")}); name one by its id instead`,
    );
    this.name = "LookupError";
    this.code = ids.length === 0 ? "LOOKUP_NOT_FOUND" : "LOOKUP_AMBIGUOUS";
    this.candidates = ids;
  }
}

/** The one object of `found`; otherwise a {@link LookupError} naming the search and the candidates. */
export function exactlyOne<T extends Pick<Entity, "id">>(
  search: LookupSearch,
  found: readonly T[],
  hint?: string,
): T {
  const [only] = found;
  if (only === undefined || found.length > 1) throw new LookupError(search, found, hint);
  return only;
}
