/**
 * The OptionGroup resource: the options this program manages in the option group of a USER +
 * MANUAL arm. Only those options are touched: options added by people outside code survive every
 * update, and delete removes only the managed ones. Changes go out as option-group PATCHes
 * (removals plus upserts by name) of at most {@link OPTION_BATCH_SIZE} entries each.
 */
import { z } from "zod";
import { apiPath, type TravelClient } from "../client";
import {
  type ArgsOf,
  byField,
  importIdOf,
  jsonEqual,
  parentId,
  type TenantFacts,
  UNKNOWN,
  withoutUndefined,
} from "../provider/kit";
import { type Option, optionGroupSchema, optionSchema } from "../schemas/custom-field";
import { readUnlessGone } from "./gone";
import { defineKeyedCollection } from "./keyed-collection";
import { platformIdSchema } from "../schemas/common";

/** Most entries (`toUpdate` plus `toDelete`) the provider puts in one PATCH. */
export const OPTION_BATCH_SIZE = 500;

/** Inputs of {@link OptionGroup}. */
export const optionGroupInputsSchema = z.strictObject({
  /** The company of the custom field; changing it replaces the resource. */
  companyId: platformIdSchema("an id"),
  /** The custom field; changing it replaces the resource. */
  customFieldId: platformIdSchema("an id"),
  /** The arm's option group (`Arm.optionGroupId`); changing it replaces the resource. */
  optionGroupId: platformIdSchema("an option group id (only USER + MANUAL arms have one)"),
  /** The managed options, matched by name (unique). Options not listed here are left alone. */
  options: z.array(optionSchema).superRefine((options, ctx) => {
    const seen = new Set<string>();
    options.forEach((option, index) => {
      if (seen.has(option.name))
        ctx.addIssue({
          code: "custom",
          path: [index, "name"],
          message: `option "${option.name}" is listed twice`,
        });
      seen.add(option.name);
    });
  }),
});

type Inputs = z.output<typeof optionGroupInputsSchema>;
type State = { optionGroupId: string };

const GONE = ["OPTION_GROUP_NOT_FOUND", "CUSTOM_FIELD_NOT_FOUND", "COMPANY_NOT_FOUND"];

const groupPath = (values: { companyId: string; customFieldId: string }, id: string) =>
  apiPath`/v3/companies/${values.companyId}/custom-fields/${values.customFieldId}/option-groups/${id}`;

/** One PATCH body. */
export interface OptionPatch {
  toUpdate: Option[];
  toDelete: { name: string }[];
}

/**
 * The PATCH bodies that take the managed options from `current` (the group's options) to
 * `declared`, given the names managed before (`previous`): removals of previously managed names
 * no longer declared, and upserts of declared options that are missing or differ. At most
 * `batchSize` entries per body; none when nothing differs.
 */
export function planOptionPatches(
  current: readonly Option[],
  declared: readonly Option[],
  previous: readonly string[],
  batchSize = OPTION_BATCH_SIZE,
): OptionPatch[] {
  const byName = new Map(current.map((option) => [option.name, option]));
  const wanted = new Set(declared.map((option) => option.name));
  const toDelete = previous.filter((name) => !wanted.has(name) && byName.has(name)).map((name) => ({ name }));
  const toUpdate = declared.filter(
    (option) => !jsonEqual(withoutUndefined(byName.get(option.name)), withoutUndefined(option)),
  );
  const entries: ({ kind: "delete"; name: string } | { kind: "update"; option: Option })[] = [
    ...toDelete.map(({ name }) => ({ kind: "delete" as const, name })),
    ...toUpdate.map((option) => ({ kind: "update" as const, option })),
  ];
  const patches: OptionPatch[] = [];
  for (let at = 0; at < entries.length; at += batchSize) {
    const patch: OptionPatch = { toUpdate: [], toDelete: [] };
    for (const entry of entries.slice(at, at + batchSize)) {
      if (entry.kind === "delete") patch.toDelete.push({ name: entry.name });
      else patch.toUpdate.push(entry.option);
    }
    patches.push(patch);
  }
  return patches;
}

async function currentOptions(
  client: TravelClient,
  values: { companyId: string; customFieldId: string },
  id: string,
): Promise<Option[]> {
  const group = await client.get(groupPath(values, id), { schema: optionGroupSchema });
  return group.options;
}

async function send(client: TravelClient, values: Inputs, id: string, patches: OptionPatch[]): Promise<void> {
  for (const patch of patches) {
    const body: Record<string, unknown> = {};
    if (patch.toUpdate.length > 0) body.toUpdate = patch.toUpdate;
    if (patch.toDelete.length > 0) body.toDelete = patch.toDelete;
    await client.patch(groupPath(values, id), { body });
  }
}

