/** The CostCenter resource: a cost center of a company. */
import type * as pulumi from "@pulumi/pulumi";
import { apiPath } from "../client";
import { createCostCenterRequestSchema } from "../schemas/cost-center";
import { defineCompanyChild } from "./company-child";

/** The CostCenter definition. */
export const costCenterResource = defineCompanyChild({
  type: "CostCenter",
  parents: ["companyId"],
  collectionPath: ({ companyId }) => apiPath`/v2/companies/${companyId}/cost-centers`,
  idOutput: "costCenterId",
  idShape: "wrapped",
  writeOnly: ["numberOfEmployees"],
  fields: createCostCenterRequestSchema.shape,
});

/** Arguments of {@link CostCenter}. */
export interface CostCenterArgs {
  /** The company; changing it replaces the cost center. */
  companyId: pulumi.Input<string>;
  /** Cost center name. */
  name: pulumi.Input<string>;
  /** Your own identifier of the cost center. */
  externalId?: pulumi.Input<string>;
  /** Head count, set at creation (the platform does not return it). */
  numberOfEmployees?: pulumi.Input<number>;
  /** Id of an existing cost center of the company to take over instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

/** A cost center of a company. */
export class CostCenter extends costCenterResource.Resource {
  /** The platform's id of the cost center. */
  declare readonly costCenterId: pulumi.Output<string>;
  /** Cost center name. */
  declare readonly name: pulumi.Output<string>;

  constructor(name: string, args: CostCenterArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
  }
}
