/**
 * Preference tiers of the vendor Company API: `StorePreferenceTiersRequest` and
 * `ListPreferenceTiersResponse` (the same document), with the tier levels vendor preferences use.
 */
import { z } from "zod";
import { uniqueBy, uniqueValues } from "./refinements";
import { keyedBy } from "./keyed-by";
import { unordered } from "./unordered";

/** `PreferenceTierLevel`. */
export const preferenceTierLevelSchema = z.enum(["TIER_1", "TIER_2", "TIER_3", "TIER_4", "TIER_5", "TIER_6"]);

/** `PreferenceEntityType`: where a vendor preference may be defined. */
export const preferenceEntityTypeSchema = z.enum(["COMPANY", "LEGAL_ENTITY", "COUNTRY"]);

/** `BookingType`. */
export const bookingTypeSchema = z.enum(["AIR", "HOTEL", "CAR", "RAIL", "LIMO"]);

/** `PreferenceTier`: level, label and showLabel are required. */
export const preferenceTierSchema = z.looseObject({
  level: preferenceTierLevelSchema,
  label: z.string().min(1),
  description: z.string().optional(),
  showLabel: z.boolean(),
});

/** `PreferenceTiersPerBookingType`: one per booking type, each level once. */
export const preferenceTiersPerBookingTypeSchema = z.looseObject({
  allowedEntityTypes: unordered(
    z.array(preferenceEntityTypeSchema).min(1, "needs at least one entity type").superRefine(uniqueValues),
  ),
  bookingType: bookingTypeSchema,
  preferenceTiers: unordered(
    keyedBy(
      "level",
      z.array(preferenceTierSchema).superRefine(uniqueBy("level", (tier: { level: string }) => tier.level)),
    ),
  ),
});

/** `StorePreferenceTiersRequest`, also the shape of `ListPreferenceTiersResponse`. */
export const storePreferenceTiersRequestSchema = z.looseObject({
  preferenceTiersPerBookingType: unordered(
    keyedBy(
      "bookingType",
      z
        .array(preferenceTiersPerBookingTypeSchema)
        .superRefine(uniqueBy("bookingType", (entry: { bookingType: string }) => entry.bookingType)),
    ),
  ),
});

/** Inferred `StorePreferenceTiersRequest`. */
export type StorePreferenceTiersRequest = z.output<typeof storePreferenceTiersRequestSchema>;

/** `ListPreferenceTiersResponse`. */
export const listPreferenceTiersResponseSchema = storePreferenceTiersRequestSchema;

/** Inferred `ListPreferenceTiersResponse`. */
export type ListPreferenceTiersResponse = StorePreferenceTiersRequest;
