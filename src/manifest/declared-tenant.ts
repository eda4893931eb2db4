/** What `tenantFromManifest` returns: the resources a manifest declared, by section and key. */
import type * as pulumi from "@pulumi/pulumi";
import type {
  ApiUser,
  Arm,
  Company,
  CompanyConfig,
  CompanyFeatures,
  CostCenter,
  CustomField,
  CustomFieldOrder,
  Department,
  Grade,
  LegalEntity,
  Office,
  OptionGroup,
  PartnerPublicKey,
  PerTripServiceCharge,
  TenantKey,
  UserGroupRoles,
} from "../dynamic/resources";

/** Resources by manifest key. */
export type Keyed<R> = Record<string, R>;

/** The resources a manifest declared, by section and manifest key. */
export interface Tenant {
  company: Company;
  features: CompanyFeatures | undefined;
  perTripServiceCharge: PerTripServiceCharge | undefined;
  configs: Keyed<CompanyConfig>;
  /**
   * Every section of plain entries by section, then key: legal entities, offices, cost centers,
   * departments, grades, and any company child the registry holds.
   */
  sections: Record<string, Keyed<pulumi.dynamic.Resource>>;
  legalEntities: Keyed<LegalEntity>;
  offices: Keyed<Office>;
  costCenters: Keyed<CostCenter>;
  departments: Keyed<Department>;
  grades: Keyed<Grade>;
  customFields: Keyed<CustomField>;
  /** Arms by custom field key, then arm key. */
  arms: Record<string, Keyed<Arm>>;
  /** Option groups by custom field key, then arm key (arms that declare `options`). */
  optionGroups: Record<string, Keyed<OptionGroup>>;
  customFieldOrder: CustomFieldOrder | undefined;
  userGroupRoles: Keyed<UserGroupRoles>;
  apiUsers: Keyed<ApiUser>;
  partnerKeys: Keyed<PartnerPublicKey>;
  tenantKey: TenantKey | undefined;
}
