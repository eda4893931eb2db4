/** The travel policies, in the order docs/policy.md lists them: resource policies, then stack policies. */
import type { TravelPolicy } from "./policy-kit";
import {
  apiUserRolePolicy,
  companyProtectPolicy,
  externalIdPolicy,
  partnerKeyPolicy,
  rotationPolicy,
} from "./resource-policies";
import {
  companyLegalEntityPolicy,
  companyReferencePolicy,
  customFieldArmPolicy,
  fieldOrderPolicy,
} from "./stack-policies";

/** Every policy of the pack. */
export const travelPolicies: readonly TravelPolicy[] = [
  apiUserRolePolicy,
  companyProtectPolicy,
  externalIdPolicy,
  rotationPolicy,
  partnerKeyPolicy,
  companyLegalEntityPolicy,
  companyReferencePolicy,
  customFieldArmPolicy,
  fieldOrderPolicy,
];
