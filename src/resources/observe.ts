/** Observing the declared fields of a platform object, for drift detection. */
import { ADOPT_INPUT, type Values } from "../provider/kit";

/**
 * The platform's values of the fields the user declared, for drift detection. Only `declared`
 * keys are observed: the provider owns exactly the declared fields, so a field set outside the
 * program is never recorded as an input, and no diff proposes to remove it.
 */
export function observe<I extends Values>(
  server: Values,
  declared: I,
  keys: readonly string[] = Object.keys(declared),
  /** Every one of `keys`, declared or not: an import, which takes over what the platform holds. */
  all = false,
): I {
  const out: Values = {};
  for (const key of keys) {
    if (key === ADOPT_INPUT || (!all && declared[key] === undefined)) continue;
    if (server[key] !== undefined) out[key] = server[key];
  }
  return out as I;
}
