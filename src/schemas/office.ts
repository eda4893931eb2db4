/**
 * The office of the vendor Company API: `CreateOfficeRequest`, `OfficeV2` and the company-wide
 * office list (`ListOfficesV2Request`/`Response`). The vendor marks no office field required.
 */
import { z } from "zod";
import { postalAddressSchema } from "./common";
import {
  displayNameSchema,
  externalIdSchema,
  offsetPaginationRequestSchema,
  offsetPaginationResponseSchema,
  referenceSchema,
  sortOrderSchema,
} from "./pagination";

/** `Latlng`. */
export const latlngSchema = z.strictObject({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

/** Fields of `CreateOfficeRequest`. */
export const officeWritableFields = {
  /** Office name. */
  name: displayNameSchema.optional(),
  /** Postal address; `addressLines` and `regionCode` are required when given. */
  address: postalAddressSchema.optional(),
  /** Coordinates of the office. */
  latlng: latlngSchema.optional(),
  /** Your own identifier of the office. */
  externalId: externalIdSchema.optional(),
  /** Tax id of the office. */
  taxId: z.string().optional(),
} as const;

/** `CreateOfficeRequest`. */
export const createOfficeRequestSchema = z.looseObject(officeWritableFields);

/** Inferred `CreateOfficeRequest`. */
export type CreateOfficeRequest = z.output<typeof createOfficeRequestSchema>;

/** `OfficeV2`, as read and as sent whole on update (`id`, when sent, must match the path). */
export const officeSchema = z.looseObject({ ...officeWritableFields, id: z.string().min(1).optional() });

/** Inferred `OfficeV2`. */
export type Office = z.output<typeof officeSchema>;

/** `OfficeSortBy`. */
export const officeSortBySchema = z.enum(["NAME", "LEGAL_ENTITY_NAME", "COUNTRY_CODE", "TAX_ID"]);

/** `ListOfficeFilter`: every given list must match (an office matches any of the filters). */
export const listOfficeFilterSchema = z.looseObject({
  countries: z.array(z.string()).optional(),
  officeIds: z.array(z.string()).optional(),
  externalIds: z.array(z.string()).optional(),
  legalEntityIds: z.array(z.string()).optional(),
});

/** `ListOfficesV2Request`. */
export const listOfficesV2RequestSchema = z.looseObject({
  searchText: z.string().optional(),
  paginationParams: offsetPaginationRequestSchema,
  sortParams: z.looseObject({ sortBy: officeSortBySchema, sortOrder: sortOrderSchema }).optional(),
  filters: z.array(listOfficeFilterSchema).optional(),
});

/** Inferred `ListOfficesV2Request`. */
export type ListOfficesV2Request = z.output<typeof listOfficesV2RequestSchema>;

/** `OfficeNode`: an office with a reference to its legal entity. */
export const officeNodeSchema = z.looseObject({ legalEntityRef: referenceSchema, office: officeSchema });

/** `ListOfficesV2Response`. */
export const listOfficesV2ResponseSchema = z.looseObject({
  offices: z.array(officeNodeSchema),
  paginationParams: offsetPaginationResponseSchema,
});

/** Inferred `ListOfficesV2Response`. */
export type ListOfficesV2Response = z.output<typeof listOfficesV2ResponseSchema>;
