/** The Company resource: a company (role ORG by default) under the caller's TMC. */
import { z } from "zod";
import { apiPath, byId, itemsUnder, listAll, listedItemSchema } from "../client";
import {
  adoptIdField,
  type ArgsOf,
  defineResource,
  inputKeysOf,
  jsonEqual,
  type LookupCandidate,
  type TenantFacts,
  type Values,
} from "../provider/kit";
import { entityIdSchema } from "../schemas/common";
import { companyResponseSchema, companyRoleSchema, companyWritableFields } from "../schemas/company";
import { unordered } from "../schemas/unordered";
import { readUnlessGone } from "./gone";
import { observe } from "./observe";
import { replaceWhole, replacementBody } from "./replace-whole";
import { withoutAdopt } from "./without-adopt";

/** Inputs of {@link Company} as validated at preview time. */
export const companyInputsSchema = z.strictObject({
  ...companyWritableFields,
  /** Company roles; defaults to `["ORG"]`. */
  companyRoles: unordered(z.array(companyRoleSchema).min(1, "needs at least one role")).default(["ORG"]),
  /**
   * Delete, with the company, the objects under it that no resource declares and that would keep
   * the platform from deleting it (cost centers, departments, grades, legal entities, offices).
   * Without it a destroy that meets one fails before the company's delete, naming each with the
   * commands that adopt or delete it. Never sent to the platform; changing it updates the state
   * only (set it, run `pulumi up`, then destroy).
   */
  forceDestroy: z.boolean().optional(),
  ...adoptIdField,
});

type CompanyInputs = z.output<typeof companyInputsSchema>;
type CompanyState = { companyId: string };

const companyPath = (id: string) => apiPath`/v2/companies/${id}`;

/** A 404 with this code means the company, and so this object, is gone. */
const NOT_FOUND_CODES = ["COMPANY_NOT_FOUND"];

/**
 * A read company in the shape of the inputs: the vendor's `Company` carries `supportConfigs` as a
 * `SupportConfigs` object (`{ length, elements }`), where the inputs (`CreateCompanyRequest`) take
 * the plain array.
 */
export function companyAsInputs(company: Values): Values {
  const configs = company.supportConfigs;
  if (configs === null || typeof configs !== "object" || Array.isArray(configs)) return company;
  return { ...company, supportConfigs: (configs as { elements?: unknown }).elements ?? [] };
}

/** A PUT body in the vendor's `Company` shape: `supportConfigs` as a `SupportConfigs` object. */
function asCompany(body: Values): Values {
  const configs = body.supportConfigs;
  if (!Array.isArray(configs)) return body;
  return { ...body, supportConfigs: { length: configs.length, elements: configs } };
}

/** The inputs the provider keeps to itself: never sent to the platform. */
const PROVIDER_ONLY = ["forceDestroy"];

/** The inputs sent to the platform: all but `adoptId` and {@link PROVIDER_ONLY}. */
function platformInputs(inputs: CompanyInputs): Values {
  const { forceDestroy: _force, ...rest } = withoutAdopt(inputs);
  return rest;
}

/** The create request (`CreateCompanyRequest`): the inputs as they are, without `adoptId`. */
const createRequest = (inputs: CompanyInputs) =>
  ({ method: "POST", path: "/v2/companies", body: platformInputs(inputs) }) as const;
/** The company is the manifest's `company`; export and reconcile read it first, as their root. */
const companyTenant: TenantFacts = {
  manifest: { section: "company" },
  inventory: {
    list: async ({ company }) => [company],
    reconcile: { deletePath: (_parents, object) => companyPath(object.id) },
  },
};

