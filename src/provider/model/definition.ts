/**
 * A resource declared as data: its core (type, schemas, the API calls behind create, read, update
 * and delete, and how an unknown create outcome is settled) and the optional capabilities it opts
 * into (`capabilities.ts`). It knows no host: each host derives its token, its classes or schema,
 * and the provider the engine calls (`operations/type-provider.ts`) from the registry.
 */
import { z } from "zod";
import { platformIdSchema } from "../../schemas/common";
import type { ResourceCapabilities } from "./capabilities";
import type { CreateRecovery } from "./create-recovery";
import type { ResourceContext } from "./resource-context";
import type { Values } from "./values";

export type { ResourceCapabilities } from "./capabilities";
export type { ConditionalReplace } from "./replace-rules";
export type { VendorRequest } from "./preview-checks";
export type { ValuePath } from "./value-path";
export type { ResourceContext } from "./resource-context";
export type { Values } from "./values";

/** What `read` saw on the platform. */
export interface Observation<I extends Values, S extends Values> {
  /** The platform's view of the declared inputs, so the next diff shows drift. */
  observed: I;
  /** Computed outputs. */
  state: S;
}

/** The declaration of one resource type: its core, and the capabilities it opts into. */
export interface ResourceDefinition<I extends Values, S extends Values> {
  /** Type name; each host derives its token from it (`travel:index:<type>`, ...). Never rename it. */
  type: string;
  /** Validates and normalizes inputs at preview time. Must be a zod object. */
  inputs: z.ZodObject<z.ZodRawShape> & z.ZodType<I>;
  /** Computed outputs the Resource class declares. */
  outputs: readonly (keyof S & string)[];
  /**
   * The platform's 404 error codes that mean this object is gone: its own code (such as
   * `COST_CENTER_NOT_FOUND`) and its parents' (a removed parent takes its children with it). Read
   * reports the object gone and delete counts as done only for these; any other 404, such as
   * `ROUTE_NOT_FOUND` from a wrong base URL, is an error.
   */
  notFoundCodes: readonly string[];
  /**
   * Creates the object. Call `created(id)` as soon as the platform has assigned an id, so that a
   * later failure is recorded as a partially created resource instead of being lost.
   */
  create(ctx: ResourceContext, inputs: I, created: (id: string) => void): Promise<{ id: string; state: S }>;
  /** Reads the object; undefined when it no longer exists. */
  read(ctx: ResourceContext, id: string, declared: I): Promise<Observation<I, S> | undefined>;
  /**
   * Converges the object to `news`; `olds` are the inputs on record, `recorded` the outputs on
   * record (empty when converging an object a create just found or adopted).
   */
  update(ctx: ResourceContext, id: string, news: I, olds: I, recorded?: Partial<S>): Promise<S>;
  /** Deletes the object; a 404 with one of {@link notFoundCodes} counts as success. */
  delete(ctx: ResourceContext, id: string, declared: I): Promise<void>;
  /**
   * How a create whose outcome is unknown is settled without a duplicate or an orphan: by a
   * natural key, by the set difference of the platform's ids, or by repeating an idempotent
   * create (see `create-recovery.ts`, `safe-create.ts`). Every type declares one.
   */
  recovery: CreateRecovery<I, S>;
  /** The optional capabilities the type opts into (replace rules, uniqueness, secrets, ...). */
  capabilities?: ResourceCapabilities<I, S> | undefined;
}

/** Resource definitions by type name. */
export type DefinitionRegistry = Readonly<Record<string, ResourceDefinition<Values, Values>>>;

/**
 * Declares a resource type: `definition` as it is, its types inferred (the input schema's own type
 * kept, so that its Args can be derived from it).
 */
export function defineResource<I extends Values, S extends Values, Schema extends z.ZodType = z.ZodType>(
  definition: ResourceDefinition<I, S> & { inputs: Schema },
): ResourceDefinition<I, S> & { inputs: Schema } {
  return definition;
}

/** Name of the input that takes over an existing object instead of creating one. */
export const ADOPT_INPUT = "adoptId";

/** The `adoptId` input every resource that can take over an existing object declares. */
export const adoptIdField = {
  /**
   * Id of an existing object to take over instead of creating one; it is then converged to the
   * declared inputs (the `import` option does not work for dynamic resources).
   */
  adoptId: platformIdSchema("an id").optional(),
};

/** The input names of a definition. */
export function inputKeysOf(definition: { inputs: z.ZodObject<z.ZodRawShape> }): string[] {
  return Object.keys(definition.inputs.shape);
}
