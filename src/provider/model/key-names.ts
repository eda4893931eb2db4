/**
 * The capability of a definition whose keyed list inputs (`keyed-inputs.ts`) hold ids of platform
 * objects: it names them, so `pulumi preview --diff` shows a field or a role by its name. The names
 * come from the platform (one list per company per run), never from a guess; they change only how
 * the engine records the list, never what `up` sends.
 */
import { type KeyedInputs, type KeyNames, recordedForm } from "./keyed-inputs";
import type { ResourceContext } from "./resource-context";
import { jsonEqual, type Values } from "./values";

/** The platform's names of the ids each named keyed input holds, by input. */
export type InputKeyNames = { readonly [input: string]: KeyNames | undefined };

/** A definition that names the ids its keyed list inputs hold. */
export interface NamesKeys<I extends Values> {
  /**
   * The platform's name of each id the keyed inputs `keys` may hold (valid inputs, unknown values
   * possible at preview); an input left out, or an id not named, is recorded by the id itself,
   * as is every input while its parent is unknown (a company new in the same preview).
   */
  keyNames?(ctx: ResourceContext, inputs: I, keys: readonly string[]): Promise<InputKeyNames>;
  /** The keyed inputs {@link keyNames} names. */
  namedKeys?: readonly (keyof I & string)[] | undefined;
}

/**
 * `inputs` in the form the engine records: keyed lists as maps ({@link recordedForm}), keyed by
 * name where the definition names them. A list unchanged from `olds` (the inputs on record) whose
 * record is already keyed by name keeps that record, so a no-change run asks the platform nothing.
 */
export async function recordedWithNames<I extends Values>(
  definition: NamesKeys<I> & { keyedInputs?: KeyedInputs | undefined },
  context: () => ResourceContext,
  inputs: Values,
  olds: Values,
): Promise<Values> {
  const keyed = definition.keyedInputs;
  const byKey = recordedForm(keyed, inputs);
  const kept: Values = {};
  const naming: string[] = [];
  for (const key of definition.namedKeys ?? []) {
    const codec = keyed?.[key];
    const list = inputs[key];
    // An empty list has nothing to name.
    if (!codec || !Array.isArray(list) || list.length === 0) continue;
    const old = olds[key];
    const oldList = isRecord(old) ? codec.fromRecorded(old) : undefined;
    const oldByKey = oldList && codec.toRecorded(oldList);
    if (oldByKey !== undefined && !jsonEqual(old, oldByKey) && jsonEqual(oldByKey, byKey[key]))
      kept[key] = old;
    else naming.push(key);
  }
  const names =
    naming.length > 0 && definition.keyNames ? await definition.keyNames(context(), inputs as I, naming) : {};
  return { ...recordedForm(keyed, inputs, names), ...kept };
}

function isRecord(value: unknown): value is Values {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
