/** Offset-based pagination and references of the vendor's v3 list endpoints. */
import { z } from "zod";

/** `OffsetBasedPaginationRequestParams`: offset (default 0) and limit (default 100, at least 1). */
export const offsetPaginationRequestSchema = z.looseObject({
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).default(100),
});

/** Inferred `OffsetBasedPaginationRequestParams`. */
export type OffsetPaginationRequest = z.output<typeof offsetPaginationRequestSchema>;

/** `OffsetBasedPaginationResponseParams`. */
export const offsetPaginationResponseSchema = z.looseObject({ totalNumResults: z.number().int() });

/** `SortOrder`. */
export const sortOrderSchema = z.enum(["ASC", "DESC"]);

/** `Reference`: an id with an optional display name. */
export const referenceSchema = z.looseObject({ id: z.string().min(1), name: z.string().optional() });

/** Inferred `Reference`. */
export type Reference = z.output<typeof referenceSchema>;

/** A display name: not blank, at most 256 characters; kept exactly as sent. */
export const displayNameSchema = z
  .string()
  .max(256)
  .refine((value) => value.trim() !== "", "must not be empty");

/** An externalId: 1 to 256 characters. */
export const externalIdSchema = z.string().min(1, "must not be empty").max(256);

/** A v3 list request: search text, offset paging and filters of `filter`'s shape. */
export function offsetListRequestSchema<Filter extends z.ZodType>(filter: Filter) {
  return z.looseObject({
    searchText: z.string().optional(),
    paginationParams: offsetPaginationRequestSchema,
    filters: z.array(filter).optional(),
  });
}

/** An element of a v3 list response: a plain-string id and the name. */
const listInfoSchema = z.looseObject({ id: z.string(), name: z.string().optional() });

/** A v3 list response whose `key` array holds `{ id, name }` elements (empty when absent). */
export function offsetListResponseSchema<Key extends string>(key: Key) {
  const elements = { [key]: z.array(listInfoSchema).default([]) } as Record<
    Key,
    z.ZodDefault<z.ZodArray<typeof listInfoSchema>>
  >;
  return z.looseObject({ paginationParams: offsetPaginationResponseSchema, ...elements });
}

/**
 * The v3 list of a company directory: a filter by externalIds and by the ids in `idsKey` (such
 * as `costCenterIds`), the request, and the response with its elements under `key`.
 */
export function directoryListSchemas<Key extends string, IdsKey extends string>(key: Key, idsKey: IdsKey) {
  const ids = { [idsKey]: z.array(z.string()).optional() } as Record<
    IdsKey,
    z.ZodOptional<z.ZodArray<z.ZodString>>
  >;
  const filter = z.looseObject({ externalIds: z.array(z.string()).optional(), ...ids });
  return { filter, request: offsetListRequestSchema(filter), response: offsetListResponseSchema(key) };
}
