/**
 * The legal entity of the vendor Company API: `LegalEntityCreateRequest`,
 * `LegalEntityUpdateRequest` and `LegalEntity`. The legal entity's id is a plain string.
 */
import { z } from "zod";
import { unordered } from "./unordered";
import { currencyCodeSchema, emailSchema, phoneNumberSchema, postalAddressSchema } from "./common";
import { vendorExpensePartnerConfigSchema } from "./company-settings";
import { displayNameSchema, externalIdSchema, referenceSchema } from "./pagination";

/** `CompanySpecifiedAttributeLegalEntity`. */
export const companySpecifiedAttributeLegalEntitySchema = z.strictObject({
  fieldName: z.string().min(1, "must not be empty"),
  value: z.string(),
});

/** Fields of `LegalEntityCreateRequest`; name, billingCurrency and address are required. */
export const legalEntityWritableFields = {
  /** Name of the legal entity. */
  name: displayNameSchema,
  /** Official name as registered with the local tax authority. */
  registeredName: z.string().optional(),
  /** Primary e-mail of the registered name. */
  registeredEmail: emailSchema.optional(),
  /** Address; `addressLines` and `regionCode` are required. */
  address: postalAddressSchema,
  /** Billing currency, a 3-letter ISO 4217 code. */
  billingCurrency: currencyCodeSchema,
  /** Doing-business-as name. */
  dba: z.string().optional(),
  /** Tax number. */
  ein: z.string().optional(),
  /** Phone numbers (the platform's PhoneNumber objects). */
  phoneNumbers: unordered(z.array(phoneNumberSchema)).optional(),
  /** Whether invoices are delayed. */
  isDelayedInvoicingEnabled: z.boolean().optional(),
  /** Addresses copied on this legal entity's confirmation e-mails. */
  ccEmailAddresses: unordered(z.array(emailSchema)).optional(),
  /** Addresses blind-copied on this legal entity's confirmation e-mails. */
  bccEmailAddresses: unordered(z.array(emailSchema)).optional(),
  /** Your own identifier of the legal entity, unique within the company. */
  externalId: externalIdSchema.optional(),
  /** Company-specified attributes: `fieldName` and `value` pairs. */
  companySpecifiedAttributes: unordered(z.array(companySpecifiedAttributeLegalEntitySchema)).optional(),
} as const;

/** `LegalEntityCreateRequest`. */
export const legalEntityCreateRequestSchema = z.looseObject(legalEntityWritableFields);

/** Inferred `LegalEntityCreateRequest`. */
export type LegalEntityCreateRequest = z.output<typeof legalEntityCreateRequestSchema>;

/**
 * `LegalEntityUpdateRequest`, a full replacement. The vendor marks no field required, but a
 * replacement without name, billingCurrency or address would leave a legal entity that could
 * not have been created, so they are required here as on create.
 */
export const legalEntityUpdateRequestSchema = z.looseObject({
  ...legalEntityWritableFields,
  id: z.string().min(1).optional(),
  bookingTmcRef: referenceSchema.optional(),
  expensePartnerConfig: vendorExpensePartnerConfigSchema.optional(),
});

/** Inferred `LegalEntityUpdateRequest`. */
export type LegalEntityUpdateRequest = z.output<typeof legalEntityUpdateRequestSchema>;

/** `LegalEntity`, as read. */
export const legalEntitySchema = legalEntityUpdateRequestSchema.extend({ id: z.string().min(1) });

/** Inferred `LegalEntity`. */
export type LegalEntity = z.output<typeof legalEntitySchema>;
