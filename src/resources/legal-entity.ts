/** The LegalEntity resource: a legal entity of a company (invoicing, tax and billing identity). */
import type * as pulumi from "@pulumi/pulumi";
import { apiPath } from "../client";
import type { ArgsOf } from "../provider/hosts/dynamic/resource-args";
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

/** Arguments of {@link LegalEntity}. Field names follow the platform's Company API. */
export type LegalEntityArgs = ArgsOf<typeof legalEntityResource.inputs>;

/** A legal entity of a company. */
export class LegalEntity extends legalEntityResource.Resource {
  /** The platform's id of the legal entity. */
  declare readonly legalEntityId: pulumi.Output<string>;
  /** The company it belongs to. */
  declare readonly companyId: pulumi.Output<string>;
  /** Name of the legal entity. */
  declare readonly name: pulumi.Output<string>;
}
