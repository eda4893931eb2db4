/** The LegalEntity resource: a legal entity of a company (invoicing, tax and billing identity). */
import { apiPath } from "../client";
import type { ArgsOf } from "../provider/kit";
import { legalEntityWritableFields } from "../schemas/legal-entity";
import { defineCompanyChild } from "./company-child";

/** The LegalEntity definition. */
export const legalEntityResource = defineCompanyChild({
  type: "LegalEntity",
  parents: ["companyId"],
  notFoundCode: "LEGAL_ENTITY_NOT_FOUND",
  collectionPath: ({ companyId }) => apiPath`/v2/companies/${companyId}/legal-entities`,
  idOutput: "legalEntityId",
  section: "legalEntities",
  idShape: "string",
  fields: legalEntityWritableFields,
});

/** Arguments of a LegalEntity. Field names follow the platform's Company API. */
export type LegalEntityArgs = {
  [K in keyof ArgsOf<typeof legalEntityResource.inputs>]: ArgsOf<typeof legalEntityResource.inputs>[K];
};

/** The outputs of a LegalEntity beside its inputs, as a program reads them. */
export interface LegalEntityOutputs {
  /** The platform's id of the legal entity. */
  legalEntityId: string;
  /** The company it belongs to. */
  companyId: string;
  /** Name of the legal entity. */
  name: string;
}
