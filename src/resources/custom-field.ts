/**
 * The CustomField resource: a question travelers answer at checkout. Its fields are set with the
 * platform's full-replacement PUT and `enabled` with `update-status`. A duplicate name fails at
 * preview; changing `companyRole` (the level it is defined at) replaces it, deleting first since
 * names are unique per company.
 */
import { z } from "zod";
import { apiPath, type TravelClient } from "../client";
import {
  adoptIdField,
  type ArgsOf,
  clashAdvice,
  defineResource,
  type Entity,
  jsonEqual,
  type TenantFacts,
} from "../provider/kit";
import {
  type CustomFieldLevel,
  customFieldLevelSchema,
  customFieldSchema,
  customFieldWritableFields,
} from "../schemas/custom-field";
import { entityIdSchema, platformIdSchema } from "../schemas/common";
import {
  customFieldPath,
  customFieldsPath,
  fieldLevelsOf,
  listCustomFields,
  ownFields,
} from "./custom-field-list";
import { readUnlessGone } from "./gone";
import { readEach } from "./read-each";
import { observe } from "./observe";
import { replaceWhole, replacementBody } from "./replace-whole";

/** Inputs of {@link CustomField}. */
export const customFieldInputsSchema = z
  .strictObject({
    /** The company (or TMC) the field is defined at; changing it replaces the field. */
    companyId: platformIdSchema("an id"),
    /**
     * Level the field is defined at: `ORG` (a company's own field), `TMC` or `PARTNER_TMC` (a
     * TMC's field, inherited by its companies). Default `ORG`; changing it replaces the field.
     */
    companyRole: customFieldLevelSchema.default("ORG"),
    ...customFieldWritableFields,
    /** Whether travelers see the field. New fields start disabled. Default `false`. */
    enabled: z.boolean().default(false),
    ...adoptIdField,
  })
  .refine((inputs) => !(inputs.enabled && inputs.companyRole === "PARTNER_TMC"), {
    path: ["enabled"],
    message:
      "update-status accepts companyRole ORG or TMC only, so a PARTNER_TMC field cannot be enabled here",
  });

type Inputs = z.output<typeof customFieldInputsSchema>;
type State = { customFieldId: string };

const GONE = ["CUSTOM_FIELD_NOT_FOUND", "COMPANY_NOT_FOUND"];
const FIELD_KEYS = ["name", "description", "includeLocations", "managementTags", "respondOnlyOnceLevel"];

/** True when the platform takes two field names for the same (it compares them without case). */
const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

async function setEnabled(client: TravelClient, inputs: Inputs, id: string, enabled: boolean) {
  await client.patch(`${customFieldsPath(inputs.companyId)}/update-status`, {
    query: { companyRole: inputs.companyRole },
    body: { fieldsToUpdate: [{ id, enabled }] },
  });
}

/**
 * The level an imported field is defined at: the first of the company's levels whose list shows it
 * as the company's own (a TMC's fields are at TMC); ORG when none does.
 */
async function importedLevel(client: TravelClient, companyId: string, id: string): Promise<CustomFieldLevel> {
  const company = await client.get<Record<string, unknown>>(apiPath`/v2/companies/${companyId}`);
  for (const level of fieldLevelsOf(company)) {
    const list = await listCustomFields(client, companyId, level, { filter: { customFieldIds: [id] } });
    if (list.some((entry) => entry.id === id && (entry.parentInfos ?? []).length === 0)) return level;
  }
  return "ORG";
}

/**
 * The manifest's `customFields`; export and reconcile read the company's own fields at every level
 * it has (a TMC's fields are at TMC), each with its level and whether it is enabled.
 */
const fieldTenant: TenantFacts = {
  manifest: { section: "customFields" },
  inventory: {
    async list({ client, company }, { companyId }) {
      const out: Entity[] = [];
      for (const companyRole of fieldLevelsOf(company)) {
        const own = await ownFields(client, companyId, companyRole);
        const enabled = new Map(own.map((field) => [field.id, field.enabled]));
        const read = await readEach(client, own, (id) => customFieldPath(companyId, id), GONE);
        out.push(
          ...read.map((field) => ({ ...field, companyRole, enabled: enabled.get(field.id) === true })),
        );
      }
      return out;
    },
    reconcile: { deletePath: ({ companyId }, object) => customFieldPath(companyId, object.id) },
  },
};

