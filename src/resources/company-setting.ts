/**
 * The archetype of a company's setting (its features, a config document, its per-trip charge): one
 * object per company that another stack or a person may write too. It is declared as any resource,
 * and gets the overlap guard's create, update and delete (`overlapGuard` of the kit): the state
 * records what this stack wrote, an update warns of a value someone else wrote since, and a delete
 * leaves such a value as it is (docs/reliability.md, "Two writers of one setting").
 */
import type { z } from "zod";
import {
  type CustomOperations,
  overlapGuard,
  type ReplaceRules,
  type ResourceDefinition,
  type Values,
} from "../provider/kit";

/**
 * A company's singleton is replaced when its company changes, and the old resource goes first: the
 * replacement writes the same document the old resource's delete removes (docs/reliability.md).
 */
export const SINGLETON_REPLACEMENT = {
  replaceOn: ["companyId"],
  deleteBeforeReplace: true,
} as const satisfies ReplaceRules<{ companyId: string }>;

/** Declares a company's setting: `definition`, its create, update and delete behind the overlap guard. */
export function defineCompanySetting<
  I extends Values,
  S extends Values,
  Schema extends z.ZodType = z.ZodType,
>(definition: ResourceDefinition<I, S> & { inputs: Schema }): ResourceDefinition<I, S> & { inputs: Schema } {
  const capabilities = definition.capabilities ?? {};
  const own = capabilities.custom ?? {};
  const guard = overlapGuard(definition);
  // The guard goes around the type's own overrides, where it has any, and they around the default.
  const custom: CustomOperations<I, S> = {
    ...own,
    create: (ctx, request, next) =>
      guard.create(ctx, request, () => own.create?.(ctx, request, next) ?? next()),
    update: (ctx, request, next) =>
      guard.update(ctx, request, () => own.update?.(ctx, request, next) ?? next()),
    delete: (ctx, request, next) =>
      guard.delete(ctx, request, () => own.delete?.(ctx, request, next) ?? next()),
  };
  return { ...definition, capabilities: { ...capabilities, custom } };
}