/** The Company definition. */
export const companyResource = defineResource<CompanyInputs, CompanyState, typeof companyInputsSchema>({
  type: "Company",
  inputs: companyInputsSchema,
  outputs: [],
  notFoundCodes: NOT_FOUND_CODES,
  async create({ client }, inputs, created) {
    const { path, body } = createRequest(inputs);
    const { id } = await client.post(path, { body, schema: entityIdSchema });
    created(id);
    return { id, state: { companyId: id } };
  },
  async read({ client, importing }, id, declared) {
    const company = await readUnlessGone(NOT_FOUND_CODES, () =>
      client.get(companyPath(id), { schema: companyResponseSchema }),
    );
    if (!company) return undefined;
    const keys = Object.keys(importing ? companyInputsSchema.shape : declared).filter(
      (key) => !PROVIDER_ONLY.includes(key),
    );
    const observed = observe(companyAsInputs(company), declared, keys, importing);
    // The platform does not hold `forceDestroy`: a read keeps the recorded one.
    const kept = declared.forceDestroy === undefined ? {} : { forceDestroy: declared.forceDestroy };
    return { observed: { ...observed, ...kept }, state: { companyId: id } };
  },
  async update({ client }, id, news, olds) {
    const keys = inputKeysOf(companyResource).filter((key) => !PROVIDER_ONLY.includes(key));
    // A change of `forceDestroy` alone is recorded in the state only.
    if (keys.every((key) => jsonEqual((news as Values)[key], (olds as Values)[key])))
      return { companyId: id };
    await replaceWhole(client, companyPath(id), companyResponseSchema, (current) => ({
      ...asCompany(replacementBody(companyAsInputs(current), news, olds, keys)),
      id: { id },
    }));
    return { companyId: id };
  },
  async delete({ client }, id) {
    await client.delete(companyPath(id));
  },
  recovery: {
    strategy: "natural-key",
    lookup: {
      keyOf(inputs) {
        if (inputs.externalId !== undefined && inputs.externalId !== "")
          return { by: "externalId", value: inputs.externalId };
        return { by: "name", value: inputs.name };
      },
      async find({ client }, _inputs, key) {
        // `GET /v2/companies` pages by offset and limit, unlike the company's own collections.
        const listed = await listAll(client, {
          path: "/v2/companies",
          shape: "offsetQuery",
          ...itemsUnder("elements", listedItemSchema),
          query: key.by === "externalId" ? { externalId: key.value } : {},
          uniqueBy: byId,
        });
        const references = listed.map(({ id, name }): LookupCandidate => ({ id, name }));
        if (key.by === "name") return references.filter((reference) => reference.name === key.value);
        // The listing filtered by externalId; each match is confirmed on the company itself.
        const confirmed: LookupCandidate[] = [];
        for (const reference of references) {
          const company = await readUnlessGone(NOT_FOUND_CODES, () =>
            client.get(companyPath(reference.id), { schema: companyResponseSchema }),
          );
          if (company?.externalId === key.value) confirmed.push(reference);
        }
        return confirmed;
      },
    },
  },
  capabilities: {
    replacement: {
      replaceOn: [],
    },
    uniqueness: {
      uniqueExternalIdWithin: [],
    },
    outputRules: {
      idOutput: "companyId",
    },
    preview: {
      // Adoption replaces the company whole: `PUT /v2/companies/{adoptId}`.
      vendorRequests: (inputs) => [
        createRequest(inputs),
        ...(typeof inputs.adoptId === "string"
          ? [
              {
                method: "PUT" as const,
                path: companyPath(inputs.adoptId),
                body: undefined,
                idInput: "adoptId",
              },
            ]
          : []),
      ],
    },
    tenant: companyTenant,
  },
});

/** Arguments of a Company. Field names follow the platform's Company API. */
export type CompanyArgs = {
  [K in keyof ArgsOf<typeof companyInputsSchema>]: ArgsOf<typeof companyInputsSchema>[K];
};

/** The outputs of a Company beside its inputs, as a program reads them. */
export interface CompanyOutputs {
  /** The platform's id of the company. */
  companyId: string;
  /** Company name. */
  name: string;
  /** Billing currency. */
  billingCurrency: string;
  /** Company roles. */
  companyRoles: string[];
  /** Your own identifier of the company. */
  externalId: string | undefined;
  /** Whether the company's delete also deletes the undeclared objects that would block it. */
  forceDestroy: boolean | undefined;
}
