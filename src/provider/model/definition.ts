/**
 * A resource declared as data: its type, input schema, replace rules, outputs and the API calls
 * behind create, read, update and delete. {@link defineResource} turns it into the Pulumi
 * Resource class; {@link buildTypeProvider} turns it into the provider the engine calls.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { CreateRecovery } from "./create-recovery";
import type { UniqueInput } from "./unique-input";
import type { ImportIdForm } from "./import-id";
import type { KeyedInput } from "./keyed-inputs";
import type { NamesKeys } from "./key-names";
import type { ResourceContext } from "./resource-context";
import type { Values } from "./values";
import type { TenantFacts } from "./tenant-facts";
import type { RefusesUpdate } from "./update-refusal";

export type { ResourceContext } from "./resource-context";
export type { Values } from "./values";

/** What `read` saw on the platform. */
export interface Observation<I extends Values, S extends Values> {
  /** The platform's view of the declared inputs, so the next diff shows drift. */
  observed: I;
  /** Computed outputs. */
  state: S;
}

/** A path inside a JSON value: `["address", "addressLines", 0]`. */
export type ValuePath = (string | number)[];

/**
 * A request a resource sends on create, built from its inputs, so that `check` can validate the
 * body against the vendor's documents before anything is sent (`provider/planning/vendor-check.ts`).
 */
export interface VendorRequest {
  method: "POST" | "PUT" | "PATCH";
  /** The concrete path, such as `/v2/companies/8f…/legal-entities`. */
  path: string;
  /**
   * The body exactly as create sends it; undefined for a request whose body is built at run time
   * from the platform's object (an adoption's full PUT): only its path is checked.
   */
  body: unknown;
  /**
   * Where a value of the body comes from in the inputs. Default: the same path (the body's
   * properties are inputs of the same names).
   */
  inputPathOf?: ((bodyPath: ValuePath) => ValuePath) | undefined;
  /**
   * The input holding the object's own id where the path carries it (`adoptId` in an adoption's
   * `PUT …/cost-centers/{costCenterId}`). Other path parameters are inputs of their own names
   * (`{companyId}` is `companyId`).
   */
  idInput?: string | undefined;
}

/**
 * Inputs that replace the object only in some cases (an arm's action switching to or from one
 * with an option group). The docs state the rule from `inputs` and `when`.
 */
export interface ConditionalReplace<I extends Values> {
  /** The inputs the rule may name. */
  inputs: readonly (keyof I & string)[];
  /** When a change of them replaces, completing "Changing `action` replaces the object when ...". */
  when: string;
  /**
   * The changed inputs that force a replacement (a subset of `inputs`). `news` may hold unknown
   * values (`containsUnknown`); an unknown input the rule depends on should count as changed, as
   * `replaceOn` counts it.
   */
  rule(olds: Partial<I>, news: Values): (keyof I & string)[];
}

