/**
 * The CompanyConfig resource: one of a company's configuration documents (travel content, white
 * label, managers, color, preference tiers, enrollment, tier, stealth), stored whole with PUT.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { apiPath, type QueryValue } from "../client";
import { defineResource } from "../provider/define-resource";
import {
  colorConfigSchema,
  companyManagersConfigSchema,
  enrollmentConfigSchema,
  stealthConfigSchema,
  tierConfigSchema,
  travelContentConfigSchema,
  whiteLabelConfigSchema,
} from "../schemas/company-configs";
import { storePreferenceTiersRequestSchema } from "../schemas/preference-tiers";
import { getOrUndefined } from "./shared";

/** Where each kind of config lives, whether the platform can delete it, and whether it needs `companyRole`. */
export const COMPANY_CONFIG_KINDS = {
  "travel-content": { segment: "travel-content-config", deletable: true, roleRequired: false },
  "white-label": { segment: "white-label-config", deletable: true, roleRequired: true },
  managers: { segment: "managers-config", deletable: true, roleRequired: true },
  color: { segment: "color-config", deletable: false, roleRequired: true },
  "preference-tiers": { segment: "preference-tiers", deletable: false, roleRequired: false },
  enrollment: { segment: "enrollment-config", deletable: false, roleRequired: false },
  tier: { segment: "tier-config", deletable: false, roleRequired: false },
  stealth: { segment: "stealth-config", deletable: false, roleRequired: false },
} as const;

/** A kind of company config. */
export type CompanyConfigKind = keyof typeof COMPANY_CONFIG_KINDS;

const kindSchema = z.enum(Object.keys(COMPANY_CONFIG_KINDS) as [CompanyConfigKind, ...CompanyConfigKind[]]);

/** The platform's document schema of each kind, checked at preview time. */
const DOCUMENT_SCHEMAS: Record<CompanyConfigKind, z.ZodType> = {
  "travel-content": travelContentConfigSchema,
  "white-label": whiteLabelConfigSchema,
  managers: companyManagersConfigSchema,
  color: colorConfigSchema,
  "preference-tiers": storePreferenceTiersRequestSchema,
  enrollment: enrollmentConfigSchema,
  tier: tierConfigSchema,
  stealth: stealthConfigSchema,
};

/** Inputs of {@link CompanyConfig}. */
export const companyConfigInputsSchema = z
  .strictObject({
    companyId: z.string().min(1, "must be an id"),
    kind: kindSchema,
    /** The company role the config is stored at; white-label, managers and color need one. */
    companyRole: z.enum(["ORG", "TMC", "PARTNER_TMC"]).optional(),
    config: z.record(z.string(), z.unknown()),
  })
  .superRefine((inputs, ctx) => {
    if (COMPANY_CONFIG_KINDS[inputs.kind].roleRequired && inputs.companyRole === undefined) {
      ctx.addIssue({ code: "custom", path: ["companyRole"], message: `is required for kind ${inputs.kind}` });
    }
    const result = DOCUMENT_SCHEMAS[inputs.kind].safeParse(inputs.config);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: "custom", path: ["config", ...issue.path], message: issue.message });
      }
    }
  });

type ConfigInputs = z.output<typeof companyConfigInputsSchema>;
type ConfigState = { configId: string };

function locate(inputs: Pick<ConfigInputs, "companyId" | "kind" | "companyRole">): {
  path: string;
  query: Record<string, QueryValue>;
} {
  const { segment } = COMPANY_CONFIG_KINDS[inputs.kind];
  return {
    path: `${apiPath`/v2/companies/${inputs.companyId}`}/${segment}`,
    query: inputs.companyRole === undefined ? {} : { companyRole: inputs.companyRole },
  };
}

const idOf = (inputs: ConfigInputs) => `${inputs.companyId}/${inputs.kind}`;

/** The CompanyConfig definition. Its id is `<companyId>/<kind>`. */
export const companyConfigResource = defineResource<ConfigInputs, ConfigState>({
  type: "CompanyConfig",
  inputs: companyConfigInputsSchema,
  replaceOn: ["companyId", "kind", "companyRole"],
  outputs: [],
  idOutput: "configId",
  async create({ client }, inputs, created) {
    const { path, query } = locate(inputs);
    await client.put(path, inputs.config, query);
    created(idOf(inputs));
    return { id: idOf(inputs), state: { configId: idOf(inputs) } };
  },
  async read({ client }, id, declared) {
    const { path, query } = locate(declared);
    const config = await getOrUndefined(() => client.get<Record<string, unknown>>(path, query));
    if (!config) return undefined;
    return { observed: { ...declared, config }, state: { configId: id } };
  },
  async update({ client }, id, news) {
    const { path, query } = locate(news);
    await client.put(path, news.config, query);
    return { configId: id };
  },
  async delete({ client }, _id, declared) {
    if (!COMPANY_CONFIG_KINDS[declared.kind].deletable) return;
    const { path, query } = locate(declared);
    await client.delete(path, query);
  },
});

/** Arguments of {@link CompanyConfig}. */
export interface CompanyConfigArgs {
  /** The company; changing it replaces the resource. */
  companyId: pulumi.Input<string>;
  /**
   * Which config: `travel-content`, `white-label`, `managers`, `color`, `preference-tiers`,
   * `enrollment`, `tier` or `stealth`. Changing it replaces the resource.
   */
  kind: pulumi.Input<CompanyConfigKind>;
  /**
   * The company role the config is stored at: one of the company's roles. Required for
   * `white-label`, `managers` and `color`; for the others the platform uses the company's first role.
   */
  companyRole?: pulumi.Input<"ORG" | "TMC" | "PARTNER_TMC">;
  /**
   * The whole config document in the platform's shape (for `color`, a `ColorConfig`; for
   * `enrollment`, an `EnrollmentConfig`; ...). It is stored whole: fields left out are cleared.
   * Kinds the platform cannot delete (`color`, `preference-tiers`, `enrollment`, `tier`,
   * `stealth`) stay on the platform when the resource is deleted.
   */
  config: pulumi.Input<Record<string, unknown>>;
}

/** One configuration document of a company. */
export class CompanyConfig extends companyConfigResource.Resource {
  /** `<companyId>/<kind>`. */
  declare readonly configId: pulumi.Output<string>;
  /** The stored config document. */
  declare readonly config: pulumi.Output<Record<string, unknown>>;

  constructor(name: string, args: CompanyConfigArgs, opts?: pulumi.CustomResourceOptions) {
    super(name, args, opts);
  }
}
