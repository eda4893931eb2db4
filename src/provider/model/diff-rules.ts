/** The diff rules capability: how recorded and declared inputs are compared. */
import type { z } from "zod";
import type { InputKeyNames, KeyedInput } from "./keyed-inputs";
import type { Decoded, Recorded } from "./recorded";
import type { ResourceContext } from "./resource-context";
import type { Values } from "./values";

/**
 * What the diff of a type's inputs (named `IN`) takes into account beyond plain equality. The
 * names are a parameter of their own, so a definition of specific inputs stays assignable to one
 * of plain `Values`.
 */
export interface DiffRules<I extends Values, IN extends string = string> {
  /**
   * List inputs the engine records as maps keyed by name, so `pulumi preview --diff` shows an
   * entry added, removed or changed by its name instead of every position after it (see
   * `keyed-inputs.ts`). The definition's methods and the outputs still see the lists.
   */
  keyedInputs?: { readonly [K in keyof I & string]?: KeyedInput } | undefined;
  /**
   * Inputs whose new value is unknown at preview but known to stay as recorded (told by internal
   * inputs, such as the id of the resource an output comes from). The diff then counts them as
   * unchanged, as `up` will find them. Their meta tells it.
   */
  keptWhenUnknown?(olds: Recorded<I, Values>, news: Decoded): string[];
  /**
   * Declared inputs the recorded outputs prove unchanged though the recorded inputs lack them (an
   * imported key's material, which the platform never returns, proven by its thumbprint). The
   * diff counts them unchanged.
   */
  provenByOutputs?(recorded: Recorded<I, Values>, news: Values): string[];
  /**
   * The schema read and diff normalize this type's inputs by (`normalize.ts`) when it is more
   * precise than `inputs` for the given values (a config document's schema for its kind).
   * Default: `inputs`.
   */
  normalizedBy?(values: Values): z.ZodType;
  /**
   * The platform's name of each id the keyed inputs `keys` may hold (valid inputs, unknown values
   * possible at preview), so `pulumi preview --diff` shows a field or a role by its name
   * (`key-names.ts`); an input left out, or an id not named, is recorded by the id itself, as is
   * every input while its parent is unknown (a company new in the same preview).
   */
  keyNames?(ctx: ResourceContext, inputs: I, keys: readonly string[]): Promise<InputKeyNames>;
  /** The keyed inputs {@link keyNames} names. */
  namedKeys?: readonly IN[] | undefined;
}
