/**
 * Company configuration documents of the vendor Company API, each stored and read whole:
 * `TravelContentConfig`, `WhiteLabelConfig`, `CompanyManagersConfig`, `ColorConfig`,
 * `EnrollmentConfig`, `TierConfig` and `StealthConfig`.
 */
import { z } from "zod";
import { unordered } from "./unordered";
import { emailSchema } from "./common";
import { uniqueBy, uniqueValues } from "./refinements";
import { keyedBy } from "./keyed-by";

// ---- TravelContentConfig ---------------------------------------------------------------------

/** `LocationType`. */
export const locationTypeSchema = z.enum([
  "CONTINENT",
  "COUNTRY",
  "CITY",
  "AIRPORT",
  "ADMINISTRATIVE_DIVISION",
]);

/** `LocationItem` (recursive through `infos`). */
export interface LocationItem {
  value: string;
  metadata: { type: z.output<typeof locationTypeSchema>; code: string; [field: string]: unknown };
  infos: LocationItem[];
  [field: string]: unknown;
}

/** `LocationItem`: value, metadata and infos are required. */
export const locationItemSchema: z.ZodType<LocationItem> = z.looseObject({
  value: z.string(),
  metadata: z.looseObject({ type: locationTypeSchema, code: z.string().min(1) }),
  get infos() {
    return unordered(z.array(locationItemSchema));
  },
});

/** `FareCategory`. */
export const fareCategorySchema = z.looseObject({
  ngsCategory: z
    .enum(["UNKNOWN_NGS_CATEGORY", "BASE", "STANDARD", "ENHANCED", "PREMIUM", "LUXURY", "ULTRA_LUXURY"])
    .optional(),
  cabinViewCategory: z
    .enum([
      "UNKNOWN_CABIN_CATEGORY",
      "BASIC",
      "ECONOMY",
      "PREMIUM_ECONOMY",
      "ECONOMY_PLUS",
      "BUSINESS",
      "FIRST",
    ])
    .optional(),
});

/** `FareCategoryFilterConfig`: priority, origin, destination and fareCategoryOption are required. */
export const fareCategoryFilterConfigSchema = z.looseObject({
  priority: z.number().int(),
  origin: locationItemSchema,
  destination: locationItemSchema,
  fareCategoryOption: unordered(
    z.array(z.looseObject({ fareCategory: fareCategorySchema, disabled: z.boolean() })),
  ),
});

/** `TravelContentConfig`. Two fare category filters may not share a priority. */
export const travelContentConfigSchema = z.looseObject({
  airConfig: z
    .looseObject({
      // Each filter carries its priority: the list's own order means nothing.
      fareCategoryFilter: unordered(
        z
          .array(fareCategoryFilterConfigSchema)
          .superRefine(uniqueBy("priority", (filter: { priority: number }) => String(filter.priority))),
      ).optional(),
    })
    .optional(),
});

/** Inferred `TravelContentConfig`. */
export type TravelContentConfig = z.output<typeof travelContentConfigSchema>;

// ---- WhiteLabelConfig ------------------------------------------------------------------------

const optionalStrings = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, z.string().optional()])) as Record<
    K,
    z.ZodOptional<z.ZodString>
  >;

/** `ColorWhiteLabelConfig`. */
export const colorWhiteLabelConfigSchema = z.looseObject(
  optionalStrings([
    "primary",
    "primaryDark",
    "primaryLight",
    "primaryPale",
    "onPrimary",
    "secondary",
    "secondaryDark",
    "secondaryLight",
    "secondaryPale",
    "onSecondary",
    "error",
    "errorDark",
    "errorLight",
    "errorPale",
    "onError",
  ]),
);

