/** The Office resource: an office of a legal entity. */
import type * as pulumi from "@pulumi/pulumi";
import { apiPath } from "../client";
import { officeWritableFields } from "../schemas/office";
import { defineCompanyChild } from "./company-child";

/** The Office definition. Moving an office to another legal entity replaces it. */
export const officeResource = defineCompanyChild({
  type: "Office",
  parents: ["companyId", "legalEntityId"],
  collectionPath: ({ companyId, legalEntityId }) =>
    apiPath`/v2/companies/${companyId}/legal-entities/${legalEntityId}/offices`,
  idOutput: "officeId",
  idShape: "string",
  fields: officeWritableFields,
});

/** Arguments of {@link Office}. */
export interface OfficeArgs {
  /** The company; changing it replaces the office. */
  companyId: pulumi.Input<string>;
  /** The legal entity the office belongs to; changing it replaces the office. */
  legalEntityId: pulumi.Input<string>;
  /** Office name. */
  name?: pulumi.Input<string>;
  /** Postal address; `addressLines` and `regionCode` are required when given. */
  address?: pulumi.Input<{ addressLines: string[]; regionCode: string; [field: string]: unknown }>;
  /** Coordinates of the office. */
  latlng?: pulumi.Input<{ latitude: number; longitude: number }>;
  /** Your own identifier of the office. */
  externalId?: pulumi.Input<string>;
  /** Tax id of the office. */
  taxId?: pulumi.Input<string>;
  /** Id of an existing office of that legal entity to take over instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

/** An office of a legal entity. */
export class Office extends officeResource.Resource {
  /** The platform's id of the office. */
  declare readonly officeId: pulumi.Output<string>;
  /** The legal entity it belongs to. */
  declare readonly legalEntityId: pulumi.Output<string>;
  /** Office name. */
  declare readonly name: pulumi.Output<string | undefined>;

  constructor(name: string, args: OfficeArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
  }
}
