/**
 * Shapes shared by many platform entities, from the vendor Company API description. Objects are
 * loose: fields the platform adds pass through instead of failing.
 */
import { z } from "zod";

/** An object id in the platform's `{ id }` wrapper. */
export const entityIdSchema = z.looseObject({ id: z.string().min(1) });

/** ISO 4217 currency code such as `USD`. */
export const currencyCodeSchema = z
  .string()
  .regex(/^[A-Z]{3}$/, "must be a 3-letter ISO 4217 code such as USD");

/** ISO 3166-1 alpha-2 region code such as `US`. */
export const regionCodeSchema = z.string().regex(/^[A-Z]{2}$/, "must be a 2-letter ISO 3166 code such as US");

/** An e-mail address. */
export const emailSchema = z.email("must be an e-mail address");

/** A postal address (`PostalAddress`): addressLines and regionCode are required. */
export const postalAddressSchema = z.looseObject({
  addressLines: z.array(z.string()).min(1, "needs at least one line"),
  regionCode: regionCodeSchema,
  administrativeArea: z.string().optional(),
  administrativeAreaName: z.string().optional(),
  description: z.string().optional(),
  isDefault: z.boolean().optional(),
  languageCode: z.string().optional(),
  locality: z.string().optional(),
  locationCode: z.string().optional(),
  organization: z.string().optional(),
  postalCode: z.string().optional(),
  continentCode: z.string().optional(),
  recipients: z.array(z.string()).optional(),
  regionName: z.string().optional(),
  sortingCode: z.string().optional(),
  sublocality: z.string().optional(),
  timezone: z.string().optional(),
  coordinates: z.looseObject({ latitude: z.number(), longitude: z.number() }).optional(),
});

/** A phone number (`PhoneNumber`). */
export const phoneNumberSchema = z.looseObject({
  countryCode: z.number().int().optional(),
  countryCodeSource: z
    .enum([
      "UNSPECIFIED",
      "FROM_NUMBER_WITH_PLUS_SIGN",
      "FROM_NUMBER_WITH_IDD",
      "FROM_NUMBER_WITHOUT_PLUS_SIGN",
      "FROM_DEFAULT_COUNTRY",
    ])
    .optional(),
  extension: z.string().optional(),
  isoCountryCode: z.string().optional(),
  italianLeadingZero: z.boolean().optional(),
  nationalNumber: z.number().int().optional(),
  numberOfLeadingZeros: z.number().int().optional(),
  preferredDomesticCarrierCode: z.string().optional(),
  rawInput: z.string().optional(),
  type: z.enum(["UNKNOWN_TYPE", "MOBILE", "LANDLINE"]).optional(),
});

/** Money (`Money`). */
export const moneySchema = z.looseObject({
  amount: z.number(),
  currencyCode: currencyCodeSchema,
  convertedAmount: z.number().optional(),
  convertedCurrency: z.string().optional(),
});

/** The list response `ArrayOfReference`. */
export const arrayOfReferenceSchema = z.looseObject({
  length: z.number().int().optional(),
  elements: z.array(z.looseObject({ id: z.string(), name: z.string().optional() })).default([]),
  totalNumResults: z.number().int().optional(),
});

/** Inferred `ArrayOfReference`. */
export type ArrayOfReference = z.output<typeof arrayOfReferenceSchema>;
