/** The Grade resource: an employee grade of a company. */
import { apiPath } from "../client";
import type { ArgsOf } from "../provider/kit";
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

/** Arguments of a Grade. */
export type GradeArgs = {
  [K in keyof ArgsOf<typeof gradeResource.inputs>]: ArgsOf<typeof gradeResource.inputs>[K];
};

/** The outputs of a Grade beside its inputs, as a program reads them. */
export interface GradeOutputs {
  /** The platform's id of the grade. */
  gradeId: string;
  /** Grade name. */
  name: string;
}
