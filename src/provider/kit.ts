/**
 * The resource kit: everything a resource definition of `src/resources/` takes from the provider,
 * through this one module. A definition is data plus functions (`model/definition.ts`); the kit
 * gives it the types to declare one, the helpers its capabilities call (keyed inputs, import ids,
 * tenant facts), the run it works in (`ResourceContext`, `Run`) and the create failures it may
 * recover from. Nothing here knows a host.
 */
export type { ArgsOf, InputShape } from "./model/args";
export type { CustomOperations } from "./model/custom-operations";
export { metaOf } from "./model/codec";
export type { CreateLookup, LookupCandidate, LookupKey } from "./model/create-lookup";
export {
  ADOPT_INPUT,
  adoptIdField,
  type DefinitionRegistry,
  defineResource,
  inputKeysOf,
  type Observation,
  type ResourceCapabilities,
  type ResourceDefinition,
  type ValuePath,
  type Values,
} from "./model/definition";
export {
  badSegment,
  companySettingForm,
  type ImportTarget,
  importIdOf,
  oneOf,
  segmentsForm,
} from "./model/import-id";
export { byField, inOrder } from "./model/keyed-inputs";
export { keyedWithin } from "./model/keyed-within";
export type { ReplaceRules } from "./model/replace-rules";
export { type ResourceContext, warnRun } from "./model/resource-context";
export {
  type Entity,
  type Inventory,
  type ParentIds,
  parentId,
  type TenantFacts,
} from "./model/tenant-facts";
export { containsUnknown, UNKNOWN } from "./model/unknown-values";
export { jsonEqual, withoutUndefined } from "./model/values";
export { clashAdvice } from "./planning/clash-advice";
export { platformNowMs } from "./planning/update-refusal";
export { overlapGuard } from "./operations/overlap";
export { isAmbiguousCreateFailure, isTransientFailure } from "./create/safe-create";
