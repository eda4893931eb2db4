/**
 * Which registry type a resource of a program is, whichever host declared it: the dynamic
 * resources (`pulumi-nodejs:dynamic/travel:<Type>`) or the provider plugin (`travel:index:<Type>`).
 * Every policy matches types through {@link travelTypeOf}, so a policy written for a type covers
 * both hosts' tokens.
 */
import { dynamicTokenOf } from "../provider/hosts/dynamic/token";
import { definitions, type ResourceType } from "../resources/registry";

/** The provider plugin's token of a registry type. */
export function pluginTokenOf(type: string): string {
  return `travel:index:${type}`;
}

/** Registry type names by the tokens of both hosts. */
const TYPES_BY_TOKEN: ReadonlyMap<string, ResourceType> = new Map(
  Object.keys(definitions).flatMap((type) => [
    [dynamicTokenOf(type), type as ResourceType],
    [pluginTokenOf(type), type as ResourceType],
  ]),
);

/** The registry type name of a resource token of either host, or undefined for any other resource. */
export function travelTypeOf(token: string): ResourceType | undefined {
  return TYPES_BY_TOKEN.get(token);
}

/** The registry types whose inputs include `input`, in the registry's order. */
export function typesWithInput(input: string): ResourceType[] {
  return Object.entries(definitions)
    .filter(([, definition]) => input in definition.inputs.shape)
    .map(([type]) => type as ResourceType);
}
