/**
 * Departments: `POST /v2/companies/{companyId}/departments`, the deprecated
 * `GET /v2/companies/{companyId}/departments`, `GET/PUT/DELETE .../departments/{departmentId}`
 * and `POST /v3/companies/{companyId}/departments/list`. The id is a plain string.
 */
import { createDepartmentRequestSchema, departmentSchema, departmentList } from "../../../schemas/department";
import type { EmulatorContext } from "../../context";
import { ORG_COLLECTIONS } from "../records";
import { directoryRoutes, plainIdObjects } from "./company-directory";

/** Registers the department routes and the company deletion guard for departments. */
export function departmentRoutes(ctx: EmulatorContext) {
  return directoryRoutes(ctx, {
    collection: ORG_COLLECTIONS.departments,
    segment: "departments",
    idParam: "departmentId",
    singular: "department",
    plural: "departments",
    ...plainIdObjects(createDepartmentRequestSchema, departmentSchema),
    v3List: {
      schema: departmentList.request,
      key: "departments",
      filterIds: (filter) => filter.departmentIds,
      externalIdsOf: (filter) => filter.externalIds,
    },
  });
}
