/** Record shapes and kinds of the custom-fields area: fields, arms, option groups, order. */
import type { ArmAction, CustomFieldLevel, Option } from "../../schemas/custom-field";
import { byCompanyId, companyRecords, keyedByCompany } from "../core/record-kind";

/** A custom field, owned by the company (or TMC) it is defined at. */
export interface CustomFieldRecord {
  id: string;
  companyId: string;
  /** Level it was created at (query `companyRole` of the create call). */
  definedAt: CustomFieldLevel;
  name: string;
  description?: string | undefined;
  includeLocations?: unknown;
  managementTags?: unknown;
  respondOnlyOnceLevel?: string | undefined;
  enabled: boolean;
  createdAtMs: number;
}

/** An arm of a custom field. */
export interface ArmRecord {
  id: string;
  companyId: string;
  customFieldId: string;
  name: string;
  audiences: Record<string, unknown>[];
  action: ArmAction;
  /** Set for USER + MANUAL arms only. */
  optionGroupId?: string | undefined;
  createdAtMs: number;
}

/** The option group of a USER + MANUAL arm; options in insertion order, unique by name. */
export interface OptionGroupRecord {
  id: string;
  companyId: string;
  customFieldId: string;
  armId: string;
  options: Option[];
}

/** The checkout order of a company's own fields (ids, first shown first). */
export interface FieldOrderRecord {
  ids: string[];
}

/** Custom fields, owned by the company (or TMC) they are defined at. */
export const CUSTOM_FIELDS = companyRecords<CustomFieldRecord>("customFields", byCompanyId());

/** Arms, owned by their field's company. */
export const CUSTOM_FIELD_ARMS = companyRecords<ArmRecord>("customFieldArms", byCompanyId());

/** Option groups, owned by their field's company. */
export const CUSTOM_FIELD_OPTION_GROUPS = companyRecords<OptionGroupRecord>(
  "customFieldOptionGroups",
  byCompanyId(),
);

/** The checkout order of a company's fields, by company id. */
export const CUSTOM_FIELD_ORDER = companyRecords<FieldOrderRecord>("customFieldOrder", keyedByCompany());

/** The record kinds of the custom-fields area. */
export const CUSTOM_FIELD_RECORDS = [
  CUSTOM_FIELDS,
  CUSTOM_FIELD_ARMS,
  CUSTOM_FIELD_OPTION_GROUPS,
  CUSTOM_FIELD_ORDER,
] as const;