/** The CustomField definition. */
export const customFieldResource = defineResource<Inputs, State, typeof customFieldInputsSchema>({
  type: "CustomField",
  notFoundCodes: GONE,
  inputs: customFieldInputsSchema,
  outputs: [],
  // Names are unique per company, compared without case: the name finds the field a lost create made.
  recovery: {
    strategy: "natural-key",
    lookup: {
      keyOf: (inputs) => ({ by: "name", value: inputs.name }),
      async find({ client }, inputs, key) {
        const list = await listCustomFields(client, inputs.companyId, inputs.companyRole, {
          searchText: key.value,
        });
        return list
          .filter((field) => sameName(field.name, key.value) && (field.parentInfos ?? []).length === 0)
          .map((field) => ({ id: field.id, name: field.name }));
      },
      // Set by update-status after the create: the adoption enables the field.
      followUpInputs: ["enabled"],
    },
  },
  async create({ client }, inputs, created) {
    const { adoptId: _adopt, companyId, companyRole, enabled, ...fields } = inputs;
    const { id } = await client.post(customFieldsPath(companyId), {
      query: { companyRole },
      body: fields,
      schema: z.looseObject({ id: z.string().min(1) }).or(entityIdSchema),
    });
    created(id);
    if (enabled) await setEnabled(client, inputs, id, true);
    return { id, state: { customFieldId: id } };
  },
  async read({ client, importing }, id, declared) {
    const field = await readUnlessGone(GONE, () =>
      client.get(customFieldPath(declared.companyId, id), { schema: customFieldSchema }),
    );
    if (!field) return undefined;
    const level =
      declared.companyRole ?? (importing ? await importedLevel(client, declared.companyId, id) : "ORG");
    const list = await listCustomFields(client, declared.companyId, level, {
      filter: { customFieldIds: [id] },
    });
    const entry = list.find((candidate) => candidate.id === id);
    const observed = {
      ...observe(field, declared, FIELD_KEYS, importing),
      companyId: declared.companyId,
      companyRole: level,
      enabled: entry?.enabled ?? false,
    };
    return { observed, state: { customFieldId: id } };
  },
  async update({ client }, id, news, olds) {
    const fieldsChanged = FIELD_KEYS.some(
      (key) => !jsonEqual(olds[key as keyof Inputs], news[key as keyof Inputs]),
    );
    if (fieldsChanged) {
      await replaceWhole(client, customFieldPath(news.companyId, id), customFieldSchema, (current) => ({
        ...replacementBody(current, news, olds, FIELD_KEYS),
        id,
      }));
    }
    if (news.enabled !== olds.enabled) await setEnabled(client, news, id, news.enabled);
    return { customFieldId: id };
  },
  async delete({ client }, id, declared) {
    await client.delete(customFieldPath(declared.companyId, id));
  },
  capabilities: {
    replacement: {
      replaceOn: ["companyId", "companyRole"],
      deleteBeforeReplace: true,
    },
    uniqueness: {
      uniqueInputs: [
        {
          input: "name",
          within: ["companyId"],
          caseInsensitive: true,
          rejection:
            "names are unique per company, compared without regard to case (409 on the second create)",
        },
      ],
    },
    outputRules: {
      idOutput: "customFieldId",
    },
    custom: {
      async check({ client, run }, news, olds) {
        if (olds.name !== undefined && sameName(olds.name, news.name) && olds.companyId === news.companyId)
          return [];
        const list = await listCustomFields(client, news.companyId, news.companyRole, {
          searchText: news.name,
        });
        const clash = list.find(
          (field) => sameName(field.name, news.name) && (field.parentInfos ?? []).length === 0,
        );
        if (!clash || clash.id === news.adoptId) return [];
        return [
          {
            property: "name",
            reason: `a custom field named "${clash.name}" already exists in company ${news.companyId} (id ${clash.id}); names are unique per company, compared without regard to case: ${clashAdvice(run, "CustomField", clash.id, "name")}`,
          },
        ];
      },
    },
    tenant: fieldTenant,
  },
});

/** Arguments of a CustomField. */
export type CustomFieldArgs = {
  [K in keyof ArgsOf<typeof customFieldInputsSchema>]: ArgsOf<typeof customFieldInputsSchema>[K];
};

/** The outputs of a CustomField beside its inputs, as a program reads them. */
export interface CustomFieldOutputs {
  /** The platform's id of the field. */
  customFieldId: string;
  /** The company (or TMC) it is defined at. */
  companyId: string;
  /** The question. */
  name: string;
  /** Whether travelers see it. */
  enabled: boolean;
}
