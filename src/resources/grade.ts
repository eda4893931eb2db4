/** The Grade resource: an employee grade of a company. */
import type * as pulumi from "@pulumi/pulumi";
import { apiPath } from "../client";
import type { ArgsOf } from "../provider/hosts/dynamic/resource-args";
import { createGradeRequestSchema } from "../schemas/grade";
import { defineCompanyChild } from "./company-child";

/** The Grade definition. */
export const gradeResource = defineCompanyChild({
  type: "Grade",
  parents: ["companyId"],
  notFoundCode: "GRADE_NOT_FOUND",
  collectionPath: ({ companyId }) => apiPath`/v2/companies/${companyId}/grades`,
  idOutput: "gradeId",
  idShape: "none",
  section: "grades",
  listing: {
    method: "POST",
    path: ({ companyId }) => apiPath`/v2/companies/${companyId}/grades/list`,
    key: "grades",
  },
  fields: createGradeRequestSchema.shape,
});

/** Arguments of {@link Grade}. */
export type GradeArgs = ArgsOf<typeof gradeResource.inputs>;

/** An employee grade of a company. */
export class Grade extends gradeResource.Resource {
  /** The platform's id of the grade. */
  declare readonly gradeId: pulumi.Output<string>;
  /** Grade name. */
  declare readonly name: pulumi.Output<string>;
}
