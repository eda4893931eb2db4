/**
 * Company features of the vendor Company API: `FeatureConfigs` (read), `UpdateFeaturesRequest`
 * (partial update) and `FeatureNameEnum`.
 */
import { z } from "zod";
import { uniqueBy, uniqueValues } from "./refinements";

/** Every `FeatureNameEnum` value of the vendor description. */
export const FEATURE_NAMES = [
  "FLIGHT_RESULTS_OOP",
  "HOTEL_RESULTS_OOP",
  "RAIL_RESULTS_OOP",
  "CARS_RESULTS_OOP",
  "PAYMENT_ADD_CARD",
  "MENU_ITEM_POLICIES",
  "INTEGRATION_EXPENSIFY",
  "TRAVELER_SELECTION",
  "FEATURE_PERSONAL_TRAVEL",
  "PRODUCT_OBT_RAIL",
  "MENU_ITEM_COMPANY_REMARKS",
  "HOMEPAGE_ADD_USER",
  "MENU_ITEM_CUSTOM_FIELDS",
  "PAYMENT_UNUSED_CREDITS",
  "EMAIL_UPDATE_BY_COMPANY_ADMIN",
  "ADHOC_BOOKING_SEARCH_PAGE",
  "ADHOC_BOOKING_SAVE_TRAVELER",
  "ADMIN_VIRTUAL_CARD",
  "CENTRAL_CARD_SERVICE_FEE",
  "EXPEDIA_SOURCE_ENABLED",
  "BOOKING_COM_SOURCE_ENABLED",
  "HOTEL_MEDIAN_ENABLE",
  "HIDE_SEARCH_CRITERIA",
  "ADHOC_PAYMENT_SOURCE",
  "SERVICE_CHARGE_CONFIG_DISABLED",
  "HIDE_SETTINGS_MENU_ITEM_COMPANY",
  "HIDE_SETTINGS_MENU_ITEM_USERS",
  "HIDE_POLICY_APPROVAL_SECTION",
  "HIDE_POLICY_CREATION",
  "HIDE_SETTINGS_TEXT_FROM_MENU",
  "HIDE_LEFT_NAV",
  "HIDE_POLICY_AIR_CARRIER",
  "HIDE_POLICY_AIR_CO2",
  "HIDE_POLICY_HOTEL_PRICE_LOCATION_CUSTOMISATION",
  "HIDE_PROFILE_PREFERENCES_AIRLINES",
  "HIDE_PROFILE_PREFERENCES_ALLIANCES",
  "MONEY_SET_CONVERTED_CURRENCY_AS_ORIGINAL_CURRENCY",
  "PRODUCT_OBT_AIR_DISABLED",
  "PRODUCT_OBT_HOTEL_DISABLED",
  "PRODUCT_OBT_CAR_DISABLED",
  "PRODUCT_OBT_LIMO_DISABLED",
  "PRODUCT_OBT_CONCIERGE_DISABLED",
  "EVENT_BOOKING_ENABLED",
  "EMPLOYEE_LEVEL_DESIGNATED_APPROVER_ENABLED",
  "ENRICH_SEARCH_RESPONSE_WITH_REWARD_POINTS",
  "HIDE_LEFT_NAV_EMBED",
  "HIDE_POLICY_AIR_NOT_ALLOWED_TO_BE_BOOKED",
  "HIDE_TRIP_FEE_CONFIG",
  "HIDE_AGENT_FEE_CONFIG",
  "SHOW_SERVICE_FEE_TAXES",
  "HIDE_GUEST_BOOKING_SETTING",
  "USER_CREATION_PERSONA_TYPE_OPTIONS",
  "AIR_SEARCH_RESULT_AIRLINE_SORT_ORDER",
  "HIDE_SHERPA_VISA_WIDGET",
  "AUTO_DEACTIVATE_GUEST",
  "POLICY_USER_GROUPS",
  "HIDE_SUPPLIER_MANAGEMENT",
  "HIDE_BOOKING_RESTRICTIONS_BY_COUNTRY",
  "LINKED_MARRIOTT_BONVOY_REQUIRED",
  "EDITING_DEFAULT_POLICIES_DISABLED",
  "DISALLOW_MULTI_CITY_ADD_FLIGHT",
  "REQUIRE_ONBOARDING_ON_ENROLLMENT",
  "GEO_CUSTOMIZATIONS",
  "HIDE_PREFERRED_PARENT_CHAINS",
  "HIDE_PREFERRED_HOTEL_BRANDS",
  "HIDE_ROOM_OPTIONS_AND_STAY_PREFERENCES",
  "HIDE_CONDITIONAL_RATES_PREFERENCES",
  "HIDE_HOTELS_IN_SUPPLIER_MANAGEMENT",
  "HIDE_HOTEL_BRANDS_IN_SUPPLIER_MANAGEMENT",
  "HIDE_POLICY_HOTEL_STAR_RATING",
  "PRODUCT_OBT_HOMEPAGE_ORDER",
  "HIDE_COMPANY_SUPPLIER_MENU",
  "EXTERNAL_EVENT_BOOKING_URL",
  "HIDE_IDLE_SESSION_TIMEOUT",
  "LE_CUSTOM_COLUMNS_CONFIG",
  "PROFILE_ELEMENTS_VISIBILITY",
  "SHOW_TRIP_FEE_CONFIG",
  "SHOW_AGENT_FEE_CONFIG",
  "DEFAULT_HOTEL_SEARCH_RADIUS_CONFIG",
  "ENROLLMENT_DASHBOARD",
  "PRIVACY_CONFIG_HIERARCHY",
  "POLICY_CONFIGURED_IN_HR_FEED",
  "COMPANION_VIEW_CONFIG",
  "SHOW_INDIAN_CARD_PAYMENT_GUIDELINES",
  "VISA_RESTRICTIONS_CONFIG",
  "ALLOW_COMPANY_ADMIN_TO_RAISE_SUPPORT_TICKET",
  "ENABLE_COMPANY_PREFERRED_HOTEL_FILTER_BY_DEFAULT",
  "ENABLE_COMPANY_PREFERRED_CAR_FILTER_BY_DEFAULT",
  "LOGIN_DISABLED",
  "SHOW_AGENT_FEE_RULE_BASED_CONFIG",
  "ENROLLMENT_EMAILS_BCC",
  "SUREWARE_SYNC",
  "DEFAULT_TMC_VIEW_MODE",
  "SUPPORTED_CONTRACTING_TMCS",
  "HRIS_ERROR_REPORT_RECIPIENTS",
  "ENABLE_SOLD_OUT_HOTEL_FILTER_BY_DEFAULT",
  "ENABLE_SHOW_NOT_ALLOWED_HOTEL_FILTER_BY_DEFAULT",
  "ORG_LEVEL_PROFILE_FIELD_CONTROLS",
  "ENABLE_CAR_SHOW_CORPORATE_RATES_ONLY_BY_DEFAULT",
  "BLOCK_PAID_ANCILLARY_ON_CASH_FOP",
  "POLICY_CUSTOMIZE_CABIN_BY_MILEAGE",
  "ALLOW_YOUTH_ONLY_BOOKINGS",
  "ALLOW_UNAUTHORIZED_CARD_STORAGE",
  "AIR_DEFAULT_SORT_ORDER_DISABLED",
  "PRIORITIZE_PERSONAL_PAYMENT_FOR_CONTINGENT_WORKERS",
  "CUSTOM_FOP_MESSAGING",
  "ENABLE_TRAVEL_NAME",
  "DEFAULT_HOTEL_PAYMENT_FILTER",
  "DEFAULT_HOTEL_CANCELLATION_FILTER",
  "SHOW_OOP_PERSONAL_UPGRADE_TAG",
  "USE_DEDICATED_TMC_MARRIOTT_BONVOY_CREDENTIALS",
  "USE_HYATT_PARTNER_LOYALTY_VALIDATION",
  "RESTRICTED_EMAIL_DOMAINS",
  "UNUSED_CREDIT_DISABLED",
  "SABRE_USE_FARE_PAX_TYPE_DISABLED",
  "PROVISION_TENANT_ENCRYPTION",
  "RH_LANGUAGE_HEADER_ENABLED",
  "DISABLE_MULTI_BYTE_EMAIL_CHARS",
  "ENABLE_CORP_HYATT_LEVERAGE",
  "ENABLE_CORP_MARRIOTT_BAMB",
  "SEED_WOH_EARNING_HOLDER",
  "HOTEL_RATE_PLAN_CODE_CONFIG",
] as const;

