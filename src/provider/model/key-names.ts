/**
 * Keyed list inputs (`keyed-inputs.ts`) that hold ids of platform objects, recorded by the names
 * the definition's diff rules give them (`keyNames`, `namedKeys` in `diff-rules.ts`), so
 * `pulumi preview --diff` shows a field or a role by its name. The names come from the platform
 * (one list per company per run), never from a guess; they change only how the engine records
 * the list, never what `up` sends.
 */
import type { DiffRules } from "./diff-rules";
import { type KeyedInputs, recordedForm } from "./keyed-inputs";
import type { ResourceContext } from "./resource-context";
import { jsonEqual, type Values } from "./values";

/**
 * `inputs` in the form the engine records: keyed lists as maps ({@link recordedForm}), keyed by
 * name where the definition names them. A list unchanged from `olds` (the inputs on record) whose
 * record is already keyed by name keeps that record, so a no-change run asks the platform nothing.
 */
export async function recordedWithNames<I extends Values>(
  definition: { capabilities?: { diff?: DiffRules<I> | undefined } | undefined },
  context: () => ResourceContext,
  inputs: Values,
  olds: Values,
): Promise<Values> {
  const diff = definition.capabilities?.diff;
  const keyed: KeyedInputs | undefined = diff?.keyedInputs;
  const byKey = recordedForm(keyed, inputs);
  const kept: Values = {};
  const naming: string[] = [];
  for (const key of diff?.namedKeys ?? []) {
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
    naming.length > 0 && diff?.keyNames ? await diff.keyNames(context(), inputs as I, naming) : {};
  return { ...recordedForm(keyed, inputs, names), ...kept };
}

function isRecord(value: unknown): value is Values {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
