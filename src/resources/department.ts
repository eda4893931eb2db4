/** The Department resource: a department of a company. */
import type * as pulumi from "@pulumi/pulumi";
import { apiPath } from "../client";
import { createDepartmentRequestSchema } from "../schemas/department";
import { defineCompanyChild } from "./company-child";

/** The Department definition. */
export const departmentResource = defineCompanyChild({
  type: "Department",
  parents: ["companyId"],
  collectionPath: ({ companyId }) => apiPath`/v2/companies/${companyId}/departments`,
  idOutput: "departmentId",
  idShape: "string",
  fields: createDepartmentRequestSchema.shape,
});

/** Arguments of {@link Department}. */
export interface DepartmentArgs {
  /** The company; changing it replaces the department. */
  companyId: pulumi.Input<string>;
  /** Department name. */
  name: pulumi.Input<string>;
  /** Your own identifier of the department. */
  externalId?: pulumi.Input<string>;
  /** Id of an existing department of the company to take over instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

/** A department of a company. */
export class Department extends departmentResource.Resource {
  /** The platform's id of the department. */
  declare readonly departmentId: pulumi.Output<string>;
  /** Department name. */
  declare readonly name: pulumi.Output<string>;

  constructor(name: string, args: DepartmentArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
  }
}
