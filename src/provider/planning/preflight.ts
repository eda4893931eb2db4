/**
 * Two optional hooks of a {@link ResourceDefinition}, kept apart from the generic check and diff:
 * its `CustomCheck` (platform calls during `check`, which also runs in preview) and `replaceWhen`
 * (replace rules that depend on values, not only on which input changed).
 */
import { isDeepStrictEqual } from "node:util";
import type * as pulumi from "@pulumi/pulumi";
import type { CheckOutcome } from "./check";
import type { ResourceDefinition } from "../model/definition";
import { recordedForm } from "../model/keyed-inputs";
import type { ContextFactory } from "../model/resource-context";
import { containsUnknown } from "../model/unknown-values";
import { type Values, withoutUndefined } from "../model/values";

/**
 * The failures of the definition's `CustomCheck` for `news`, or none when it has none, the inputs
 * already failed validation, some input is still unknown (the engine checks again at `up`), or the
 * inputs equal those on record: they were checked when they were applied, and what changed on the
 * platform since is refresh's to find, so a no-change preview reads nothing.
 */
export async function preflightFailures<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  context: ContextFactory,
  outcome: CheckOutcome<unknown>,
  news: Values,
  olds: Partial<I>,
): Promise<pulumi.dynamic.CheckFailure[]> {
  const custom = definition.capabilities?.custom;
  if (!custom?.check || outcome.failures.length > 0 || containsUnknown(news)) return [];
  const inputs = withoutUndefined(outcome.inputs as I);
  // Compared as the engine records them: keyed lists as maps, whose order does not count.
  const recorded = (values: Values) => recordedForm(definition.capabilities?.diff?.keyedInputs, values);
  const unchanged = isDeepStrictEqual(recorded(inputs), recorded(withoutUndefined(olds as Values)));
  if (Object.keys(olds).length > 0 && unchanged) return [];
  return custom.check(context(), inputs, olds);
}

/**
 * Inputs the definition's `replaceWhen` adds to `replaces` (without duplicates). The rule sees
 * unknown values too (the preview of a program with outputs not yet known): it decides for the
 * inputs it reads, so an unknown elsewhere cannot hide a replacement from the preview.
 */
export function extraReplaces<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  olds: Partial<I>,
  news: Values,
  replaces: readonly string[],
): string[] {
  const replaceWhen = definition.capabilities?.replacement?.replaceWhen;
  if (!replaceWhen) return [];
  return replaceWhen.rule(olds, news).filter((key) => !replaces.includes(key));
}
