/**
 * Departments: `POST /v2/companies/{companyId}/departments`, the deprecated
 * `GET /v2/companies/{companyId}/departments`, `GET/PUT/DELETE .../departments/{departmentId}`
 * and `POST /v3/companies/{companyId}/departments/list`. The id is a plain string.
 */
import {
  createDepartmentRequestSchema,
  departmentSchema,
  listDepartmentsRequestSchema,
} from "../../../schemas/department";
import type { EmulatorContext } from "../../context";
import { type DepartmentRecord, ORG_COLLECTIONS } from "../records";
import { parseRequest } from "../../core/validate";
import { directoryRoutes } from "./company-directory";

/** Registers the department routes and the company deletion guard for departments. */
export function departmentRoutes(ctx: EmulatorContext) {
  return directoryRoutes(ctx, {
    collection: ORG_COLLECTIONS.departments,
    segment: "departments",
    idParam: "departmentId",
    singular: "department",
    plural: "departments",
    create(body, id, companyId, nowMs): DepartmentRecord {
      return {
        companyId,
        createdAtMs: nowMs,
        entity: { ...parseRequest(createDepartmentRequestSchema, body), id },
      };
    },
    replacement: departmentSchema,
    idField: "id",
    idOf: (entity) => entity.id,
    withId: (entity, id) => ({ ...entity, id }),
    list: listDepartmentsRequestSchema,
    filterIds: (filter) => filter.departmentIds,
    externalIdsOf: (filter) => filter.externalIds,
    listKey: "departments",
  });
}
