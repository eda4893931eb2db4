/**
 * The cost center of the vendor Company API: `CreateCostCenterRequest`, `CostCenter` (its id in
 * the `{ id }` wrapper, `CostCenterId`) and the v3 list (`ListCostCentersRequest`/`Response`).
 */
import { z } from "zod";
import { entityIdSchema } from "./common";
import { displayNameSchema, externalIdSchema, directoryListSchemas } from "./pagination";

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

/**
 * The v3 list: `.filter` (`ListCostCentersFilter`), `.request` (`ListCostCentersRequest`) and
 * `.response` (`ListCostCentersResponse`, whose `CostCenterInfo` elements carry a plain-string id).
 */
export const costCenterList = directoryListSchemas("costCenters", "costCenterIds");