/** `FeatureNameEnum`, strict: requests naming an unknown feature fail. */
export const featureNameSchema = z.enum(FEATURE_NAMES);

/** Inferred `FeatureNameEnum`. */
export type FeatureName = z.output<typeof featureNameSchema>;

/** Value types of a feature's `value`. */
export const featureValueTypeSchema = z.enum(["INT", "DOUBLE", "BOOL", "STRING", "JSON"]);

/** Inferred feature value type. */
export type FeatureValueType = z.output<typeof featureValueTypeSchema>;

/**
 * `FeatureConfig`, as read. `name` is any string here so that a feature the platform adds later
 * does not break reads.
 */
export const featureConfigSchema = z.looseObject({
  name: z.string(),
  /** Required by the vendor's schema, with its documented default `true`. */
  enabled: z.boolean().default(true),
  valueType: featureValueTypeSchema.optional(),
  value: z.string().optional(),
});

/** Inferred `FeatureConfig`. */
export type FeatureConfig = z.output<typeof featureConfigSchema>;

/**
 * The value of a read feature. `value` is optional in the vendor's `FeatureConfig`: left out, a
 * BOOL feature (or one of no stated type) is worth its `enabled` flag (`"true"`, `"false"`), any
 * other the empty string (protobuf's default, which such APIs leave out).
 */
