/** The CostCenter resource: a cost center of a company. */
import type * as pulumi from "@pulumi/pulumi";
import { apiPath } from "../client";
import type { ArgsOf } from "../provider/hosts/dynamic/resource-args";
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

/** Arguments of {@link CostCenter}. */
export type CostCenterArgs = ArgsOf<typeof costCenterResource.inputs>;

/** A cost center of a company. */
export class CostCenter extends costCenterResource.Resource {
  /** The platform's id of the cost center. */
  declare readonly costCenterId: pulumi.Output<string>;
  /** Cost center name. */
  declare readonly name: pulumi.Output<string>;
}
