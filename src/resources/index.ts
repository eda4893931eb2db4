/** The Pulumi resources of the travel platform. */
export { Company, type CompanyArgs } from "./company";
export { CompanyConfig, type CompanyConfigArgs, type CompanyConfigKind } from "./company-config";
export { CompanyFeatures, type CompanyFeaturesArgs } from "./company-features";
export { CostCenter, type CostCenterArgs } from "./cost-center";
export { Department, type DepartmentArgs } from "./department";
export { Grade, type GradeArgs } from "./grade";
export { LegalEntity, type LegalEntityArgs } from "./legal-entity";
export { Office, type OfficeArgs } from "./office";
export { PerTripServiceCharge, type PerTripServiceChargeArgs } from "./per-trip-service-charge";
export { ApiUser, type ApiUserArgs } from "./api-user";
export { PartnerPublicKey, type PartnerPublicKeyArgs } from "./partner-public-key";
export { TenantKey, type TenantKeyArgs } from "./tenant-key";
