/** `CustomUpdate`: a type's own steps around its update, and an update the platform refuses now. */
import type { Decoded } from "./codec";
import type { Recorded } from "./recorded";
import type { ResourceContext } from "./resource-context";
import type { Values } from "./values";

/** What an update in place is asked to do: `id`'s state on record, to the checked `news`. */
export interface UpdateRequest<I extends Values, S extends Values> {
  id: string;
  recorded: Recorded<I, S>;
  news: I;
}

/** `update`: the update of `request`; `next` is the default update, which answers the new state. */
export interface CustomUpdate<I extends Values, S extends Values> {
  update?(ctx: ResourceContext, request: UpdateRequest<I, S>, next: () => Promise<Decoded>): Promise<Decoded>;
}

/**
 * `refuseUpdate`: why the platform would refuse to update `recorded` to `news` now (a tenant key rotated within the
 * hour, by the platform's clock: `platformNow` of the kit), with when it will allow it and what to
 * do; undefined when it would not. Asked by the diff of an update in place whose inputs are known.
 */
export interface UpdateRefusal<I extends Values, S extends Values> {
  refuseUpdate?(ctx: ResourceContext, recorded: Recorded<I, S>, news: I): Promise<string | undefined>;
}
