/**
 * Vendor preferences of the vendor Company API: the multipart upload
 * (`UploadCompanyVendorPreferencesRequest`: `vendorType` and a CSV `file`) and the CSV rows the
 * emulator accepts. The vendor does not describe the CSV; its columns are documented in
 * docs/api-decisions.md.
 */
import { z } from "zod";
import { regionCodeSchema } from "./common";
import { preferenceEntityTypeSchema, preferenceTierLevelSchema } from "./preference-tiers";

/** `VendorType`. */
export const vendorTypeSchema = z.enum(["CAR", "HOTEL", "HOTEL_CHAIN", "AIRLINE", "HOTEL_BRAND"]);

/** Inferred `VendorType`. */
export type VendorType = z.output<typeof vendorTypeSchema>;

/** The form fields of `UploadCompanyVendorPreferencesRequest` besides the file. */
export const uploadVendorPreferencesFieldsSchema = z.looseObject({ vendorType: vendorTypeSchema });

/** Columns of the CSV: the first two are required, the others optional. */
export const VENDOR_PREFERENCE_CSV_COLUMNS = [
  "vendorCode",
  "preferenceTier",
  "entityType",
  "entityId",
  "vendorName",
] as const;

/** Required CSV columns. */
export const REQUIRED_VENDOR_PREFERENCE_CSV_COLUMNS = ["vendorCode", "preferenceTier"] as const;

/** The vendor code each vendor type expects, with the reason shown on a mismatch. */
export const VENDOR_CODE_FORMATS: Record<VendorType, { pattern: RegExp; description: string }> = {
  AIRLINE: { pattern: /^[A-Z0-9]{2}$/, description: "a 2-character IATA airline designator such as UA" },
  CAR: { pattern: /^[A-Z]{2}$/, description: "a 2-letter car vendor code such as ZE" },
  HOTEL_CHAIN: { pattern: /^[A-Z0-9]{2}$/, description: "a 2-character hotel chain code such as MC" },
  HOTEL_BRAND: { pattern: /^\S.{0,63}$/, description: "a brand code of 1 to 64 characters" },
  HOTEL: { pattern: /^\S.{0,63}$/, description: "a property id of 1 to 64 characters" },
};

/**
 * One parsed CSV row. `entityId` is a legal entity id for LEGAL_ENTITY, a 2-letter region code
 * for COUNTRY, and absent for COMPANY.
 */
export const vendorPreferenceRowSchema = z
  .looseObject({
    vendorCode: z.string().min(1, "must not be empty"),
    preferenceTier: preferenceTierLevelSchema,
    entityType: preferenceEntityTypeSchema.default("COMPANY"),
    entityId: z.string().min(1).optional(),
    vendorName: z.string().min(1).optional(),
  })
  .superRefine((row, ctx) => {
    if (row.entityType === "COMPANY" && row.entityId !== undefined)
      ctx.addIssue({ code: "custom", path: ["entityId"], message: "must be empty for entityType COMPANY" });
    if (row.entityType !== "COMPANY" && row.entityId === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["entityId"],
        message: `is required for entityType ${row.entityType}`,
      });
    if (
      row.entityType === "COUNTRY" &&
      row.entityId !== undefined &&
      !regionCodeSchema.safeParse(row.entityId).success
    )
      ctx.addIssue({
        code: "custom",
        path: ["entityId"],
        message: "must be a 2-letter ISO 3166 code such as US",
      });
  });

/** Inferred CSV row. */
export type VendorPreferenceRow = z.output<typeof vendorPreferenceRowSchema>;
