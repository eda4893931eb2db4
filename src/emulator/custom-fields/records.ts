/** Record shapes of the custom-fields area (fields, arms, option groups) and their collections. */
import type { ArmAction, CustomFieldLevel, Option } from "../../schemas/custom-field";

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

/** Collection names of the custom-fields area. */
export const CUSTOM_FIELD_COLLECTIONS = {
  fields: "customFields",
  arms: "customFieldArms",
  optionGroups: "customFieldOptionGroups",
  /** By company id. */
  order: "customFieldOrder",
} as const;