/** The declaration of one resource type. */
export interface ResourceDefinition<I extends Values, S extends Values> extends RefusesUpdate, NamesKeys<I> {
  /** Type name; the token is `pulumi-nodejs:dynamic/travel:<type>`. Never rename it. */
  type: string;
  /** Validates and normalizes inputs at preview time. Must be a zod object. */
  inputs: z.ZodObject<z.ZodRawShape> & z.ZodType<I>;
  /** Inputs whose change replaces the object (parent ids). */
  replaceOn: readonly (keyof I & string)[];
  /** Replace by deleting first (for objects with unique names). */
  deleteBeforeReplace?: boolean | undefined;
  /**
   * A setting other stacks may declare too (one per company): the state records what this stack
   * last wrote, and an update first reads the live value, so a value someone else wrote since is
   * reported instead of silently overwritten (`provider/operations/overlap.ts`).
   */
  detectsOverlap?: boolean | undefined;
  /** Computed outputs the Resource class declares. */
  outputs: readonly (keyof S & string)[];
  /**
   * An output that is the resource's id under a meaningful name (`companyId`). The Resource class
   * binds it to the engine's id, which stays known while an update is previewed, so children that
   * take it as a parent id are not shown as replaced when their parent only changes in place.
   */
  idOutput?: string | undefined;
  /**
   * The platform's 404 error codes that mean this object is gone: its own code (such as
   * `COST_CENTER_NOT_FOUND`) and its parents' (a removed parent takes its children with it). Read
   * reports the object gone and delete counts as done only for these; any other 404, such as
   * `ROUTE_NOT_FOUND` from a wrong base URL, is an error.
   */
  notFoundCodes: readonly string[];
  /**
   * When set, `externalId` must be unique among the objects of this type with the same values of
   * these inputs (its parents; empty for a top-level object), as the platform requires. Two such
   * resources in one program fail before any API call.
   */
  uniqueExternalIdWithin?: readonly string[] | undefined;
  /**
   * Other inputs the platform keeps unique among the objects of this type with the same values of
   * `within` (a custom field's name per company, a partner key's kid): two such resources in one
   * program fail before any API call, as for {@link uniqueExternalIdWithin}.
   */
  uniqueInputs?: readonly (UniqueInput & { within: readonly string[] })[] | undefined;
  /**
   * List inputs the engine records as maps keyed by name, so `pulumi preview --diff` shows an
   * entry added, removed or changed by its name instead of every position after it (see
   * `keyed-inputs.ts`). The definition's methods and the outputs still see the lists.
   */
  keyedInputs?: { readonly [K in keyof I & string]?: KeyedInput } | undefined;
  /** Outputs that are secret. */
  secretOutputs?: readonly (keyof S & string)[] | undefined;
  /**
   * Outputs `read` cannot see (the platform returns them only in some answers): a refresh keeps
   * the value on record. Secret outputs are always kept this way.
   */
  keptOutputs?: readonly (keyof S & string)[] | undefined;
  /**
   * Inputs that are always secret: wrapped in `pulumi.secret` even when given as plain values,
   * stored as ciphertext both as inputs and as the outputs that echo them, and never written by
   * `export` (a `${secret:...}` placeholder instead).
   */
  secretInputs?: readonly (keyof I & string)[] | undefined;
  /**
   * Where the type lives in a tenant manifest and how `export` and `reconcile` list its objects
   * (or why not). Every type of the registry declares it.
   */
  tenant?: TenantFacts | undefined;
  /**
   * Creates the object. Call `created(id)` as soon as the platform has assigned an id, so that a
   * later failure is recorded as a partially created resource instead of being lost.
   */
  create(ctx: ResourceContext, inputs: I, created: (id: string) => void): Promise<{ id: string; state: S }>;
  /** Reads the object; undefined when it no longer exists. */
  read(ctx: ResourceContext, id: string, declared: I): Promise<Observation<I, S> | undefined>;
  /**
   * Takes over the existing object `id` (the `adoptId` input). Default: converge it with
   * `update`, taking ownership of the declared fields only. A type whose objects need more to be
   * usable declares it (an API user is rotated once, for a secret the program can hold).
   */
  adopt?(ctx: ResourceContext, id: string, inputs: I): Promise<S>;
  /**
   * Converges the object to `news`; `olds` are the inputs on record, `recorded` the outputs on
   * record (empty when converging an object a create just found or adopted).
   */
  update(ctx: ResourceContext, id: string, news: I, olds: I, recorded?: Partial<S>): Promise<S>;
  /**
   * Optional preview-time checks against the platform (see `provider/planning/preflight.ts`): run by
   * `check` once the inputs are valid and fully known, so a plan the platform would refuse fails
   * at preview instead of halfway through `up`. `olds` are the inputs on record (empty on create).
   */
  preflight?(ctx: ResourceContext, news: I, olds: Partial<I>): Promise<pulumi.dynamic.CheckFailure[]>;
  /**
   * The requests `create` sends, built from valid inputs by the same code `create` uses; `check`
   * validates each body against the vendor's request schema for its method and path. Resources
   * whose writes the vendor does not document leave it out.
   */
  vendorRequests?(inputs: I): VendorRequest[];
  /** Optional replace rule beyond `replaceOn`, for inputs that replace only in some cases. */
  replaceWhen?: ConditionalReplace<I> | undefined;
  /**
   * Optional: inputs whose new value is unknown at preview but known to stay as recorded (told by
   * internal inputs, such as the id of the resource an output comes from). The diff then counts
   * them as unchanged, as `up` will find them. `olds` and `news` include the internal inputs.
   */
  keptWhenUnknown?(olds: Values, news: Values): string[];
  /**
   * Optional: the outputs an update from `olds` to `news` may change (a rotation's new secret).
   * Every other output keeps its recorded value, so a host that previews updates (the plugin)
   * shows it known, and a resource fed by it is not shown replaced. Default: none.
   */
  changedByUpdate?(olds: I, news: I): (keyof S & string)[];
  /**
   * Optional: declared inputs the recorded outputs prove unchanged though the recorded inputs lack
   * them (an imported key's material, which the platform never returns, proven by its thumbprint).
   * The diff counts them unchanged. `recorded` holds the recorded inputs and outputs.
   */
  provenByOutputs?(recorded: Values, news: Values): string[];
  /**
   * Optional: the schema read and diff normalize this type's inputs by (`normalize.ts`) when it is
   * more precise than `inputs` for the given values (a config document's schema for its kind).
   * Default: `inputs`.
   */
  normalizedBy?(values: Values): z.ZodType;
  /** How `pulumi import` names an object of this type, when not its parents then its id (`import-id.ts`). */
  importId?: ImportIdForm | undefined;
  /** Deletes the object; a 404 with one of {@link notFoundCodes} counts as success. */
  delete(ctx: ResourceContext, id: string, declared: I): Promise<void>;
  /**
   * How a create whose outcome is unknown is settled without a duplicate or an orphan: by a
   * natural key, by the set difference of the platform's ids, or by repeating an idempotent
   * create (see `create-recovery.ts`, `safe-create.ts`). Every type declares one.
   */
  recovery: CreateRecovery<I, S>;
}

/** Name of the input that takes over an existing object instead of creating one. */
export const ADOPT_INPUT = "adoptId";

/** The `adoptId` input every resource that can take over an existing object declares. */
export const adoptIdField = {
  /**
   * Id of an existing object to take over instead of creating one; it is then converged to the
   * declared inputs (the `import` option does not work for dynamic resources).
   */
  adoptId: z.string().min(1).optional(),
};

/** Pulumi type token of a resource type. */
export function tokenOf(type: string): string {
  return `pulumi-nodejs:dynamic/travel:${type}`;
}

/** The input names of a definition. */
export function inputKeysOf(definition: { inputs: z.ZodObject<z.ZodRawShape> }): string[] {
  return Object.keys(definition.inputs.shape);
}
