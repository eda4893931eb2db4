/**
 * The resource types of the travel platform: each type's definition, its Args and its outputs.
 * The order is the registry's: parents before their children, as `export` reads and writes them.
 */
export { type CompanyArgs, type CompanyOutputs, companyResource } from "./company";
export {
  type CompanyFeaturesArgs,
  type CompanyFeaturesOutputs,
  companyFeaturesResource,
} from "./company-features";
export {
  type ColorConfig,
  type CompanyConfigArgs,
  type CompanyConfigDocuments,
  type CompanyConfigKind,
  type CompanyConfigOutputs,
  companyConfigResource,
  type CompanyManagersConfig,
  type EnrollmentConfig,
  type PreferenceTiersConfig,
  type StealthConfig,
  type TierConfig,
  type TravelContentConfig,
  type WhiteLabelConfig,
} from "./company-config";
export {
  type PerTripServiceChargeArgs,
  type PerTripServiceChargeOutputs,
  perTripServiceChargeResource,
} from "./per-trip-service-charge";
export { type LegalEntityArgs, type LegalEntityOutputs, legalEntityResource } from "./legal-entity";
export { type OfficeArgs, type OfficeOutputs, officeResource } from "./office";
export { type CostCenterArgs, type CostCenterOutputs, costCenterResource } from "./cost-center";
export { type DepartmentArgs, type DepartmentOutputs, departmentResource } from "./department";
export { type GradeArgs, type GradeOutputs, gradeResource } from "./grade";
export { type CustomFieldArgs, type CustomFieldOutputs, customFieldResource } from "./custom-field";
export { type ArmArgs, type ArmOutputs, armResource } from "./arm";
export {
  type CustomFieldOrderArgs,
  type CustomFieldOrderOutputs,
  customFieldOrderResource,
} from "./custom-field-order";
export { type OptionGroupArgs, type OptionGroupOutputs, optionGroupResource } from "./option-group";
export {
  type UserGroupRolesArgs,
  type UserGroupRolesOutputs,
  userGroupRolesResource,
} from "./user-group-roles";
export { type ApiUserArgs, type ApiUserOutputs, apiUserResource } from "./api-user";
export {
  type PartnerPublicKeyArgs,
  type PartnerPublicKeyOutputs,
  partnerPublicKeyResource,
} from "./partner-public-key";
export { type TenantKeyArgs, type TenantKeyOutputs, tenantKeyResource } from "./tenant-key";
