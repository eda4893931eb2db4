/**
 * The CompanyFeatures resource: the company features this program manages, set with the
 * platform's partial PATCH. Features the program does not name are left alone.
 */
import { z } from "zod";
import { apiPath, type TravelClient } from "../client";
import { type ArgsOf, companySettingForm, type TenantFacts, type ValuePath } from "../provider/kit";
import { featureConfigsSchema, featureNameSchema, featureValueOf } from "../schemas/features";
import { readUnlessGone } from "./gone";
import { defineCompanySetting, SINGLETON_REPLACEMENT } from "./company-setting";
import { platformIdSchema } from "../schemas/common";

const featureValueSchema = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((value) => String(value))
  .or(z.record(z.string(), z.unknown()).transform((value) => JSON.stringify(value)));

/** Inputs of {@link CompanyFeatures}. */
export const companyFeaturesInputsSchema = z.strictObject({
  /** The company; changing it replaces the resource. */
  companyId: platformIdSchema("an id"),
  /**
   * Features to set, by the platform's feature name (such as `FEATURE_PERSONAL_TRAVEL`). Values are
   * sent as strings: booleans and numbers are converted, objects are JSON-encoded. Features not
   * named here are not touched; removing one from this map deletes it on the platform.
   */
  features: z
    .partialRecord(featureNameSchema, featureValueSchema)
    .refine((features) => Object.keys(features).length > 0, {
      message: "must name at least one feature",
      // Judge emptiness only when every name was valid: an unknown name is its own error.
      when: (payload) => payload.issues.length === 0,
    }),
});

type FeaturesInputs = z.output<typeof companyFeaturesInputsSchema>;
type FeaturesState = { companyId: string };

const featuresPath = (companyId: string) => apiPath`/v2/companies/${companyId}/features`;

/** The `UpdateFeaturesRequest` that sets `set` and deletes `remove`; undefined when it changes nothing. */
function featuresBody(set: Record<string, string>, remove: string[]): Record<string, unknown> | undefined {
  const body: Record<string, unknown> = {};
  const toUpdate = Object.entries(set).map(([name, value]) => ({ name, value }));
  if (toUpdate.length > 0) body.featuresToUpdate = toUpdate;
  if (remove.length > 0) body.featuresToDelete = remove;
  return toUpdate.length > 0 || remove.length > 0 ? body : undefined;
}

async function patchFeatures(
  client: TravelClient,
  companyId: string,
  set: Record<string, string>,
  remove: string[],
): Promise<void> {
  const body = featuresBody(set, remove);
  if (body) await client.patch(featuresPath(companyId), { body });
}

/** The input a value of the create body comes from: `featuresToUpdate[i]` is `features.<name>`. */
function featureInputPath(features: Record<string, string>, at: ValuePath): ValuePath {
  const [list, index] = at;
  const name = typeof index === "number" ? Object.keys(features)[index] : undefined;
  return list === "featuresToUpdate" && name !== undefined ? ["features", name] : ["features"];
}

/** A 404 with this code means the company, and so this object, is gone. */
const NOT_FOUND_CODES = ["COMPANY_NOT_FOUND"];

/** The manifest's `features`; export reads the company's features as one object. */
const featuresTenant: TenantFacts = {
  manifest: { section: "features" },
  inventory: {
    async list({ client }, { companyId }) {
      const { features } = await client.get(featuresPath(companyId), { schema: featureConfigsSchema });
      return [{ id: companyId, features }];
    },
    reconcile: { omitted: "the company's feature settings exist with the company: nobody deletes them" },
  },
};

/** The CompanyFeatures definition. Its id is the company id: one per company. */

export const companyFeaturesResource = defineCompanySetting<
  FeaturesInputs,
  FeaturesState,
  typeof companyFeaturesInputsSchema
>({
  type: "CompanyFeatures",
  inputs: companyFeaturesInputsSchema,
  outputs: [],
  notFoundCodes: NOT_FOUND_CODES,
  // A singleton PATCH of the declared features: repeating the create is harmless.
  recovery: { strategy: "idempotent" },
  async create({ client }, inputs, created) {
    await patchFeatures(client, inputs.companyId, inputs.features, []);
    created(inputs.companyId);
    return { id: inputs.companyId, state: { companyId: inputs.companyId } };
  },
  async read({ client, importing }, id, declared) {
    const response = await readUnlessGone(NOT_FOUND_CODES, () =>
      client.get(featuresPath(id), { schema: featureConfigsSchema }),
    );
    if (!response) return undefined;
    const values = new Map(response.features.map((feature) => [feature.name, featureValueOf(feature)]));
    // An import takes every feature with a value whose name a program can declare.
    const names = importing
      ? [...values.keys()].filter((name) => featureNameSchema.safeParse(name).success)
      : Object.keys(declared.features ?? {});
    const observed: Record<string, string> = {};
    for (const name of names) {
      const value = values.get(name);
      if (value !== undefined) observed[name] = value;
    }
    return { observed: { companyId: id, features: observed }, state: { companyId: id } };
  },
  async update({ client }, id, news, olds) {
    const changed = Object.fromEntries(
      Object.entries(news.features).filter(
        ([name, value]) => (olds.features as Record<string, string> | undefined)?.[name] !== value,
      ),
    );
    const removed = Object.keys(olds.features ?? {}).filter((name) => !(name in news.features));
    await patchFeatures(client, id, changed, removed);
    return { companyId: id };
  },
  async delete({ client }, id, declared) {
    await patchFeatures(client, id, {}, Object.keys(declared.features ?? {}));
  },
  capabilities: {
    replacement: SINGLETON_REPLACEMENT,
    preview: {
      vendorRequests: (inputs) => [
        {
          method: "PATCH",
          path: featuresPath(inputs.companyId),
          body: featuresBody(inputs.features, []),
          inputPathOf: (at) => featureInputPath(inputs.features, at),
        },
      ],
    },
    adoption: {
      // One per company: imported by its company.
      importId: {
        ...companySettingForm(),
        note: "The imported `features` are every feature the company has a value for.",
      },
    },
    tenant: featuresTenant,
  },
});

/** Arguments of a CompanyFeatures. */
export type CompanyFeaturesArgs = {
  [K in keyof ArgsOf<typeof companyFeaturesInputsSchema>]: ArgsOf<typeof companyFeaturesInputsSchema>[K];
};

/** The outputs of a CompanyFeatures beside its inputs, as a program reads them. */
export interface CompanyFeaturesOutputs {
  /** The company the features belong to. */
  companyId: string;
  /** The managed features and their values, as strings. */
  features: Record<string, string>;
}
