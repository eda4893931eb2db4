/**
 * The optional capabilities a resource definition (`definition.ts`) opts into, one line each. A
 * new capability is a small interface in its own file under `provider/model/` and one line here.
 */
import type { Adoption } from "./adoption";
import type { CustomOperations } from "./custom-operations";
import type { DiffRules } from "./diff-rules";
import type { FieldName } from "./field-name";
import type { OutputRules } from "./output-rules";
import type { PreviewChecks } from "./preview-checks";
import type { ReplaceRules } from "./replace-rules";
import type { SecretFields } from "./secret-fields";
import type { TenantFacts } from "./tenant-facts";
import type { Uniqueness } from "./uniqueness";
import type { UpdateRules } from "./update-rules";
import type { Values } from "./values";

/**
 * What a resource type declares beyond its core; every member is optional. Capabilities that list
 * field names take them as parameters of their own (`FieldName`), so a definition of specific
 * inputs stays assignable to one of plain `Values`, as the registry holds them.
 */
export interface ResourceCapabilities<I extends Values, S extends Values> {
  /** Inputs whose change replaces the object, and how it is replaced. */
  replacement?: ReplaceRules<I> | undefined;
  /** Inputs two resources of the type in one program may not share. */
  uniqueness?: Uniqueness | undefined;
  /** Inputs and outputs that are always secret. */
  secrets?: SecretFields<FieldName<I>, FieldName<S>> | undefined;
  /** The output that is the id, and outputs a refresh keeps. */
  outputRules?: OutputRules<FieldName<S>> | undefined;
  /** The outputs an update may change. */
  update?: UpdateRules<I, FieldName<S>> | undefined;
  /** The requests a create sends, checked at preview against the vendor's documents. */
  preview?: PreviewChecks<I> | undefined;
  /** Keyed lists and the names of their keys, kept and proven inputs, and the diff's schema. */
  diff?: DiffRules<I, FieldName<I>> | undefined;
  /** Taking over an existing object (`adoptId`) and the `pulumi import` id form. */
  adoption?: Adoption<I, S> | undefined;
  /**
   * Where the type lives in a tenant manifest and how `export` and `reconcile` list its objects
   * (or why not). Every type of the registry declares it.
   */
  tenant?: TenantFacts | undefined;
  /** The operations the type overrides (`infer`'s `CustomCheck`, `CustomUpdate`, ...). */
  custom?: CustomOperations<I, S> | undefined;
}
