/** What `tenantFromManifest` returns: the resources a manifest declared, by section and key. */
import type * as pulumi from "@pulumi/pulumi";
import type { ApiUser } from "../resources/api-user";
import type { Arm } from "../resources/arm";
import type { Company } from "../resources/company";
import type { CompanyConfig } from "../resources/company-config";
import type { CompanyFeatures } from "../resources/company-features";
import type { CostCenter } from "../resources/cost-center";
import type { CustomField } from "../resources/custom-field";
import type { CustomFieldOrder } from "../resources/custom-field-order";
import type { Department } from "../resources/department";
import type { Grade } from "../resources/grade";
import type { LegalEntity } from "../resources/legal-entity";
import type { Office } from "../resources/office";
import type { OptionGroup } from "../resources/option-group";
import type { PartnerPublicKey } from "../resources/partner-public-key";
import type { PerTripServiceCharge } from "../resources/per-trip-service-charge";
import type { TenantKey } from "../resources/tenant-key";
import type { UserGroupRoles } from "../resources/user-group-roles";

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
