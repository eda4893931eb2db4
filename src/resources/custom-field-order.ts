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
  defineResource,
  inOrder,
  oneOf,
  type ResourceContext,
  segmentsForm,
  type TenantFacts,
} from "../provider/kit";
import { type CustomFieldLevel, customFieldLevelSchema } from "../schemas/custom-field";
import { fieldLevelsOf, type OwnField, ownFields } from "./custom-field-list";
import { readUnlessGone } from "./gone";
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

/** The company's own fields at the order's level, listed once per run (preflight and names share it). */
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

async function converge(client: TravelClient, inputs: Inputs): Promise<void> {
  const current = await currentOrder(client, inputs.companyId, inputs.companyRole);
  const missing = unknownFields(inputs, current);
  if (missing.length > 0) throw new Error(missing.map((f) => `${f.property}: ${f.reason}`).join("; "));
  for (const call of planReorder(current, inputs.fieldIds)) {
    await client.post(apiPath`/v3/companies/${inputs.companyId}/custom-fields/reorder`, { body: call });
  }
}

/** The CustomFieldOrder definition. Its id is the company id: one per company. */
export const customFieldOrderResource = defineResource<Inputs, State, typeof customFieldOrderInputsSchema>({
  type: "CustomFieldOrder",
  notFoundCodes: ["COMPANY_NOT_FOUND"],
  inputs: customFieldOrderInputsSchema,
  outputs: [],
  // A convergence from the current order: repeating the create is harmless.
  recovery: { strategy: "idempotent" },
  async create({ client }, inputs, created) {
    await converge(client, inputs);
    // Known only once converged: a lost answer is settled by converging again (idempotent).
    created(inputs.companyId);
    return { id: inputs.companyId, state: { companyId: inputs.companyId } };
  },
  async read({ client, importing }, id, declared) {
    const level = declared.companyRole ?? "ORG";
    const current = await readUnlessGone(["COMPANY_NOT_FOUND"], () => currentOrder(client, id, level));
    if (!current) return undefined;
    // An import orders every own field of the level, as the platform shows them.
    const declaredIds = new Set(importing ? current : (declared.fieldIds ?? []));
    const fieldIds = current.filter((fieldId) => declaredIds.has(fieldId));
    return { observed: { companyId: id, companyRole: level, fieldIds }, state: { companyId: id } };
  },
  async update({ client }, _id, news) {
    await converge(client, news);
    return { companyId: news.companyId };
  },
  async delete() {
    // The platform keeps an order for every field; there is nothing to undo.
  },
  capabilities: {
    replacement: {
      replaceOn: ["companyId"],
    },
    preview: {
      async preflight(ctx, news) {
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
