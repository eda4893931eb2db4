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
