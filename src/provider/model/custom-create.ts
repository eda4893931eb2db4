/** `CustomCreate`: a type's own steps around its create. */
import type { Decoded, Meta } from "./codec";
import type { ResourceContext } from "./resource-context";
import type { Values } from "./values";

/** What a create is asked to make: the checked inputs, and the meta the program recorded. */
export interface CreateRequest<I extends Values> {
  inputs: I;
  meta: Meta;
}

/** What a create made: the object's id, and its state (values and meta) as the engine will record it. */
export interface Created {
  id: string;
  state: Decoded;
}

/** `create`: the create of `request`; `next` is the default create (an adoption, or the safe create). */
export interface CustomCreate<I extends Values> {
  create?(ctx: ResourceContext, request: CreateRequest<I>, next: () => Promise<Created>): Promise<Created>;
}
