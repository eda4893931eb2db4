/** The Grade resource: an employee grade of a company. */
import type * as pulumi from "@pulumi/pulumi";
import { apiPath } from "../client";
import { createGradeRequestSchema } from "../schemas/grade";
import { defineCompanyChild } from "./company-child";

/** The Grade definition. */
export const gradeResource = defineCompanyChild({
  type: "Grade",
  parents: ["companyId"],
  collectionPath: ({ companyId }) => apiPath`/v2/companies/${companyId}/grades`,
  idOutput: "gradeId",
  idShape: "string",
  fields: createGradeRequestSchema.shape,
});

/** Arguments of {@link Grade}. */
export interface GradeArgs {
  /** The company; changing it replaces the grade. */
  companyId: pulumi.Input<string>;
  /** Grade name. */
  name: pulumi.Input<string>;
  /** Id of an existing grade of the company to take over instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

/** An employee grade of a company. */
export class Grade extends gradeResource.Resource {
  /** The platform's id of the grade. */
  declare readonly gradeId: pulumi.Output<string>;
  /** Grade name. */
  declare readonly name: pulumi.Output<string>;

  constructor(name: string, args: GradeArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
  }
}
