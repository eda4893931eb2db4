/**
 * Turns a {@link ResourceDefinition} into the base of its Pulumi Resource class: the thin provider,
 * the `travel` module and type (token `pulumi-nodejs:dynamic/travel:<type>`), declared outputs and
 * secret outputs. The class takes the Args interface `A` the definition's module declares, and has
 * an `Output` property for each member of its outputs interface `O`.
 *
 * Secrets: dynamic providers do not accept secrets (the engine hands them plaintext and echoes
 * inputs into outputs), so secrecy is decided here, in the program. `secretInputs` are wrapped in
 * `pulumi.secret` even when the user passed a plain string, and they and `secretOutputs` are listed
 * in `additionalSecretOutputs`, so the engine stores them only as ciphertext in state.
 */
import type * as pulumi from "@pulumi/pulumi";
import { Resource as DynamicResource } from "@pulumi/pulumi/dynamic";
import { getProject, getStack } from "@pulumi/pulumi/metadata";
import { secret } from "@pulumi/pulumi/output";
import { encodeMeta } from "../../model/codec";
import type { ResourceDefinition, Values } from "../../model/definition";
import { installDebugLogGuard } from "./debug-log-guard";
import { assertKnownKeys } from "./duplicate-index";
import { programScope } from "./program-scope";
import { thinProvider } from "./thin-provider";

/** A Resource class as the registry's classes hold it: its definition, and a way to declare one from values. */
export interface RegisteredResource {
  /** The definition behind the class. */
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

/** The properties of a resource of outputs `O`: one `Output` each. */
export type OutputProperties<O> = { readonly [K in keyof O]-?: pulumi.Output<O[K]> };

/** Constructor of a resource base class, typed by its Args and outputs. */
export interface DynamicResourceClass<A, O> extends RegisteredResource {
  new (
    name: string,
    args: A,
    opts?: pulumi.CustomResourceOptions,
  ): pulumi.dynamic.Resource & OutputProperties<O>;
}

/** The names to list in `additionalSecretOutputs` for a definition's secret fields (deduplicated, stable order). */
export function secretOutputNames(
  secrets: { secretOutputs?: readonly string[] | undefined },
  secretInputs: readonly string[] = [],
  extra: readonly string[] = [],
): string[] {
  return [...new Set([...extra, ...(secrets.secretOutputs ?? []), ...secretInputs])];
}

/** The Resource base class of `definition`, taking Args `A` and with the outputs of `O`. */
export function dynamicResource<A, O>(
  registered: ResourceDefinition<Values, Values>,
): DynamicResourceClass<A, O> {
  const { type, outputs } = registered;
  const idOutput = registered.capabilities?.outputRules?.idOutput;
  const secretInputs: readonly string[] = registered.capabilities?.secrets?.secretInputs ?? [];
  const provider = thinProvider(type);
  installDebugLogGuard();

  class TravelResource extends DynamicResource {
    static readonly definition: ResourceDefinition<Values, Values> = registered;

    static fromValues(name: string, args: Readonly<Values>, opts?: pulumi.CustomResourceOptions) {
      // The engine validates these inputs with the definition's schema at preview (`check`).
      return new this(name, args as A, opts);
    }

    constructor(name: string, args: A, opts: pulumi.CustomResourceOptions = {}) {
      const props: Record<string, unknown> = { ...(args as object) };
      assertKnownKeys(type, name, props, Object.keys(registered.inputs.shape));
      const { duplicates } = programScope();
      const uniqueness = registered.capabilities?.uniqueness;
      if (uniqueness?.uniqueExternalIdWithin !== undefined)
        duplicates.claim(type, name, props, uniqueness.uniqueExternalIdWithin);
      for (const unique of uniqueness?.uniqueInputs ?? [])
        duplicates.claim(type, name, props, unique.within, unique);
      for (const input of secretInputs) if (props[input] !== undefined) props[input] = secret(props[input]);
      for (const output of outputs) if (!(output in props)) props[output] = undefined;
      // Recorded with the resource, so a delete in a run with no program (a destroy) can read the
      // stack's checkpoint (`company-delete-gate.ts`), and a create keys its record of a create in
      // flight (`create-journal.ts`): this host is told neither the stack nor the URN.
      Object.assign(props, encodeMeta({ stack: getStack(), resource: { project: getProject(), name } }));
      const secrets = secretOutputNames(
        registered.capabilities?.secrets ?? {},
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
  return TravelResource as unknown as DynamicResourceClass<A, O>;
}

/** True for the Resource classes made by {@link dynamicResource}. */
export function isTravelResourceClass(value: unknown): value is RegisteredResource {
  return typeof value === "function" && "definition" in value && typeof value.definition === "object";
}
