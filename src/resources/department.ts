/** The Department resource: a department of a company. */
import type * as pulumi from "@pulumi/pulumi";
import { apiPath } from "../client";
import type { ArgsOf } from "../provider/hosts/dynamic/resource-args";
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

/** Arguments of {@link Department}. */
export type DepartmentArgs = ArgsOf<typeof departmentResource.inputs>;

/** A department of a company. */
export class Department extends departmentResource.Resource {
  /** The platform's id of the department. */
  declare readonly departmentId: pulumi.Output<string>;
  /** Department name. */
  declare readonly name: pulumi.Output<string>;
}
