/** The CostCenter resource: a cost center of a company. */
import { apiPath } from "../client";
import type { ArgsOf } from "../provider/kit";
import { createCostCenterRequestSchema } from "../schemas/cost-center";
import { defineCompanyChild } from "./company-child";

/** The CostCenter definition. */
export const costCenterResource = defineCompanyChild({
  type: "CostCenter",
  parents: ["companyId"],
  notFoundCode: "COST_CENTER_NOT_FOUND",
  collectionPath: ({ companyId }) => apiPath`/v2/companies/${companyId}/cost-centers`,
  idOutput: "costCenterId",
  section: "costCenters",
  idShape: "wrapped",
  createOnly: ["numberOfEmployees"],
  fields: createCostCenterRequestSchema.shape,
});

/** Arguments of a CostCenter. */
export type CostCenterArgs = {
  [K in keyof ArgsOf<typeof costCenterResource.inputs>]: ArgsOf<typeof costCenterResource.inputs>[K];
};

/** The outputs of a CostCenter beside its inputs, as a program reads them. */
export interface CostCenterOutputs {
  /** The platform's id of the cost center. */
  costCenterId: string;
  /** Cost center name. */
  name: string;
}
