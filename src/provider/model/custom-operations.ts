/**
 * The operations a definition may override, in the style of pulumi-go-provider's `infer`
 * (`CustomCheck`, `CustomCreate`, `CustomUpdate`, `CustomDelete`): each a one-method interface in
 * its own file, which a type implements beside its resource in place of a generic knob. The operations
 * (`operations/type-operations.ts`) call the override where the type has one, and hand it the
 * default behaviour as `next`, so an override adds to the default rather than repeating it.
 */
import type { CustomCheck } from "./custom-check";
import type { CustomCreate } from "./custom-create";
import type { CustomDelete } from "./custom-delete";
import type { CustomUpdate, UpdateRefusal } from "./custom-update";
import type { Values } from "./values";

export type { CustomCheck } from "./custom-check";
export type { CreateRequest, Created, CustomCreate } from "./custom-create";
export type { CustomDelete, DeleteRequest } from "./custom-delete";
export type { CustomUpdate, UpdateRefusal, UpdateRequest } from "./custom-update";

/** The overrides of one type: one-method interfaces it implements; a method left out is the default. */
export interface CustomOperations<I extends Values, S extends Values>
  extends CustomCheck<I>, CustomCreate<I>, CustomUpdate<I, S>, UpdateRefusal<I, S>, CustomDelete<I, S> {}
