/**
 * Every resource definition by type name, read off the Resource classes the barrel exports, so
 * the barrel is the one list of resources. The provider runtime looks types up here, so a type
 * that was ever released must stay exported. The manifest, `export`, `reconcile` and the docs read
 * each type's facts off these definitions (`provider/model/tenant-facts.ts`).
 */
import { isTravelResourceClass, type RegisteredResource } from "../provider/hosts/dynamic/define-resource";
import type { DefinitionRegistry } from "../provider/operations/runtime";
import * as resources from "./index";

/** The Resource classes, in the barrel's order (parents before their children). */
export const resourceClasses: readonly RegisteredResource[] =
  Object.values(resources).filter(isTravelResourceClass);

/** Resource definitions by type. */
export const definitions: DefinitionRegistry = Object.fromEntries(
  resourceClasses.map((resource) => [resource.definition.type, resource.definition]),
);

/** The type names of the registry: the Resource classes the barrel exports, named as their types. */
export type ResourceType = {
  [K in keyof typeof resources]: (typeof resources)[K] extends { definition: unknown } ? K : never;
}[keyof typeof resources];

/** The definition of `type`; throws naming it when the registry has none. */
export function definitionOf(type: string): DefinitionRegistry[string] {
  const definition = definitions[type];
  if (!definition) throw new Error(`pulumi-travel has no resource type ${type}`);
  return definition;
}
