/**
 * Turns a {@link ResourceDefinition} into the base of its Pulumi Resource class: the thin provider,
 * the `travel` module and type (token `pulumi-nodejs:dynamic/travel:<type>`), declared outputs and
 * secret outputs. The class's `args` are {@link ArgsOf} the input schema.
 *
 * Secrets: dynamic providers do not accept secrets (the engine hands them plaintext and echoes
 * inputs into outputs), so secrecy is decided here, in the program. `secretInputs` are wrapped in
 * `pulumi.secret` even when the user passed a plain string, and they and `secretOutputs` are listed
 * in `additionalSecretOutputs`, so the engine stores them only as ciphertext in state.
 */
import type * as pulumi from "@pulumi/pulumi";
import { Resource as DynamicResource } from "@pulumi/pulumi/dynamic";
import { getStack } from "@pulumi/pulumi/metadata";
import { secret } from "@pulumi/pulumi/output";
import type { z } from "zod";
import type { ResourceDefinition, Values } from "../../model/definition";
import { assertKnownKeys, programDuplicates } from "./duplicate-index";
import type { ArgsOf } from "./resource-args";
import { installDebugLogGuard } from "./debug-log-guard";
import { thinProvider } from "./thin-provider";
import { STACK_PROP } from "../../operations/company-delete-gate";

/** A Resource class as the registry holds it: its definition, and a way to declare one from values. */
export interface RegisteredResource {
  /** The definition behind the class; the runtime registry is built from it. */
  readonly definition: ResourceDefinition<Values, Values>;
  /**
   * Declares a resource of this class from inputs built at run time (the manifest's entries),
   * which `check` validates against the definition's input schema like any other inputs.
   */
  fromValues(
    name: string,
    args: Readonly<Values>,
    opts?: pulumi.CustomResourceOptions,
  ): pulumi.dynamic.Resource;
}

/** Constructor of a resource base class, typed by its Args. */
export interface TravelResourceClass<A> extends RegisteredResource {
  new (name: string, args: A, opts?: pulumi.CustomResourceOptions): pulumi.dynamic.Resource;
}

/** A definition together with its Resource base class. */
export type DefinedResource<
  I extends Values,
  S extends Values,
  Schema extends z.ZodType,
> = ResourceDefinition<I, S> & {
  inputs: Schema;
  /** Extend this with the declared outputs. */
  Resource: TravelResourceClass<ArgsOf<Schema>>;
};

/** True for the Resource classes made by {@link defineResource}. */
export function isTravelResourceClass(value: unknown): value is TravelResourceClass<unknown> {
  return typeof value === "function" && "definition" in value && typeof value.definition === "object";
}

/** The names to list in `additionalSecretOutputs` for a definition's secret fields (deduplicated, stable order). */
export function secretOutputNames(
  secrets: { secretOutputs?: readonly string[] | undefined },
  secretInputs: readonly string[] = [],
  extra: readonly string[] = [],
): string[] {
  return [...new Set([...extra, ...(secrets.secretOutputs ?? []), ...secretInputs])];
}

/** Creates the Resource base class of a definition and returns both together. */
export function defineResource<I extends Values, S extends Values, Schema extends z.ZodType = z.ZodType>(
  definition: ResourceDefinition<I, S> & { inputs: Schema },
): DefinedResource<I, S, Schema> {
  const { type, outputs } = definition;
  const idOutput = definition.capabilities?.outputRules?.idOutput;
  const secretInputs: readonly string[] = definition.capabilities?.secrets?.secretInputs ?? [];
  const provider = thinProvider(type);
  installDebugLogGuard();

  class TravelResource extends DynamicResource {
    static readonly definition: ResourceDefinition<Values, Values> = definition;

    static fromValues(name: string, args: Readonly<Values>, opts?: pulumi.CustomResourceOptions) {
      // The engine validates these inputs with the definition's schema at preview (`check`).
      return new this(name, args as ArgsOf<Schema>, opts);
    }

    constructor(name: string, args: ArgsOf<Schema>, opts: pulumi.CustomResourceOptions = {}) {
      const props: Record<string, unknown> = { ...args };
      assertKnownKeys(type, name, props, Object.keys(definition.inputs.shape));
      if (definition.capabilities?.uniqueness?.uniqueExternalIdWithin !== undefined)
        programDuplicates.claim(type, name, props, definition.capabilities.uniqueness.uniqueExternalIdWithin);
      for (const unique of definition.capabilities?.uniqueness?.uniqueInputs ?? [])
        programDuplicates.claim(type, name, props, unique.within, unique);
      for (const input of secretInputs) if (props[input] !== undefined) props[input] = secret(props[input]);
      for (const output of outputs) if (!(output in props)) props[output] = undefined;
      // Recorded with the resource, so a delete in a run with no program (a destroy) can read the
      // stack's checkpoint (`company-delete-gate.ts`): this host is told neither the stack nor the URN.
      props[STACK_PROP] = getStack();
      const secrets = secretOutputNames(
        definition.capabilities?.secrets ?? {},
        secretInputs,
        opts.additionalSecretOutputs ?? [],
      );
      super(
        provider,
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
