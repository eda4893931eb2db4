/**
 * The ids a set-difference collection held when a new resource was checked (the TMC's API-user
 * clientIds), recorded as an internal input. The engine keeps the checked inputs in the pending
 * create it writes before the create is sent, so after a `kill -9` `reconcile` names exactly the
 * objects that appeared since: those the stack's pending creates made, never a person's older one.
 */
import type { ResourceDefinition } from "../model/definition";
import { type ContextFactory, warnRun } from "../model/resource-context";
import { containsUnknown } from "../model/unknown-values";
import type { Meta } from "../model/codec";
import type { Recorded } from "../model/recorded";
import type { Values } from "../model/values";

/**
 * The meta to record for a resource checked with `olds`: the list already on record, or
 * for a new resource of a set-difference type whose inputs are known, a fresh one. A list that cannot be read is warned
 * of (the create's own recovery lists again before it sends anything).
 */
export async function idsBeforeCreate<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  context: ContextFactory,
  olds: Recorded<I, S>,
  inputs: I,
): Promise<Meta> {
  const { recovery } = definition;
  if (recovery.strategy !== "set-difference") return {};
  const { meta } = olds;
  if (meta.idsBeforeCreate !== undefined) return { idsBeforeCreate: meta.idsBeforeCreate };
  // An existing resource recorded by an earlier release: its create is long done. A preview with
  // unknown inputs lists nothing: the check of the up that creates it does.
  if (Object.keys(olds.asRecorded).length > 0 || containsUnknown(inputs)) return {};
  const ctx = context();
  try {
    // Listed once per run, before the run's first create: the ids its creates add are not in it.
    const ids = await ctx.run.readOnce(`ids before create: ${definition.type}`, () =>
      recovery.listIds(ctx, inputs),
    );
    return { idsBeforeCreate: [...ids].sort() };
  } catch (error) {
    await warnRun(
      ctx,
      `${definition.type}: the ${recovery.describe} could not be listed before the create ` +
        `(${error instanceof Error ? error.message : String(error)}); if this run is killed while it creates, ` +
        "`pulumi-travel reconcile` cannot tell which of them this stack made.",
    );
    return {};
  }
}
