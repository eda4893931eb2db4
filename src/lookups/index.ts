/**
 * Lookups: platform objects found by name or natural key, through the provider's configuration,
 * read only. Each has a plain form (a Promise) and an `...Output` twin (`Input` arguments, an
 * `Output` result that stays unknown at preview while an argument is). See docs/lookups.md.
 */
import { lookupsByKey } from "./by-key";

export { getCompany, type GetCompanyArgs, getCompanyOutput, type PlatformCompany } from "./company";
export { getRole, type GetRoleArgs, getRoleOutput } from "./role";
export { getUserGroup, type GetUserGroupArgs, getUserGroupOutput } from "./user-group";
export { LookupError, type LookupErrorCode, type LookupSearch } from "./lookup-error";
export type { Known, Lookup, LookupInputs, OutputLookup } from "./lookup";
export {
  type KeyedLookupArgs,
  type KeyedLookups,
  type KeyedType,
  lookupsByKey,
  type PlatformObject,
  WITHOUT_LOOKUP,
} from "./by-key";
export type { Role, UserGroup } from "../schemas/user-group";
export { PROVIDER_FUNCTIONS } from "./functions";

/** The lookups by natural key of the registry's types (`test/lookups/lookups.test.ts` checks the list). */
export const {
  getLegalEntity,
  getLegalEntityOutput,
  getOffice,
  getOfficeOutput,
  getCostCenter,
  getCostCenterOutput,
  getDepartment,
  getDepartmentOutput,
  getGrade,
  getGradeOutput,
  getCustomField,
  getCustomFieldOutput,
  getArm,
  getArmOutput,
  getPartnerPublicKey,
  getPartnerPublicKeyOutput,
} = lookupsByKey;
