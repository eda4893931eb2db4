/**
 * The dynamic host's Resource classes, one per type of the registry, which a TypeScript or
 * JavaScript program declares: each is derived from its type's definition
 * (`provider/hosts/dynamic/dynamic-resource.ts`) and typed by the Args and outputs interfaces its
 * definition's module declares. Their order is the registry's.
 */
import type * as pulumi from "@pulumi/pulumi";
import { armLinkProps, linkOptionGroupId } from "../provider/hosts/dynamic/arm-link";
import { dynamicResource } from "../provider/hosts/dynamic/dynamic-resource";
import {
  type CompanyArgs,
  type CompanyOutputs,
  companyResource,
  type CompanyFeaturesArgs,
  type CompanyFeaturesOutputs,
  companyFeaturesResource,
  type CompanyConfigArgs,
  type CompanyConfigOutputs,
  companyConfigResource,
  type PerTripServiceChargeArgs,
  type PerTripServiceChargeOutputs,
  perTripServiceChargeResource,
  type LegalEntityArgs,
  type LegalEntityOutputs,
  legalEntityResource,
  type OfficeArgs,
  type OfficeOutputs,
  officeResource,
  type CostCenterArgs,
  type CostCenterOutputs,
  costCenterResource,
  type DepartmentArgs,
  type DepartmentOutputs,
  departmentResource,
  type GradeArgs,
  type GradeOutputs,
  gradeResource,
  type CustomFieldArgs,
  type CustomFieldOutputs,
  customFieldResource,
  type ArmArgs,
  type ArmOutputs,
  armResource,
  type CustomFieldOrderArgs,
  type CustomFieldOrderOutputs,
  customFieldOrderResource,
  type OptionGroupArgs,
  type OptionGroupOutputs,
  optionGroupResource,
  type UserGroupRolesArgs,
  type UserGroupRolesOutputs,
  userGroupRolesResource,
  type ApiUserArgs,
  type ApiUserOutputs,
  apiUserResource,
  type PartnerPublicKeyArgs,
  type PartnerPublicKeyOutputs,
  partnerPublicKeyResource,
  type TenantKeyArgs,
  type TenantKeyOutputs,
  tenantKeyResource,
} from "../resources";

/** A company on the travel platform. */
export class Company extends dynamicResource<CompanyArgs, CompanyOutputs>(companyResource) {}

/** The features of a company that this program manages. */
export class CompanyFeatures extends dynamicResource<CompanyFeaturesArgs, CompanyFeaturesOutputs>(
  companyFeaturesResource,
) {}

/** One configuration document of a company. */
export class CompanyConfig extends dynamicResource<CompanyConfigArgs, CompanyConfigOutputs>(
  companyConfigResource,
) {}

/** The per-trip service charge of a company. */
export class PerTripServiceCharge extends dynamicResource<
  PerTripServiceChargeArgs,
  PerTripServiceChargeOutputs
>(perTripServiceChargeResource) {}

/** A legal entity of a company. */
export class LegalEntity extends dynamicResource<LegalEntityArgs, LegalEntityOutputs>(legalEntityResource) {}

/** An office of a legal entity. */
export class Office extends dynamicResource<OfficeArgs, OfficeOutputs>(officeResource) {}

/** A cost center of a company. */
export class CostCenter extends dynamicResource<CostCenterArgs, CostCenterOutputs>(costCenterResource) {}

/** A department of a company. */
export class Department extends dynamicResource<DepartmentArgs, DepartmentOutputs>(departmentResource) {}

/** An employee grade of a company. */
export class Grade extends dynamicResource<GradeArgs, GradeOutputs>(gradeResource) {}

/** A custom field (checkout question) of a company or TMC. */
export class CustomField extends dynamicResource<CustomFieldArgs, CustomFieldOutputs>(customFieldResource) {}

/** An arm of a custom field. */
export class Arm extends dynamicResource<ArmArgs, ArmOutputs>(armResource) {
  constructor(name: string, args: ArmArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
    linkOptionGroupId(this.optionGroupId, { name, id: this.id, action: args.action });
  }
}

/** The checkout order of a company's custom fields. */
export class CustomFieldOrder extends dynamicResource<CustomFieldOrderArgs, CustomFieldOrderOutputs>(
  customFieldOrderResource,
) {}

/** The options this program manages in one option group. */
export class OptionGroup extends dynamicResource<OptionGroupArgs, OptionGroupOutputs>(optionGroupResource) {
  constructor(name: string, args: OptionGroupArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, { ...args, ...armLinkProps(name, args.optionGroupId) }, opts);
  }
}

/** The role assignments of one custom user group, owned exactly. */
export class UserGroupRoles extends dynamicResource<UserGroupRolesArgs, UserGroupRolesOutputs>(
  userGroupRolesResource,
) {}

/** A machine user of the TMC, with its credentials as secret outputs. */
export class ApiUser extends dynamicResource<ApiUserArgs, ApiUserOutputs>(apiUserResource) {}

/** A partner's RSA public key for token exchange, registered for a company. */
export class PartnerPublicKey extends dynamicResource<PartnerPublicKeyArgs, PartnerPublicKeyOutputs>(
  partnerPublicKeyResource,
) {}

/** A company's managed encryption key. */
export class TenantKey extends dynamicResource<TenantKeyArgs, TenantKeyOutputs>(tenantKeyResource) {}