/** Options are written inside their arm's entry of `customFields`; export reads each arm's group. */
const optionGroupTenant: TenantFacts = {
  // Declared inside its arm's entry (`customFields.<field>.arms.<arm>.options`), by that section's codec.
  manifest: { section: "customFields", partOf: "CustomField" },
  inventory: {
    parent: {
      type: "Arm",
      ids: (arm) =>
        typeof arm.optionGroupId === "string" ? { optionGroupId: arm.optionGroupId } : undefined,
    },
    async list({ client }, parents) {
      const values = { companyId: parents.companyId, customFieldId: parentId(parents, "customFieldId") };
      const id = parentId(parents, "optionGroupId");
      const options = await readUnlessGone(GONE, () => currentOptions(client, values, id));
      return options === undefined ? [] : [{ id, options }];
    },
    reconcile: { omitted: "an arm's options are made and removed with the arm" },
  },
};

/** The OptionGroup definition. Its id is the option group id. */
export const optionGroupResource = defineKeyedCollection<Inputs, State, Option>({
  type: "OptionGroup",
  notFoundCodes: GONE,
  inputs: optionGroupInputsSchema,
  idOf: (inputs) => inputs.optionGroupId,
  stateOf: (optionGroupId) => ({ optionGroupId }),
  entries: (client, declared, id) => currentOptions(client, declared, id),
  async converge(client, inputs, id, current, previous) {
    const managed = (previous?.options ?? []).map((option) => option.name);
    await send(client, inputs, id, planOptionPatches(current, inputs.options, managed));
  },
  async clear(client, declared, id) {
    const names = (declared.options ?? []).map((option) => option.name);
    const patches = planOptionPatches([], [], []);
    for (let at = 0; at < names.length; at += OPTION_BATCH_SIZE)
      patches.push({
        toUpdate: [],
        toDelete: names.slice(at, at + OPTION_BATCH_SIZE).map((name) => ({ name })),
      });
    await send(client, declared, id, patches);
  },
  observe(current, declared, optionGroupId, importing) {
    const byName = new Map(current.map((option) => [option.name, option]));
    // An import manages every option of the group; otherwise only the declared ones are read.
    const options = (importing ? current : (declared.options ?? [])).flatMap((option) => {
      const found = byName.get(option.name);
      return found
        ? [
            withoutUndefined({
              name: found.name,
              description: found.description,
              additionalInfos: found.additionalInfos,
            }),
          ]
        : [];
    });
    return { companyId: declared.companyId, customFieldId: declared.customFieldId, optionGroupId, options };
  },
  capabilities: {
    replacement: {
      replaceOn: ["companyId", "customFieldId", "optionGroupId"],
    },
    custom: {
      async check({ client, run }, news) {
        const path = groupPath(news, news.optionGroupId);
        const group = await run.readOnce(path, () =>
          readUnlessGone(["OPTION_GROUP_NOT_FOUND", "CUSTOM_FIELD_NOT_FOUND"], () => client.get(path)),
        );
        if (group !== undefined) return [];
        return [
          {
            property: "optionGroupId",
            reason: `option group ${news.optionGroupId} does not exist on custom field ${news.customFieldId} (use the optionGroupId output of a USER + MANUAL Arm)`,
          },
        ];
      },
    },
    diff: {
      // Recorded by name: `preview --diff` shows `+ P-600` and `- P-400`, not every shifted position.
      keyedInputs: { options: byField("name") },
      keptWhenUnknown(olds, news) {
        // The arm's `optionGroupId` is unknown while the arm is updated: its id, still known, tells
        // that the group stays (see `arm-link.ts`). A replaced arm has an unknown id and a new group.
        const { armId } = news.meta;
        return typeof armId === "string" && armId !== UNKNOWN && armId === olds.meta.armId
          ? ["optionGroupId"]
          : [];
      },
    },
    adoption: {
      importId: {
        ...importIdOf({
          type: "OptionGroup",
          capabilities: { replacement: { replaceOn: ["companyId", "customFieldId", "optionGroupId"] } },
        }),
        note: "The imported `options` are every option of the group: the resource then manages them all.",
      },
    },
    tenant: optionGroupTenant,
  },
});

/** Arguments of an OptionGroup. */
export type OptionGroupArgs = {
  [K in keyof ArgsOf<typeof optionGroupInputsSchema>]: ArgsOf<typeof optionGroupInputsSchema>[K];
};

/** The outputs of an OptionGroup beside its inputs, as a program reads them. */
export interface OptionGroupOutputs {
  /** The option group. */
  optionGroupId: string;
  /** The managed options. */
  options: Option[];
}