/** `WebLinksConfig`. */
export const webLinksConfigSchema = z.looseObject({
  ...optionalStrings([
    "logoHeader",
    "logoFooter",
    "companyWebsiteAddress",
    "homePage",
    "itineraryPage",
    "disclaimerPage",
    "privacyPage",
    "hardApprovalUrl",
    "itineraryFlightStatsUrl",
    "appEmbedScriptUrl",
    "logoNavigationLink",
    "illustration",
    "logoutRedirectUrl",
    "faviconUrl",
    "termsOfUse",
    "illustrationActionUrl",
    "checkoutCoverImageUrl",
    "postCcVerificationCallbackUrl",
    "loyaltyLinkedImageUrl",
    "onboardingFinalizeImageUrl",
    "inviteUserImageUrl",
    "takeActionPath",
    "bookMyTripPath",
    "viewEventDetailsPath",
  ]),
  poweredBySpotnana: z.boolean().optional(),
  appDownloadLinks: z
    .looseObject(optionalStrings(["androidPlayStoreUrl", "iosAppStoreUrl", "qrCodeUrl"]))
    .optional(),
  socialMediaLinks: z.looseObject(optionalStrings(["facebookUrl", "twitterUrl", "instagramUrl"])).optional(),
});

/** `EmailClientConfig`: client, credentials and defaultSenderAddress are required. */
export const emailClientConfigSchema = z.looseObject({
  client: z.enum(["AWS_SES", "SENDGRID"]),
  credentials: z.looseObject({
    emailClientSecretKey: z.looseObject({
      secretKey: z.string().optional(),
      versionId: z.string().optional(),
    }),
  }),
  defaultSenderAddress: emailSchema,
  defaultSenderName: z.string().optional(),
});

const themeTokens = z.looseObject({
  bg: z
    .looseObject(optionalStrings(["surface", "surface02", "brand", "brandSubtle", "brandHover"]))
    .optional(),
  text: z.looseObject(optionalStrings(["primary", "secondary", "brand", "link"])).optional(),
  border: z
    .looseObject(optionalStrings(["light", "medium", "dark", "brand", "brandSubtle", "hover"]))
    .optional(),
  icon: z.looseObject(optionalStrings(["brand"])).optional(),
});

/** `ThemeConfigV2`. */
export const themeConfigV2Schema = z.looseObject({
  fontFamily: z.array(z.string()).optional(),
  palette: z.looseObject({ light: themeTokens.optional(), dark: themeTokens.optional() }).optional(),
  overrides: z
    .looseObject({
      button: z
        .looseObject({
          borderRadius: z.looseObject(optionalStrings(["small", "medium", "large"])).optional(),
        })
        .optional(),
    })
    .optional(),
});

const surfaceVisibility = z.looseObject({ hideOnWeb: z.boolean().optional() });

/** `WhiteLabelConfig`. */
export const whiteLabelConfigSchema = z.looseObject({
  companyName: z.string().optional(),
  colors: colorWhiteLabelConfigSchema.optional(),
  webLinks: webLinksConfigSchema.optional(),
  fromEmailAddress: emailSchema.optional(),
  fontFamily: z.string().optional(),
  emailFontFamily: z.string().optional(),
  fontFamilyCss: z.string().optional(),
  emailClientConfig: emailClientConfigSchema.optional(),
  clientRoutingBasePath: z.string().optional(),
  routingConfig: z.looseObject({ appHomeRoute: z.string().optional() }).optional(),
  privacyDisclaimer: z.looseObject({ show: z.boolean().optional(), html: z.string().optional() }).optional(),
  visaRequirements: z.string().optional(),
  themeConfig: themeConfigV2Schema.optional(),
  brandingVisibility: z
    .looseObject({ headerLogo: surfaceVisibility.optional(), poweredBy: surfaceVisibility.optional() })
    .optional(),
});

/** Inferred `WhiteLabelConfig`. */
export type WhiteLabelConfig = z.output<typeof whiteLabelConfigSchema>;

// ---- CompanyManagersConfig -------------------------------------------------------------------

/** `CompanyManagerInfo`: `id` (the manager's user id, a uuid) is required. */
export const companyManagerInfoSchema = z.looseObject({
  /** User ID of the manager (a uuid). */
  id: z.guid("must be a uuid"),
  fullName: z.string().optional(),
  email: emailSchema.optional(),
  profilePictureUrl: z.string().optional(),
  isActive: z.boolean().optional(),
});

const managerList = unordered(
  keyedBy(
    "id",
    z.array(companyManagerInfoSchema).superRefine(uniqueBy("id", (manager: { id: string }) => manager.id)),
  ),
);

/** `CompanyManagersConfig`: account managers and customer success managers. */
export const companyManagersConfigSchema = z.looseObject({
  accountManagers: managerList.optional(),
  customerSuccessManagers: managerList.optional(),
});

