/**
 * Every resource definition by type name. The provider runtime looks types up here, so a type
 * that was ever released must stay registered.
 */
import type { ResourceDefinition, Values } from "../provider/definition";
import { companyResource } from "./company";
import { companyConfigResource } from "./company-config";
import { companyFeaturesResource } from "./company-features";
import { costCenterResource } from "./cost-center";
import { departmentResource } from "./department";
import { gradeResource } from "./grade";
import { legalEntityResource } from "./legal-entity";
import { officeResource } from "./office";
import { perTripServiceChargeResource } from "./per-trip-service-charge";

const all = [
  companyResource,
  companyFeaturesResource,
  companyConfigResource,
  legalEntityResource,
  officeResource,
  costCenterResource,
  departmentResource,
  gradeResource,
  perTripServiceChargeResource,
] as unknown as ResourceDefinition<Values, Values>[];

/** Resource definitions by type. */
export const definitions: Readonly<Record<string, ResourceDefinition<Values, Values>>> = Object.fromEntries(
  all.map((definition) => [definition.type, definition]),
);
