/**
 * The Arm resource: one rule of a custom field (audiences and an action). USER arms with a
 * MANUAL option source get an option group, output as `optionGroupId`. Changing an action
 * between a kind with an option group (USER + MANUAL) and one without replaces the arm: the
 * platform's PUT changes only name, audiences and action, and cannot add or drop a group.
 */
import { z } from "zod";
import { apiPath } from "../client";
import {
  adoptIdField,
  type ArgsOf,
  containsUnknown,
  defineResource,
  parentId,
  type ParentIds,
  type TenantFacts,
} from "../provider/kit";
import {
  type ArmAction,
  armActionSchema,
  armAudienceSchema,
  armSchema,
  hasOptionGroup,
} from "../schemas/custom-field";
import { customFieldPath } from "./custom-field-list";
import { readUnlessGone } from "./gone";
import { readEach } from "./read-each";
import { platformIdSchema } from "../schemas/common";

/** Inputs of {@link Arm}. */
export const armInputsSchema = z.strictObject({
  /** The company of the custom field; changing it replaces the arm. */
  companyId: platformIdSchema("an id"),
  /** The custom field; changing it replaces the arm. */
  customFieldId: platformIdSchema("an id"),
  /** Name of the arm. */
  name: z.string().trim().min(1, "must not be empty"),
  /**
   * What the arm does: `{ type: "USER", userOptionSource: { type: "MANUAL" } }` (options in an
   * option group), `{ type: "USER", userOptionSource: { type: "PROFILE_ATTRIBUTE", attribute } }`
   * or `{ type: "AUTO", value }`. Switching to or from USER + MANUAL replaces the arm.
   */
  action: armActionSchema,
  /**
   * Who the arm applies to: a list of audiences, objects the platform defines and the provider
   * sends as given, such as `{ predicates: [{ type: "LEGAL_ENTITY", id: <legal entity id> }] }`
   * (the staff of one legal entity). Default empty: everyone, taking precedence over other arms.
   */
  audiences: z.array(armAudienceSchema).default([]),
  ...adoptIdField,
});

type Inputs = z.output<typeof armInputsSchema>;
type State = { armId: string; optionGroupId?: string | undefined };

const GONE = ["ARM_NOT_FOUND", "CUSTOM_FIELD_NOT_FOUND", "COMPANY_NOT_FOUND"];

const armsPath = (values: { companyId: string; customFieldId: string }) =>
  `${customFieldPath(values.companyId, values.customFieldId)}/arms`;

const stateOf = (armId: string, optionGroupId: string | undefined): State =>
  optionGroupId === undefined ? { armId } : { armId, optionGroupId };

const armListSchema = z.looseObject({ arms: z.array(z.looseObject({ id: z.string().min(1) })).default([]) });

/** The arms path of the custom field an inventory lists under. */
const listedArmsPath = (parents: ParentIds) =>
  armsPath({ companyId: parents.companyId, customFieldId: parentId(parents, "customFieldId") });

/** Arms are written inside their field's entry of `customFields`; export and reconcile list them per field. */
const armTenant: TenantFacts = {
  // Declared inside its custom field's entry (`customFields.<field>.arms`), by that section's codec.
  manifest: { section: "customFields", partOf: "CustomField" },
  inventory: {
    parent: { type: "CustomField", ids: (field) => ({ customFieldId: field.id }) },
    async list({ client }, parents) {
      const path = listedArmsPath(parents);
      const { arms } = await client.post(`${path}/list`, {
        body: {},
        schema: armListSchema,
        idempotent: true,
      });
      return readEach(client, arms, (id) => `${path}${apiPath`/${id}`}`, GONE);
    },
    reconcile: { deletePath: (parents, object) => `${listedArmsPath(parents)}${apiPath`/${object.id}`}` },
  },
};

/** The Arm definition. */
export const armResource = defineResource<Inputs, State, typeof armInputsSchema>({
  type: "Arm",
  notFoundCodes: GONE,
  inputs: armInputsSchema,
  outputs: ["optionGroupId"],
  // Arm names are not unique, so a match must also hold the declared action and audiences.
  recovery: {
    strategy: "natural-key",
    lookup: {
      keyOf: (inputs) => ({ by: "name", value: inputs.name }),
      async find({ client }, inputs, key) {
        const { arms } = await client.post(`${armsPath(inputs)}/list`, {
          body: { searchText: key.value },
          schema: z.looseObject({ arms: z.array(armSchema) }),
          idempotent: true,
        });
        return arms.filter((arm) => arm.name === key.value).map((arm) => ({ id: arm.id, name: arm.name }));
      },
    },
  },
  async create({ client }, inputs, created) {
    const response = await client.post(armsPath(inputs), {
      body: { name: inputs.name, action: inputs.action, audiences: inputs.audiences },
      schema: z.looseObject({ armId: z.string().min(1), optionGroupId: z.string().optional() }),
    });
    created(response.armId);
    return { id: response.armId, state: stateOf(response.armId, response.optionGroupId) };
  },
  async read({ client }, id, declared) {
    const arm = await readUnlessGone(GONE, () =>
      client.get(`${armsPath(declared)}${apiPath`/${id}`}`, { schema: armSchema }),
    );
    if (!arm) return undefined;
    const observed = {
      companyId: declared.companyId,
      customFieldId: declared.customFieldId,
      name: arm.name,
      action: arm.action,
      audiences: arm.audiences,
    } as Inputs;
    return { observed, state: stateOf(id, arm.optionGroupId) };
  },
  async update({ client }, id, news) {
    const path = `${armsPath(news)}${apiPath`/${id}`}`;
    await client.put(path, { body: { name: news.name, action: news.action, audiences: news.audiences } });
    const arm = await client.get(path, { schema: armSchema });
    return stateOf(id, arm.optionGroupId);
  },
  async delete({ client }, id, declared) {
    await client.delete(`${armsPath(declared)}${apiPath`/${id}`}`);
  },
  capabilities: {
    replacement: {
      replaceOn: ["companyId", "customFieldId"],
      replaceWhen: {
        inputs: ["action"],
        when:
          "it switches to or from a USER action with a MANUAL option source (the one kind with an option group): " +
          "the platform's PUT cannot add or drop the group",
        rule(olds, news) {
          const before = olds.action;
          if (before === undefined) return [];
          // An action known only at apply time: whether it keeps an option group cannot be told yet.
          if (containsUnknown(news.action)) return [];
          return hasOptionGroup(before) === hasOptionGroup(news.action as ArmAction | undefined)
            ? []
            : ["action"];
        },
      },
    },
    outputRules: {
      idOutput: "armId",
    },
    custom: {
      async check({ client, run }, news) {
        const path = customFieldPath(news.companyId, news.customFieldId);
        const field = await run.readOnce(path, () =>
          readUnlessGone(["CUSTOM_FIELD_NOT_FOUND"], () => client.get(path)),
        );
        if (field !== undefined) return [];
        return [
          {
            property: "customFieldId",
            reason: `custom field ${news.customFieldId} does not exist in company ${news.companyId}`,
          },
        ];
      },
    },
    tenant: armTenant,
  },
});

/** Arguments of an Arm. */
export type ArmArgs = { [K in keyof ArgsOf<typeof armInputsSchema>]: ArgsOf<typeof armInputsSchema>[K] };

/** The outputs of an Arm beside its inputs, as a program reads them. */
export interface ArmOutputs {
  /** The platform's id of the arm. */
  armId: string;
  /** The arm's option group, for USER + MANUAL arms; undefined otherwise. */
  optionGroupId: string | undefined;
  /** The custom field. */
  customFieldId: string;
}
