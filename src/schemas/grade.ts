/**
 * The grade of the vendor Company API: `CreateGradeRequest`, `UpdateGradeRequest`, `GradeV2`
 * (plain-string id) and the list (`ListGradesRequest`/`Response`).
 */
import { z } from "zod";
import {
  displayNameSchema,
  offsetPaginationRequestSchema,
  offsetPaginationResponseSchema,
} from "./pagination";

/** `CreateGradeRequest`. */
export const createGradeRequestSchema = z.looseObject({
  /** Grade name. */
  name: displayNameSchema,
});

/** Inferred `CreateGradeRequest`. */
export type CreateGradeRequest = z.output<typeof createGradeRequestSchema>;

/**
 * `UpdateGradeRequest`: only `name`. An `id` (as a read `GradeV2` carries) may be sent and must
 * then match the path; the vendor's request schema does not declare it, so the provider never
 * sends it.
 */
export const updateGradeRequestSchema = z.looseObject({
  name: displayNameSchema,
  id: z.string().min(1).optional(),
});

/** Inferred `UpdateGradeRequest`. */
export type UpdateGradeRequest = z.output<typeof updateGradeRequestSchema>;

/** `GradeV2`, as read. */
export const gradeSchema = z.looseObject({ id: z.string().min(1), name: displayNameSchema });

/** Inferred `GradeV2`. */
export type Grade = z.output<typeof gradeSchema>;

/** `ListGradesRequest`. */
export const listGradesRequestSchema = z.looseObject({
  searchText: z.string().optional(),
  paginationParams: offsetPaginationRequestSchema,
  filters: z.array(z.looseObject({ gradeIds: z.array(z.string()).optional() })).optional(),
});

/** Inferred `ListGradesRequest`. */
export type ListGradesRequest = z.output<typeof listGradesRequestSchema>;

/** `ListGradesResponse`. */
export const listGradesResponseSchema = z.looseObject({
  paginationParams: offsetPaginationResponseSchema,
  grades: z.array(z.looseObject({ id: z.string(), name: z.string().optional() })).default([]),
});

/** Inferred `ListGradesResponse`. */
export type ListGradesResponse = z.output<typeof listGradesResponseSchema>;
