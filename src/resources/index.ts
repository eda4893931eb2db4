/**
 * The Pulumi resources of the travel platform. The order is the registry's: parents before their
 * children, as `export` reads and writes them.
 */
export { Company, type CompanyArgs } from "./company";
export { CompanyFeatures, type CompanyFeaturesArgs } from "./company-features";
export {
  type ColorConfig,
  CompanyConfig,
  type CompanyConfigArgs,
  type CompanyConfigDocuments,
  type CompanyConfigKind,
  type CompanyManagersConfig,
  type EnrollmentConfig,
  type PreferenceTiersConfig,
  type StealthConfig,
  type TierConfig,
  type TravelContentConfig,
  type WhiteLabelConfig,
} from "./company-config";
export { PerTripServiceCharge, type PerTripServiceChargeArgs } from "./per-trip-service-charge";
export { LegalEntity, type LegalEntityArgs } from "./legal-entity";
export { Office, type OfficeArgs } from "./office";
export { CostCenter, type CostCenterArgs } from "./cost-center";
export { Department, type DepartmentArgs } from "./department";
export { Grade, type GradeArgs } from "./grade";
export { CustomField, type CustomFieldArgs } from "./custom-field";
export { Arm, type ArmArgs } from "./arm";
export { CustomFieldOrder, type CustomFieldOrderArgs } from "./custom-field-order";
export { OptionGroup, type OptionGroupArgs } from "./option-group";
export { UserGroupRoles, type UserGroupRolesArgs } from "./user-group-roles";
export { ApiUser, type ApiUserArgs } from "./api-user";
export { PartnerPublicKey, type PartnerPublicKeyArgs } from "./partner-public-key";
export { TenantKey, type TenantKeyArgs } from "./tenant-key";
