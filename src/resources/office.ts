/** The Office resource: an office of a legal entity. */
import type * as pulumi from "@pulumi/pulumi";
import { apiPath } from "../client";
import type { ArgsOf } from "../provider/hosts/dynamic/resource-args";
import { officeWritableFields } from "../schemas/office";
import { defineCompanyChild } from "./company-child";
import { legalEntityResource } from "./legal-entity";

/** The Office definition. Moving an office to another legal entity replaces it. */
export const officeResource = defineCompanyChild({
  type: "Office",
  parents: ["companyId", "legalEntityId"],
  notFoundCode: "OFFICE_NOT_FOUND",
  within: legalEntityResource,
  collectionPath: ({ companyId, legalEntityId }) =>
    apiPath`/v2/companies/${companyId}/legal-entities/${legalEntityId}/offices`,
  idOutput: "officeId",
  section: "offices",
  idShape: "string",
  fields: officeWritableFields,
});

/** Arguments of {@link Office}. */
export type OfficeArgs = ArgsOf<typeof officeResource.inputs>;

/** An office of a legal entity. */
export class Office extends officeResource.Resource {
  /** The platform's id of the office. */
  declare readonly officeId: pulumi.Output<string>;
  /** The legal entity it belongs to. */
  declare readonly legalEntityId: pulumi.Output<string>;
  /** Office name. */
  declare readonly name: pulumi.Output<string | undefined>;
}
