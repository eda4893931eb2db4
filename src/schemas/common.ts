/**
 * Shapes shared by many platform entities, from the vendor Company API description. The shapes a
 * request carries (postal address, phone number) are strict, as the vendor's request schemas are:
 * an undeclared property, such as a misspelt one, is refused. The shapes only read from answers
 * (ids, money, list references) are loose: fields the platform adds pass through.
 */
import { z } from "zod";
import { vendorPhoneNumberSchema, vendorPostalAddressSchema } from "./company-settings";

/** One segment of a URL path: unreserved characters only, and neither `.` nor `..`. */
const PATH_SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._~-]+$/;

/**
 * An id the platform assigned, given as an input: it goes into a request's path (or names an
 * object there), so anything that is not one plain path segment (`../x`, `x/y`, `x?y=1#z`,
 * `..%2F..`, spaces) is refused at preview, naming the property, before any request is built.
 */
export function platformIdSchema(what: string): z.ZodString {
  return z
    .string()
    .min(1, `must be ${what}`)
    .regex(PATH_SEGMENT, `must be ${what}: letters, digits and . _ ~ - only (no /, ?, #, % or spaces)`);
}

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

/**
 * A postal address (`PostalAddress`) as the vendor document declares it (strict), with
 * `addressLines` needing a line and `regionCode` a 2-letter code.
 */
export const postalAddressSchema = vendorPostalAddressSchema.extend({
  /** Address lines; at least one. */
  addressLines: z.array(z.string()).min(1, "needs at least one line"),
  /** Region code of the country/region of the address, such as `US`. */
  regionCode: regionCodeSchema,
});

/** A phone number (`PhoneNumber`), as the vendor document declares it. Strict. */
export const phoneNumberSchema = vendorPhoneNumberSchema;

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
