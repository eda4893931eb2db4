/** The Office resource: an office of a legal entity. */
import { apiPath } from "../client";
import type { ArgsOf } from "../provider/kit";
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

/** Arguments of an Office. */
export type OfficeArgs = {
  [K in keyof ArgsOf<typeof officeResource.inputs>]: ArgsOf<typeof officeResource.inputs>[K];
};

/** The outputs of an Office beside its inputs, as a program reads them. */
export interface OfficeOutputs {
  /** The platform's id of the office. */
  officeId: string;
  /** The legal entity it belongs to. */
  legalEntityId: string;
  /** Office name. */
  name: string | undefined;
}
