/** The replace rules capability: which input changes replace an object, and how. */
import type { FieldName } from "./field-name";
import type { Values } from "./values";

/**
 * Inputs that replace the object only in some cases (an arm's action switching to or from one
 * with an option group). The docs state the rule from `inputs` and `when`. `N` is the names of
 * the inputs (`FieldName<I>`), a parameter of its own so a definition of specific inputs stays
 * assignable to one of plain `Values`, as the registry holds them.
 */
export interface ConditionalReplace<I extends Values, N extends string = FieldName<I>> {
  /** The inputs the rule may name. */
  inputs: readonly N[];
  /** When a change of them replaces, completing "Changing `action` replaces the object when ...". */
  when: string;
  /**
   * The changed inputs that force a replacement (a subset of `inputs`). `news` may hold unknown
   * values (`containsUnknown`); an unknown input the rule depends on should count as changed, as
   * `replaceOn` counts it.
   */
  rule(olds: Partial<I>, news: Values): N[];
}

/** When a change replaces the object instead of updating it in place. */
export interface ReplaceRules<I extends Values, N extends string = FieldName<I>> {
  /** Inputs whose change replaces the object (parent ids). Default: none. */
  replaceOn?: readonly N[] | undefined;
  /** Replace by deleting first (for objects with unique names). */
  deleteBeforeReplace?: boolean | undefined;
  /** A replace rule beyond `replaceOn`, for inputs that replace only in some cases. */
  replaceWhen?: ConditionalReplace<I, N> | undefined;
}

/** The inputs whose change always replaces an object of `definition`. */
export function replaceOnOf(definition: {
  capabilities?: { replacement?: { replaceOn?: readonly string[] | undefined } | undefined } | undefined;
}): readonly string[] {
  return definition.capabilities?.replacement?.replaceOn ?? [];
}
