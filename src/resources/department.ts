/** The Department resource: a department of a company. */
import { apiPath } from "../client";
import type { ArgsOf } from "../provider/kit";
import { createDepartmentRequestSchema } from "../schemas/department";
import { defineCompanyChild } from "./company-child";

/** The Department definition. */
export const departmentResource = defineCompanyChild({
  type: "Department",
  parents: ["companyId"],
  notFoundCode: "DEPARTMENT_NOT_FOUND",
  collectionPath: ({ companyId }) => apiPath`/v2/companies/${companyId}/departments`,
  idOutput: "departmentId",
  section: "departments",
  idShape: "string",
  fields: createDepartmentRequestSchema.shape,
});

/** Arguments of a Department. */
export type DepartmentArgs = {
  [K in keyof ArgsOf<typeof departmentResource.inputs>]: ArgsOf<typeof departmentResource.inputs>[K];
};

/** The outputs of a Department beside its inputs, as a program reads them. */
export interface DepartmentOutputs {
  /** The platform's id of the department. */
  departmentId: string;
  /** Department name. */
  name: string;
}
