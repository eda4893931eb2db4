/**
 * Duplicates among the resources of one engine run, found at `check`: two resources of a type
 * that claim the same unique value (an `externalId`, a custom field's name, a partner key's kid)
 * under the same parents fail the preview, naming both, instead of failing half way through `up`
 * with a 409. The plugin serves programs of every language, whose processes it cannot see, so the
 * run compares what its checks receive (the dynamic host also compares in the program's process,
 * `hosts/dynamic/duplicate-index.ts`, with the same words). A value or parent not known at preview
 * (the id of a company the run creates) is compared when `up` checks the resource again with it
 * known, before its create.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceDefinition } from "../model/definition";
import type { Run } from "../model/run";
import { comparedValue, duplicateMessage, uniqueRules } from "../model/unique-input";
import { containsUnknown } from "../model/unknown-values";
import type { Values } from "../model/values";

/** The failures of resource `name` of `definition` whose checked `inputs` take a value another resource of the run holds. */
export function runDuplicateFailures<I extends Values, S extends Values>(
  run: Run,
  definition: ResourceDefinition<I, S>,
  name: string,
  inputs: Values,
): pulumi.dynamic.CheckFailure[] {
  const uniqueness = definition.capabilities?.uniqueness;
  if (uniqueness === undefined) return [];
  const claim = { type: definition.type, name };
  return uniqueRules(uniqueness).flatMap((rule) => {
    const value = inputs[rule.input];
    const scope = rule.within.map((input) => inputs[input]);
    if (value === undefined || containsUnknown(value) || scope.some(containsUnknown)) return [];
    const key = JSON.stringify([definition.type, rule.input, ...scope, comparedValue(value, rule)]);
    const first = run.claimUnique(key, claim);
    if (first === undefined) return [];
    const shown = typeof value === "string" ? value : JSON.stringify(value);
    return [{ property: rule.input, reason: duplicateMessage(claim, first, shown, rule.within, rule) }];
  });
}