/** Inferred `CompanyManagersConfig`. */
export type CompanyManagersConfig = z.output<typeof companyManagersConfigSchema>;

// ---- ColorConfig -----------------------------------------------------------------------------

/** `ColorTitle`. */
export const colorTitleSchema = z.enum([
  "PROFILE_TIER_MEMBER_COLOR",
  "PROFILE_TIER_SILVER_COLOR",
  "PROFILE_TIER_GOLD_COLOR",
  "PROFILE_TIER_PLATINUM_COLOR",
  "PROFILE_TIER_TITANIUM_COLOR",
  "PROFILE_TIER_AMBASSADOR_COLOR",
]);

/** `ColorConfig`: `profileColors` holds `TitledColor`s, one per title. */
export const colorConfigSchema = z.looseObject({
  profileColors: unordered(
    keyedBy(
      "title",
      z
        .array(z.looseObject({ title: colorTitleSchema, color: z.string().min(1) }))
        .superRefine(uniqueBy("title", (color: { title: string }) => color.title)),
    ),
  ).optional(),
});

/** Inferred `ColorConfig`. */
export type ColorConfig = z.output<typeof colorConfigSchema>;

// ---- EnrollmentConfig ------------------------------------------------------------------------

/** `LoginActionType`. */
export const loginActionTypeSchema = z.enum([
  "PRIVACY_CONSENT_ACTION",
  "ONBOARDING_ACTION",
  "HYATT_LOYALTY_VALIDATION",
]);

/** `EnrollmentConfig`: `termsAndConditions` is required. */
export const enrollmentConfigSchema = z.looseObject({
  termsAndConditions: z.string(),
  termsAndConditionsList: z.array(z.string()).optional(),
  templateSettings: z
    .looseObject(
      optionalStrings([
        "applicationReceivedTemplate",
        "applicationRejectedTemplate",
        "applicationApprovedTemplate",
      ]),
    )
    .optional(),
  industryDropdownOptions: z.array(z.string()).optional(),
  skipOfacComplianceCheck: z.boolean().optional(),
  registrarLoginActions: unordered(z.array(loginActionTypeSchema).superRefine(uniqueValues)).optional(),
  companySpecifiedAttributeConfigs: unordered(
    keyedBy(
      "name",
      z
        .array(z.looseObject({ name: z.string().min(1), isHidden: z.boolean().optional() }))
        .superRefine(uniqueBy("name", (config: { name: string }) => config.name)),
    ),
  ).optional(),
});

/** Inferred `EnrollmentConfig`. */
export type EnrollmentConfig = z.output<typeof enrollmentConfigSchema>;

// ---- TierConfig ------------------------------------------------------------------------------

/** `Tier`. */
export const tierSchema = z.enum(["BASIC", "SEAT1A"]);

/** `TierDefinition`: name and tier are required; a tier is defined once. */
export const tierDefinitionSchema = z.looseObject({
  name: z.string().min(1),
  icon: z.string().optional(),
  tier: tierSchema,
});

/** `TierConfig`. */
export const tierConfigSchema = z.looseObject({
  tiers: unordered(
    keyedBy(
      "tier",
      z.array(tierDefinitionSchema).superRefine(uniqueBy("tier", (tier: { tier: string }) => tier.tier)),
    ),
  ).optional(),
});

/** Inferred `TierConfig`. */
export type TierConfig = z.output<typeof tierConfigSchema>;

// ---- StealthConfig ---------------------------------------------------------------------------

/** `StealthType`. */
export const stealthTypeSchema = z.enum(["STEALTH_TYPE_1", "STEALTH_TYPE_2", "STEALTH_TYPE_3"]);

/** `StealthConfig`: stealth modes, one per stealth type. */
export const stealthConfigSchema = z.looseObject({
  stealthModes: unordered(
    keyedBy(
      "stealthType",
      z
        .array(z.looseObject({ stealthType: stealthTypeSchema, label: z.string().min(1) }))
        .superRefine(uniqueBy("stealthType", (mode: { stealthType: string }) => mode.stealthType)),
    ),
  ).optional(),
});

/** Inferred `StealthConfig`. */
export type StealthConfig = z.output<typeof stealthConfigSchema>;
