/**
 * The department of the vendor Company API: `CreateDepartmentRequest`, `DepartmentV2` (plain-string
 * id) and the v3 list (`ListDepartmentsRequest`/`Response`).
 */
import { z } from "zod";
import {
  displayNameSchema,
  externalIdSchema,
  offsetPaginationRequestSchema,
  offsetPaginationResponseSchema,
} from "./pagination";

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

/** `ListDepartmentsFilter`. */
export const listDepartmentsFilterSchema = z.looseObject({
  externalIds: z.array(z.string()).optional(),
  departmentIds: z.array(z.string()).optional(),
});

/** `ListDepartmentsRequest`. */
export const listDepartmentsRequestSchema = z.looseObject({
  searchText: z.string().optional(),
  paginationParams: offsetPaginationRequestSchema,
  filters: z.array(listDepartmentsFilterSchema).optional(),
});

/** Inferred `ListDepartmentsRequest`. */
export type ListDepartmentsRequest = z.output<typeof listDepartmentsRequestSchema>;

/** `ListDepartmentsResponse`. */
export const listDepartmentsResponseSchema = z.looseObject({
  paginationParams: offsetPaginationResponseSchema,
  departments: z.array(z.looseObject({ id: z.string(), name: z.string().optional() })).default([]),
});

/** Inferred `ListDepartmentsResponse`. */
export type ListDepartmentsResponse = z.output<typeof listDepartmentsResponseSchema>;