export function featureValueOf(feature: {
  enabled?: boolean | undefined;
  valueType?: string | undefined;
  value?: string | undefined;
}): string {
  if (feature.value !== undefined) return feature.value;
  if (feature.valueType === undefined || feature.valueType === "BOOL") return String(feature.enabled ?? true);
  return "";
}

/** `FeatureConfigs`. */
export const featureConfigsSchema = z.looseObject({
  length: z.number().int().optional(),
  features: z.array(featureConfigSchema).default([]),
});

/** Inferred `FeatureConfigs`. */
export type FeatureConfigs = z.output<typeof featureConfigsSchema>;

/** `UpdateFeatureConfig`: the feature and its value as a string. */
export const updateFeatureConfigSchema = z.looseObject({ name: featureNameSchema, value: z.string() });

/** `UpdateFeaturesRequest`: features to set and features to delete; all others stay as they are. */
export const updateFeaturesRequestSchema = z
  .looseObject({
    featuresToUpdate: z
      .array(updateFeatureConfigSchema)
      .superRefine(uniqueBy("name", (feature: { name: string }) => feature.name))
      .optional(),
    featuresToDelete: z.array(featureNameSchema).superRefine(uniqueValues).optional(),
  })
  .superRefine((request, ctx) => {
    const updated = new Set((request.featuresToUpdate ?? []).map((feature) => feature.name));
    (request.featuresToDelete ?? []).forEach((name, index) => {
      if (updated.has(name))
        ctx.addIssue({
          code: "custom",
          path: ["featuresToDelete", index],
          message: `${name} is also in featuresToUpdate`,
        });
    });
  });

/** Inferred `UpdateFeaturesRequest`. */
export type UpdateFeaturesRequest = z.output<typeof updateFeaturesRequestSchema>;
