/** Helpers the resource definitions share: observing declared fields and full-replacement PUT bodies. */
import { ADOPT_INPUT, type Values } from "../provider/definition";

/**
 * The platform's values of the fields the user declared, for drift detection. Only `declared`
 * keys are observed: the provider owns exactly the declared fields, so a field set outside the
 * program is never recorded as an input, and no diff proposes to remove it.
 */
export function observe<I extends Values>(
  server: Values,
  declared: I,
  keys: readonly string[] = Object.keys(declared),
): I {
  const out: Values = {};
  for (const key of keys) {
    if (key === ADOPT_INPUT || declared[key] === undefined) continue;
    if (server[key] !== undefined) out[key] = server[key];
  }
  return out as I;
}

/**
 * The body of a full-replacement PUT: the platform's current object, with the declared inputs
 * applied and the inputs the user stopped declaring removed. Fields the user never declared are
 * kept as the platform has them, so an update never clears what it does not manage.
 */
export function replacementBody(
  current: Values,
  news: Values,
  olds: Values,
  inputKeys: readonly string[],
): Values {
  const body: Values = { ...current };
  for (const key of inputKeys) {
    if (key === ADOPT_INPUT) continue;
    if (news[key] !== undefined) body[key] = news[key];
    else if (olds[key] !== undefined) delete body[key];
  }
  return body;
}

/** `inputs` without `adoptId`, as sent to the platform. */
export function withoutAdopt<I extends Values>(inputs: I): Omit<I, typeof ADOPT_INPUT> {
  const { [ADOPT_INPUT]: _adopt, ...rest } = inputs;
  return rest;
}
