/**
 * pulumi-travel: the resources of a corporate travel platform for Pulumi programs. The package root
 * holds what a program uses: the resources with their Args, the lookups, the tenant manifest's
 * resources and the errors a program may catch. The other parts have entry points of their own
 * (docs/public-api.md lists them): `pulumi-travel/car` (car-booking changes),
 * `pulumi-travel/client` (the API client), `pulumi-travel/emulator`, `pulumi-travel/manifest`
 * (the manifest tools), `pulumi-travel/fleet` and `pulumi-travel/policy`.
 */
export * from "./resources";
export {
  getArm,
  getArmOutput,
  getCompany,
  type GetCompanyArgs,
  getCompanyOutput,
  getCostCenter,
  getCostCenterOutput,
  getCustomField,
  getCustomFieldOutput,
  getDepartment,
  getDepartmentOutput,
  getGrade,
  getGradeOutput,
  getLegalEntity,
  getLegalEntityOutput,
  getOffice,
  getOfficeOutput,
  getPartnerPublicKey,
  getPartnerPublicKeyOutput,
  getRole,
  type GetRoleArgs,
  getRoleOutput,
  getUserGroup,
  type GetUserGroupArgs,
  getUserGroupOutput,
  type KeyedLookupArgs,
  LookupError,
  type LookupErrorCode,
  type LookupSearch,
  type PlatformCompany,
  type PlatformObject,
  type Role,
  type UserGroup,
} from "./lookups";
export {
  ManifestError,
  type ManifestIssue,
  type Tenant,
  tenantFromManifest,
  type TenantOptions,
} from "./manifest";
export {
  ApiError,
  ConfigError,
  ConnectionError,
  InvalidResponseError,
  isNotFound,
  isTravelError,
  PaginationLimitError,
  TimeoutError,
  TravelError,
  type TravelErrorKind,
} from "./client";
