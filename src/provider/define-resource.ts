/**
 * Turns a {@link ResourceDefinition} into the base of its Pulumi Resource class: the thin provider,
 * the `travel` module and type (token `pulumi-nodejs:dynamic/travel:<type>`), declared outputs and
 * secret outputs.
 */
import * as pulumi from "@pulumi/pulumi";
import type { ResourceDefinition, Values } from "./definition";
import { thinProvider } from "./thin-provider";

/** Constructor of a resource base class; subclasses narrow `args` to their Args interface. */
export type TravelResourceBase = abstract new (
  name: string,
  args: object,
  opts?: pulumi.CustomResourceOptions,
) => pulumi.dynamic.Resource;

/** A definition together with its Resource base class. */
export type DefinedResource<I extends Values, S extends Values> = ResourceDefinition<I, S> & {
  /** Extend this with the typed Args and declared outputs. */
  Resource: TravelResourceBase;
};

/** Creates the Resource base class of a definition and returns both together. */
export function defineResource<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
): DefinedResource<I, S> {
  const { type, outputs, secretOutputs, idOutput } = definition;

  abstract class TravelResource extends pulumi.dynamic.Resource {
    constructor(name: string, args: object, opts: pulumi.CustomResourceOptions = {}) {
      const props: Record<string, unknown> = { ...args };
      for (const output of outputs) if (!(output in props)) props[output] = undefined;
      const secrets = [...(opts.additionalSecretOutputs ?? []), ...(secretOutputs ?? [])];
      super(
        thinProvider(type),
        name,
        props,
        secrets.length > 0 ? { ...opts, additionalSecretOutputs: secrets } : opts,
        "travel",
        type,
      );
      if (idOutput !== undefined) Object.defineProperty(this, idOutput, { value: this.id, enumerable: true });
    }
  }
  return Object.assign(definition, { Resource: TravelResource });
}
