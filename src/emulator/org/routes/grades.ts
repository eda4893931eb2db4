/**
 * Grades: `POST /v2/companies/{companyId}/grades` (200, as the vendor describes),
 * `POST /v2/companies/{companyId}/grades/list` and `GET/PUT/DELETE .../grades/{gradeId}` (PUT and
 * DELETE answer 200 without a body).
 */
import {
  createGradeRequestSchema,
  listGradesRequestSchema,
  updateGradeRequestSchema,
} from "../../../schemas/grade";
import type { EmulatorContext } from "../../context";
import { ORG_COLLECTIONS } from "../records";
import { directoryRoutes, plainIdObjects } from "./company-directory";

/** Registers the grade routes and the company deletion guard for grades. */
export function gradeRoutes(ctx: EmulatorContext) {
  return directoryRoutes(ctx, {
    collection: ORG_COLLECTIONS.grades,
    segment: "grades",
    idParam: "gradeId",
    singular: "grade",
    plural: "grades",
    ...plainIdObjects(createGradeRequestSchema, updateGradeRequestSchema),
    v3List: {
      schema: listGradesRequestSchema,
      key: "grades",
      version: "v2",
      filterIds: (filter) => filter.gradeIds,
    },
    legacyList: false,
    createStatus: 200,
    emptyStatus: 200,
    uniqueExternalIds: false,
    detachUsers: false,
  });
}
