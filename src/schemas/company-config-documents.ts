/**
 * The company configuration documents of the vendor Company API, by kind: where each lives under
 * `/v2/companies/{companyId}/`, its document schema, whether it is kept per company role, and
 * whether the platform can delete it. The emulator's routes and the CompanyConfig resource share
 * this catalog.
 */
import type { z } from "zod";
import {
  colorConfigSchema,
  companyManagersConfigSchema,
  enrollmentConfigSchema,
  stealthConfigSchema,
  tierConfigSchema,
  travelContentConfigSchema,
  whiteLabelConfigSchema,
} from "./company-configs";
import { storePreferenceTiersRequestSchema } from "./preference-tiers";

/** Facts about one kind of configuration document. */
export interface ConfigDocument {
  /** Path segment under `/v2/companies/{companyId}/`. */
  segment: string;
  schema: z.ZodType<Record<string, unknown>>;
  /** The `companyRole` query: not taken, required, or optional. */
  companyRole: "none" | "required" | "optional";
  /** Whether the platform offers DELETE. */
  deletable: boolean;
}

/** The configuration documents by kind. */
export const CONFIG_DOCUMENTS = {
  "travel-content": {
    segment: "travel-content-config",
    schema: travelContentConfigSchema,
    companyRole: "none",
    deletable: true,
  },
  "white-label": {
    segment: "white-label-config",
    schema: whiteLabelConfigSchema,
    companyRole: "required",
    deletable: true,
  },
  managers: {
    segment: "managers-config",
    schema: companyManagersConfigSchema,
    companyRole: "required",
    deletable: true,
  },
  color: { segment: "color-config", schema: colorConfigSchema, companyRole: "required", deletable: false },
  "preference-tiers": {
    segment: "preference-tiers",
    schema: storePreferenceTiersRequestSchema,
    companyRole: "none",
    deletable: false,
  },
  enrollment: {
    segment: "enrollment-config",
    schema: enrollmentConfigSchema,
    companyRole: "none",
    deletable: false,
  },
  tier: { segment: "tier-config", schema: tierConfigSchema, companyRole: "optional", deletable: false },
  stealth: {
    segment: "stealth-config",
    schema: stealthConfigSchema,
    companyRole: "optional",
    deletable: false,
  },
} as const satisfies Record<string, ConfigDocument>;

/** A kind of configuration document. */
export type ConfigDocumentKind = keyof typeof CONFIG_DOCUMENTS;
