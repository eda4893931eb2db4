/** The company entity of the vendor Company API: `CreateCompanyRequest` and `Company`. */
import { z } from "zod";
import {
  currencyCodeSchema,
  emailSchema,
  entityIdSchema,
  phoneNumberSchema,
  postalAddressSchema,
} from "./common";

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
export const announcementSchema = z.looseObject({
  title: z.string().min(1),
  description: z.string().min(1),
  linkUrl: z.string().optional(),
  linkDisplayText: z.string().optional(),
});

/** Fields of a company that can be written (create and update share them). */
export const companyWritableFields = {
  name: z.string().trim().min(1, "must not be empty").max(256),
  billingCurrency: currencyCodeSchema,
  companyRoles: z.array(companyRoleSchema).min(1, "needs at least one role"),
  emailDomains: z
    .array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, "must be a domain such as example.com"))
    .optional(),
  phoneNumbers: z.array(phoneNumberSchema).optional(),
  isSelfSignUpEnabled: z.boolean().optional(),
  announcements: z.array(announcementSchema).optional(),
  contractedBy: entityIdSchema.optional(),
  ccEmailAddresses: z.array(emailSchema).optional(),
  bccEmailAddresses: z.array(emailSchema).optional(),
  postalAddress: postalAddressSchema.optional(),
  redirectUrl: z.string().optional(),
  mobileRedirectUrl: z.string().optional(),
  externalId: z.string().min(1).max(256).optional(),
  loyaltyBlockedCountries: z.array(z.string().regex(/^[A-Z]{2}$/)).optional(),
  allowDomainBasedAuthConfig: z.boolean().optional(),
  bookingTmcId: entityIdSchema.optional(),
} as const;

/** `CreateCompanyRequest`. */
export const createCompanyRequestSchema = z.looseObject(companyWritableFields);

/** Inferred `CreateCompanyRequest`. */
export type CreateCompanyRequest = z.output<typeof createCompanyRequestSchema>;

/** `Company`, as read and as sent whole on update. */
export const companySchema = z.looseObject({
  ...companyWritableFields,
  id: entityIdSchema,
  isActive: z.boolean().optional(),
});

/** Inferred `Company`. */
export type Company = z.output<typeof companySchema>;
