/**
 * The CustomFieldOrder resource: the checkout order of a company's custom fields. It converges
 * the declared fields to the declared relative order with the fewest reorder calls it can plan
 * (see {@link planReorder}); fields it does not list keep their places.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { apiPath, type TravelClient } from "../client";
import {
  type ArgsOf,
  containsUnknown,
  inOrder,
  oneOf,
  type ResourceContext,
  segmentsForm,
  type TenantFacts,
} from "../provider/kit";
import { type CustomFieldLevel, customFieldLevelSchema } from "../schemas/custom-field";
import { fieldLevelsOf, type OwnField, ownFields } from "./custom-field-list";
import { defineKeyedCollection } from "./keyed-collection";
import { planReorder } from "./reorder-plan";
import { platformIdSchema } from "../schemas/common";

/** Inputs of {@link CustomFieldOrder}. */
export const customFieldOrderInputsSchema = z.strictObject({
  /** The company; changing it replaces the resource. */
  companyId: platformIdSchema("an id"),
  /** Level whose list is ordered (query `companyRole`). Default `ORG`. */
  companyRole: customFieldLevelSchema.default("ORG"),
  /** The company's own custom fields, first shown first; each at most once. */
  fieldIds: z
    .array(z.string().min(1, "must be a custom field id"))
    .min(1, "needs at least one field id")
    .superRefine((ids, ctx) => {
      const seen = new Set<string>();
      ids.forEach((id, index) => {
        if (seen.has(id))
          ctx.addIssue({ code: "custom", path: [index], message: `field ${id} is listed twice` });
        seen.add(id);
      });
    }),
});

type Inputs = z.output<typeof customFieldOrderInputsSchema>;
type State = { companyId: string };

/** The ids of the company's own fields at `level`, in checkout order. */
async function currentOrder(
  client: TravelClient,
  companyId: string,
  level: CustomFieldLevel,
): Promise<string[]> {
  return (await ownFields(client, companyId, level)).map((field) => field.id);
}

/** The company's own fields at the order's level, listed once per run (its check and names share it). */
function ownFieldsOncePerRun(
  { client, run }: ResourceContext,
  { companyId, companyRole }: Pick<Inputs, "companyId" | "companyRole">,
): Promise<OwnField[]> {
  return run.readOnce(`order:${companyId}:${companyRole}`, () => ownFields(client, companyId, companyRole));
}

/** The failures of declared field ids that are not among `current`, the company's own fields. */
function unknownFields(inputs: Inputs, current: readonly string[]): pulumi.dynamic.CheckFailure[] {
  const present = new Set(current);
  return inputs.fieldIds.flatMap((id, index) =>
    present.has(id)
      ? []
      : [
          {
            property: `fieldIds[${index}]`,
            reason: `${id} is not a custom field of company ${inputs.companyId} at ${inputs.companyRole}`,
          },
        ],
  );
}

/** The manifest's `customFieldOrder`; export reads the order at each level the company has fields at. */
const orderTenant: TenantFacts = {
  manifest: { section: "customFieldOrder" },
  inventory: {
    async list({ client, company }, { companyId }) {
      const orders = [];
      for (const companyRole of fieldLevelsOf(company)) {
        const fieldIds = await currentOrder(client, companyId, companyRole);
        if (fieldIds.length > 0) orders.push({ id: companyId, companyRole, fieldIds });
      }
      return orders;
    },
    reconcile: { omitted: "the checkout order is a setting of the company: nobody deletes it" },
  },
};

/** Sends the reorders that turn `current` into the declared order; a field not among them fails. */
async function converge(client: TravelClient, inputs: Inputs, current: string[]): Promise<void> {
  const missing = unknownFields(inputs, current);
  if (missing.length > 0) throw new Error(missing.map((f) => `${f.property}: ${f.reason}`).join("; "));
  for (const call of planReorder(current, inputs.fieldIds)) {
    await client.post(apiPath`/v3/companies/${inputs.companyId}/custom-fields/reorder`, { body: call });
  }
}

/** The CustomFieldOrder definition. Its id is the company id: one per company. */
export const customFieldOrderResource = defineKeyedCollection<Inputs, State, string>({
  type: "CustomFieldOrder",
  notFoundCodes: ["COMPANY_NOT_FOUND"],
  inputs: customFieldOrderInputsSchema,
  idOf: (inputs) => inputs.companyId,
  stateOf: (companyId) => ({ companyId }),
  entries: (client, declared, companyId) => currentOrder(client, companyId, declared.companyRole ?? "ORG"),
  converge: (client, inputs, _id, current) => converge(client, inputs, current),
  async clear() {
    // The platform keeps an order for every field; there is nothing to undo.
  },
  observe(current, declared, companyId, importing) {
    // An import orders every own field of the level, as the platform shows them.
    const declaredIds = new Set(importing ? current : (declared.fieldIds ?? []));
    const fieldIds = current.filter((fieldId) => declaredIds.has(fieldId));
    return { companyId, companyRole: declared.companyRole ?? "ORG", fieldIds };
  },
  capabilities: {
    replacement: {
      replaceOn: ["companyId"],
    },
    custom: {
      async check(ctx, news) {
        const fields = await ownFieldsOncePerRun(ctx, news);
        return unknownFields(
          news,
          fields.map((field) => field.id),
        );
      },
    },
    diff: {
      // Recorded as each field's predecessor: `preview --diff` shows the fields that move, by name.
      keyedInputs: { fieldIds: inOrder("fieldId") },
      // Each field is shown by its name (`~ Cost code: { ~ place: "after Purpose" => "first" }`).
      namedKeys: ["fieldIds"],
      async keyNames(ctx, inputs) {
        if (containsUnknown(inputs.companyId) || containsUnknown(inputs.companyRole)) return {};
        const fields = await ownFieldsOncePerRun(ctx, inputs);
        return { fieldIds: new Map(fields.map((field) => [field.id, field.name])) };
      },
    },
    adoption: {
      // One per company and level: imported by its company, and the level unless ORG.
      importId: {
        note:
          "The order of the company's own fields at ORG, or at the level given as a second segment " +
          "(`<companyId>/TMC`). The imported `fieldIds` are every own field of the level, in checkout order.",
        ...segmentsForm(
          ["companyId"],
          ({ companyId, companyRole }) => {
            if (companyRole === undefined) return { id: companyId, inputs: { companyId } };
            const level = oneOf(
              "CustomFieldOrder",
              "companyRole",
              companyRole,
              customFieldLevelSchema.options,
            );
            return { id: companyId, inputs: { companyId, companyRole: level } };
          },
          ["companyRole"],
        ),
      },
    },
    tenant: orderTenant,
  },
});

/** Arguments of a CustomFieldOrder. */
export type CustomFieldOrderArgs = {
  [K in keyof ArgsOf<typeof customFieldOrderInputsSchema>]: ArgsOf<typeof customFieldOrderInputsSchema>[K];
};

/** The outputs of a CustomFieldOrder beside its inputs, as a program reads them. */
export interface CustomFieldOrderOutputs {
  /** The company. */
  companyId: string;
  /** The declared fields in checkout order. */
  fieldIds: string[];
}
