/**
 * The cost center of the vendor Company API: `CreateCostCenterRequest`, `CostCenter` (its id in
 * the `{ id }` wrapper, `CostCenterId`) and the v3 list (`ListCostCentersRequest`/`Response`).
 */
import { z } from "zod";
import { entityIdSchema } from "./common";
import {
  displayNameSchema,
  externalIdSchema,
  offsetPaginationRequestSchema,
  offsetPaginationResponseSchema,
} from "./pagination";

/** `CreateCostCenterRequest`. `numberOfEmployees` is accepted on create only. */
export const createCostCenterRequestSchema = z.looseObject({
  /** Cost center name. */
  name: displayNameSchema,
  /** Head count, set at creation only: the platform never returns it, and changing it replaces the cost center. */
  numberOfEmployees: z.number().int().min(0).optional(),
  /** Your own identifier of the cost center. */
  externalId: externalIdSchema.optional(),
});

/** Inferred `CreateCostCenterRequest`. */
export type CreateCostCenterRequest = z.output<typeof createCostCenterRequestSchema>;

/** `CostCenter`, as read and as sent whole on update. */
export const costCenterSchema = z.looseObject({
  id: entityIdSchema,
  name: displayNameSchema,
  externalId: externalIdSchema.optional(),
});

/** Inferred `CostCenter`. */
export type CostCenter = z.output<typeof costCenterSchema>;

/** `ListCostCentersFilter`. */
export const listCostCentersFilterSchema = z.looseObject({
  externalIds: z.array(z.string()).optional(),
  costCenterIds: z.array(z.string()).optional(),
});

/** `ListCostCentersRequest`. */
export const listCostCentersRequestSchema = z.looseObject({
  searchText: z.string().optional(),
  paginationParams: offsetPaginationRequestSchema,
  filters: z.array(listCostCentersFilterSchema).optional(),
});

/** Inferred `ListCostCentersRequest`. */
export type ListCostCentersRequest = z.output<typeof listCostCentersRequestSchema>;

/** `ListCostCentersResponse`: `CostCenterInfo` elements carry a plain-string id. */
export const listCostCentersResponseSchema = z.looseObject({
  paginationParams: offsetPaginationResponseSchema,
  costCenters: z.array(z.looseObject({ id: z.string(), name: z.string().optional() })).default([]),
});

/** Inferred `ListCostCentersResponse`. */
export type ListCostCentersResponse = z.output<typeof listCostCentersResponseSchema>;
