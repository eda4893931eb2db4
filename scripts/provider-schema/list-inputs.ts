/**
 * A resource's `listInputs` in the package schema: what `pulumi do <token> list` takes, read off
 * the plugin's listing of the type (`src/provider/hosts/plugin/type-listing.ts`): the company its
 * objects are under, and the parent ids below the company that narrow the listing. A type the
 * plugin cannot list (its inventory opts out) declares none, so `pulumi do` offers no `list`.
 */
import type { DefinitionRegistry } from "../../src/provider/operations/runtime";
import { isOptOut } from "../../src/provider/model/tenant-facts";
import { listInputsOf } from "../../src/provider/hosts/plugin/type-listing";
import type { ObjectSpec, PropertySpec } from "./pulumi-types";

/** A parent id in words: `legalEntityId` → `legal entity`. */
const words = (name: string) =>
  name
    .replace(/Id$/, "")
    .replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`)
    .trim();

/** The `listInputs` of `definition` (named `className` in the docs), or undefined when it cannot be listed. */
export function listInputsSpec(
  definition: DefinitionRegistry[string],
  className: string,
): (ObjectSpec & { type: "object" }) | undefined {
  const inputs = listInputsOf(definition);
  if (isOptOut(inputs)) return undefined;
  const properties: Record<string, PropertySpec> = {};
  for (const name of inputs.required)
    properties[name] = {
      type: "string",
      description: `The ${words(name)} whose ${className} objects are listed.`,
    };
  for (const name of inputs.optional)
    properties[name] = {
      type: "string",
      description: `Only those under this ${words(name)}; without it, those under every ${words(name)} of the company.`,
    };
  return {
    type: "object",
    properties,
    ...(inputs.required.length > 0 ? { required: [...inputs.required] } : {}),
  };
}
