/** Pure diffing of declared inputs: what changed and what forces a replacement. */
import { ADOPT_INPUT, inputKeysOf, type ResourceDefinition, type Values } from "../model/definition";
import { declaredForm, recordedForm } from "../model/keyed-inputs";
import { replaceOnOf } from "../model/replace-rules";
import { comparable, normalizingSchema } from "../model/normalize";
import { containsUnknown } from "../model/unknown-values";
import { jsonEqual } from "../model/values";
import type { Decoded, Recorded } from "../model/recorded";

/** The diff of two input sets. */
export interface InputDiff {
  changed: string[];
  replaces: string[];
}

/**
 * Compares `olds` and `news` over `keys`. An unknown new value counts as a change; `adoptId` never
 * does (it only matters at creation).
 */
export function diffInputs(
  keys: readonly string[],
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  replaceOn: readonly string[],
): InputDiff {
  const changed = keys.filter(
    (key) => key !== ADOPT_INPUT && (containsUnknown(news[key]) || !jsonEqual(olds[key], news[key])),
  );
  return { changed, replaces: changed.filter((key) => replaceOn.includes(key)) };
}

/**
 * {@link diffInputs} over the definition's inputs in their comparable form (`normalize.ts`: unordered
 * arrays as sets, an omitted empty value as its explicit form), keyed lists compared as the maps
 * the engine records (see `keyed-inputs.ts`): reordering an option list is no change.
 */
export function diffDeclared<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  olds: Values,
  news: Values,
): InputDiff {
  const recorded = (values: Values) => recordedForm(definition.capabilities?.diff?.keyedInputs, values);
  const both = comparable(normalizingSchema(definition, news), olds, news);
  return diffInputs(
    inputKeysOf(definition),
    recorded(both.olds),
    recorded(both.news),
    replaceOnOf(definition),
  );
}

/**
 * The values of `news` with the unknown values the definition's `keptWhenUnknown` knows to stay
 * taken from `olds`, as they are recorded.
 */
export function withKeptValues<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  olds: Recorded<I, S>,
  news: Decoded,
): Values {
  const kept = { ...news.values };
  for (const key of definition.capabilities?.diff?.keptWhenUnknown?.(olds, news) ?? [])
    if (containsUnknown(kept[key]) && olds.asRecorded[key] !== undefined) kept[key] = olds.asRecorded[key];
  return kept;
}

/** The new declared inputs as the diff should see them, keyed lists as lists: {@link withKeptValues}. */
export function settledInputs<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  olds: Recorded<I, S>,
  news: Decoded,
): Values {
  return declaredForm(definition.capabilities?.diff?.keyedInputs, withKeptValues(definition, olds, news));
}
