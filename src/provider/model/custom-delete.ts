/** `CustomDelete`: a type's own steps around its delete. */
import type { Recorded } from "./recorded";
import type { ResourceContext } from "./resource-context";
import type { Values } from "./values";

/** What a delete is asked to remove: `id`, as the state records it. */
export interface DeleteRequest<I extends Values, S extends Values> {
  id: string;
  recorded: Recorded<I, S>;
}

/** `delete`: the delete of `request`; `next` is the default delete (a 404 of the type counts as done). */
export interface CustomDelete<I extends Values, S extends Values> {
  delete?(ctx: ResourceContext, request: DeleteRequest<I, S>, next: () => Promise<void>): Promise<void>;
}
