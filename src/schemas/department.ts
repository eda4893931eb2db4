/**
 * The department of the vendor Company API: `CreateDepartmentRequest`, `DepartmentV2` (plain-string
 * id) and the v3 list (`ListDepartmentsRequest`/`Response`).
 */
import { z } from "zod";
import { displayNameSchema, externalIdSchema, directoryListSchemas } from "./pagination";

/** `CreateDepartmentRequest`. */
export const createDepartmentRequestSchema = z.looseObject({
  /** Department name. */
  name: displayNameSchema,
  /** Your own identifier of the department. */
  externalId: externalIdSchema.optional(),
});

/** Inferred `CreateDepartmentRequest`. */
export type CreateDepartmentRequest = z.output<typeof createDepartmentRequestSchema>;

/** `DepartmentV2`, as read and as sent whole on update. */
export const departmentSchema = z.looseObject({
  id: z.string().min(1),
  name: displayNameSchema,
  externalId: externalIdSchema.optional(),
});

/** Inferred `DepartmentV2`. */
export type Department = z.output<typeof departmentSchema>;

/**
 * The v3 list: `.filter` (`ListDepartmentsFilter`), `.request` (`ListDepartmentsRequest`) and `.response`
 * (`ListDepartmentsResponse`).
 */
export const departmentList = directoryListSchemas("departments", "departmentIds");
