/** The Company resource: a company (role ORG by default) under the caller's TMC. */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { apiPath } from "../client";
import { defineResource } from "../provider/define-resource";
import { inputKeysOf } from "../provider/definition";
import { entityIdSchema } from "../schemas/common";
import { companyRoleSchema, companySchema, companyWritableFields } from "../schemas/company";
import { getOrUndefined, observe, replacementBody, withoutAdopt } from "./shared";

const { contractedBy: _contractedBy, bookingTmcId: _bookingTmcId, ...writable } = companyWritableFields;

/** Inputs of {@link Company} as validated at preview time. */
export const companyInputsSchema = z.strictObject({
  ...writable,
  companyRoles: z.array(companyRoleSchema).min(1, "needs at least one role").default(["ORG"]),
  adoptId: z.string().min(1).optional(),
});

type CompanyInputs = z.output<typeof companyInputsSchema>;
type CompanyState = { companyId: string };

const companyPath = (id: string) => apiPath`/v2/companies/${id}`;

/** The Company definition. */
export const companyResource = defineResource<CompanyInputs, CompanyState>({
  type: "Company",
  inputs: companyInputsSchema,
  replaceOn: [],
  outputs: [],
  idOutput: "companyId",
  async create({ client }, inputs, created) {
    const { id } = await client.post("/v2/companies", withoutAdopt(inputs), {}, entityIdSchema);
    created(id);
    return { id, state: { companyId: id } };
  },
  async read({ client }, id, declared) {
    const company = await getOrUndefined(() => client.get(companyPath(id), undefined, companySchema));
    if (!company) return undefined;
    return { observed: observe(company, declared), state: { companyId: id } };
  },
  async update({ client }, id, news, olds) {
    const current = await client.get(companyPath(id), undefined, companySchema);
    const body = replacementBody(current, news, olds, inputKeysOf(companyResource));
    await client.put(companyPath(id), { ...body, id: { id } });
    return { companyId: id };
  },
  async delete({ client }, id) {
    await client.delete(companyPath(id));
  },
});

/** Arguments of {@link Company}. Field names follow the platform's Company API. */
export interface CompanyArgs {
  /** Company name. */
  name: pulumi.Input<string>;
  /** Billing currency, a 3-letter ISO 4217 code such as `USD`. */
  billingCurrency: pulumi.Input<string>;
  /** Company roles; defaults to `["ORG"]`. */
  companyRoles?: pulumi.Input<
    pulumi.Input<"ORG" | "TMC" | "PARTNER_TMC" | "HR_FEED_CONNECTOR" | "TRIPS_DATA_CONNECTOR" | "GLOBAL">[]
  >;
  /** E-mail domains of the company, such as `example.com`. */
  emailDomains?: pulumi.Input<pulumi.Input<string>[]>;
  /** Company phone numbers (the platform's PhoneNumber objects). */
  phoneNumbers?: pulumi.Input<pulumi.Input<Record<string, unknown>>[]>;
  /** Whether travelers may sign themselves up. */
  isSelfSignUpEnabled?: pulumi.Input<boolean>;
  /** Announcements shown to travelers: `title`, `description`, optional `linkUrl` and `linkDisplayText`. */
  announcements?: pulumi.Input<
    pulumi.Input<{ title: string; description: string; linkUrl?: string; linkDisplayText?: string }>[]
  >;
  /** Addresses copied on every confirmation e-mail. */
  ccEmailAddresses?: pulumi.Input<pulumi.Input<string>[]>;
  /** Addresses blind-copied on every confirmation e-mail. */
  bccEmailAddresses?: pulumi.Input<pulumi.Input<string>[]>;
  /** Postal address; `addressLines` and `regionCode` are required. */
  postalAddress?: pulumi.Input<{ addressLines: string[]; regionCode: string; [field: string]: unknown }>;
  /** Redirect URL (companies with a partner role). */
  redirectUrl?: pulumi.Input<string>;
  /** Redirect URL for mobile (companies with a partner role). */
  mobileRedirectUrl?: pulumi.Input<string>;
  /** Your own identifier of the company, unique within the TMC. */
  externalId?: pulumi.Input<string>;
  /** 2-letter country codes where business travelers may not earn loyalty. */
  loyaltyBlockedCountries?: pulumi.Input<pulumi.Input<string>[]>;
  /** Whether users get their auth config from their e-mail domain. */
  allowDomainBasedAuthConfig?: pulumi.Input<boolean>;
  /**
   * Id of an existing company to take over instead of creating one. The company is then converged
   * to these arguments (the `import` option does not work for dynamic resources).
   */
  adoptId?: pulumi.Input<string>;
}

/** A company on the travel platform. */
export class Company extends companyResource.Resource {
  /** The platform's id of the company. */
  declare readonly companyId: pulumi.Output<string>;
  /** Company name. */
  declare readonly name: pulumi.Output<string>;
  /** Billing currency. */
  declare readonly billingCurrency: pulumi.Output<string>;
  /** Company roles. */
  declare readonly companyRoles: pulumi.Output<string[]>;
  /** Your own identifier of the company. */
  declare readonly externalId: pulumi.Output<string | undefined>;

  constructor(name: string, args: CompanyArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
  }
}
