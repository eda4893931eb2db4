/**
 * Every resource definition by type name, read off the definitions the barrel exports, so the
 * barrel is the one list of resources. Both hosts look types up here (the dynamic host derives its
 * Resource classes from it, `src/dynamic/resources.ts`; the plugin its schema), so a type that was
 * ever released must stay exported. The manifest, `export`, `reconcile` and the docs read each
 * type's facts off these definitions (`provider/model/tenant-facts.ts`).
 */
import type { DefinitionRegistry, ResourceDefinition, Values } from "../provider/kit";
import * as resources from "./index";

/** The definitions, in the barrel's order (parents before their children). */
export const definitionList: readonly ResourceDefinition<Values, Values>[] = Object.values(resources);

/** Resource definitions by type. */
export const definitions: DefinitionRegistry = Object.fromEntries(
  definitionList.map((definition) => [definition.type, definition]),
);

/** The type names of the registry, as the barrel's definitions name them. */
export type ResourceType = {
  [K in keyof typeof resources]: (typeof resources)[K] extends { type: string; inputs: unknown }
    ? K extends `${infer T}Resource`
      ? Capitalize<T>
      : never
    : never;
}[keyof typeof resources];

/** The definition of `type`; throws naming it when the registry has none. */
export function definitionOf(type: string): DefinitionRegistry[string] {
  const definition = definitions[type];
  if (!definition) throw new Error(`pulumi-travel has no resource type ${type}`);
  return definition;
}
