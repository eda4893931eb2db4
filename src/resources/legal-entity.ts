/** The LegalEntity resource: a legal entity of a company (invoicing, tax and billing identity). */
import type * as pulumi from "@pulumi/pulumi";
import { apiPath } from "../client";
import { legalEntityWritableFields } from "../schemas/legal-entity";
import { defineCompanyChild } from "./company-child";

/** The LegalEntity definition. */
export const legalEntityResource = defineCompanyChild({
  type: "LegalEntity",
  parents: ["companyId"],
  collectionPath: ({ companyId }) => apiPath`/v2/companies/${companyId}/legal-entities`,
  idOutput: "legalEntityId",
  idShape: "string",
  fields: legalEntityWritableFields,
});

/** Arguments of {@link LegalEntity}. Field names follow the platform's Company API. */
export interface LegalEntityArgs {
  /** The company the legal entity belongs to; changing it replaces the legal entity. */
  companyId: pulumi.Input<string>;
  /** Name of the legal entity. */
  name: pulumi.Input<string>;
  /** Billing currency, a 3-letter ISO 4217 code. */
  billingCurrency: pulumi.Input<string>;
  /** Address; `addressLines` and `regionCode` are required. */
  address: pulumi.Input<{ addressLines: string[]; regionCode: string; [field: string]: unknown }>;
  /** Official name as registered with the local tax authority. */
  registeredName?: pulumi.Input<string>;
  /** Primary e-mail of the registered name. */
  registeredEmail?: pulumi.Input<string>;
  /** Doing-business-as name. */
  dba?: pulumi.Input<string>;
  /** Tax number. */
  ein?: pulumi.Input<string>;
  /** Phone numbers (the platform's PhoneNumber objects). */
  phoneNumbers?: pulumi.Input<pulumi.Input<Record<string, unknown>>[]>;
  /** Whether invoices are delayed. */
  isDelayedInvoicingEnabled?: pulumi.Input<boolean>;
  /** Addresses copied on this legal entity's confirmation e-mails. */
  ccEmailAddresses?: pulumi.Input<pulumi.Input<string>[]>;
  /** Addresses blind-copied on this legal entity's confirmation e-mails. */
  bccEmailAddresses?: pulumi.Input<pulumi.Input<string>[]>;
  /** Your own identifier of the legal entity, unique within the company. */
  externalId?: pulumi.Input<string>;
  /** Company-specified attributes: `fieldName` and `value` pairs. */
  companySpecifiedAttributes?: pulumi.Input<pulumi.Input<{ fieldName: string; value: string }>[]>;
  /** Id of an existing legal entity of the company to take over instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

/** A legal entity of a company. */
export class LegalEntity extends legalEntityResource.Resource {
  /** The platform's id of the legal entity. */
  declare readonly legalEntityId: pulumi.Output<string>;
  /** The company it belongs to. */
  declare readonly companyId: pulumi.Output<string>;
  /** Name of the legal entity. */
  declare readonly name: pulumi.Output<string>;

  constructor(name: string, args: LegalEntityArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
  }
}
