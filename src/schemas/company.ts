/** The company entity of the vendor Company API: `CreateCompanyRequest` and `Company`. */
import { z } from "zod";
import { unordered } from "./unordered";
import {
  currencyCodeSchema,
  emailSchema,
  entityIdSchema,
  phoneNumberSchema,
  postalAddressSchema,
} from "./common";
import { companyReadFields, companySettingsFields, vendorCompanyIdSchema } from "./company-settings";

/** `CompanyRole`. */
export const companyRoleSchema = z.enum([
  "ORG",
  "TMC",
  "PARTNER_TMC",
  "HR_FEED_CONNECTOR",
  "TRIPS_DATA_CONNECTOR",
  "GLOBAL",
]);

/** Inferred `CompanyRole`. */
export type CompanyRole = z.output<typeof companyRoleSchema>;

/** Announcement shown to a company's travelers. */
export const announcementSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().min(1),
  linkUrl: z.string().optional(),
  linkDisplayText: z.string().optional(),
});

/**
 * Fields of a company that can be written (create and update share them): the 33 properties of
 * the vendor's `CreateCompanyRequest`, 17 written here and 16 generated from the vendor document
 * (`company-settings.ts`).
 */
export const companyWritableFields = {
  /** Company name. */
  name: z.string().trim().min(1, "must not be empty").max(256),
  /** Billing currency, a 3-letter ISO 4217 code such as `USD`. */
  billingCurrency: currencyCodeSchema,
  /** Company roles. */
  companyRoles: unordered(z.array(companyRoleSchema).min(1, "needs at least one role")),
  /** E-mail domains of the company, such as `example.com`. */
  emailDomains: unordered(
    z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, "must be a domain such as example.com")),
  ).optional(),
  /** Company phone numbers (the platform's PhoneNumber objects). */
  phoneNumbers: unordered(z.array(phoneNumberSchema)).optional(),
  /** Whether travelers may sign themselves up. */
  isSelfSignUpEnabled: z.boolean().optional(),
  /** Announcements shown to travelers: `title`, `description`, optional `linkUrl` and `linkDisplayText`. */
  announcements: unordered(z.array(announcementSchema)).optional(),
  /** Company ID which have contracted this company: the caller's TMC (the platform sets it when omitted). */
  contractedBy: vendorCompanyIdSchema.optional(),
  /** Addresses copied on every confirmation e-mail. */
  ccEmailAddresses: unordered(z.array(emailSchema)).optional(),
  /** Addresses blind-copied on every confirmation e-mail. */
  bccEmailAddresses: unordered(z.array(emailSchema)).optional(),
  /** Postal address; `addressLines` and `regionCode` are required. */
  postalAddress: postalAddressSchema.optional(),
  /** Redirect URL (companies with a partner role). */
  redirectUrl: z.string().optional(),
  /** Redirect URL for mobile (companies with a partner role). */
  mobileRedirectUrl: z.string().optional(),
  /** Your own identifier of the company, unique within the TMC. */
  externalId: z.string().min(1).max(256).optional(),
  /** 2-letter country codes where business travelers may not earn loyalty. */
  loyaltyBlockedCountries: unordered(z.array(z.string().regex(/^[A-Z]{2}$/))).optional(),
  /** Whether users get their auth config from their e-mail domain. */
  allowDomainBasedAuthConfig: z.boolean().optional(),
  /** Booking TMC ID for the company. Applicable for ORG role companies. */
  bookingTmcId: vendorCompanyIdSchema.optional(),
  ...companySettingsFields,
} as const;

/** `CreateCompanyRequest`. */
export const createCompanyRequestSchema = z.looseObject(companyWritableFields);

/** Inferred `CreateCompanyRequest`. */
export type CreateCompanyRequest = z.output<typeof createCompanyRequestSchema>;

/**
 * `Company`, as read and as sent whole on update: the writable fields, the id, and what only a
 * read company carries. `supportConfigs` is a `SupportConfigs` object here (`{ length, elements }`),
 * where `CreateCompanyRequest` takes the plain array.
 */
export const companySchema = z.looseObject({
  ...companyWritableFields,
  ...companyReadFields,
  id: entityIdSchema,
});

/** Inferred `Company`. */
export type Company = z.output<typeof companySchema>;

/**
 * `Company` as the platform answers it: lenient. Only the id is required; every other field is
 * passed through as returned (no trimming, length limits or patterns), so that an answer a
 * declared input could not hold still reads, shows as drift, and is kept on a full-replacement PUT.
 */
export const companyResponseSchema = z.looseObject({ id: entityIdSchema });
