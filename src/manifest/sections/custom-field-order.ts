/** The `customFieldOrder` section: the checkout order of the custom fields, by their keys. */
import { z } from "zod";
import { customFieldOrderInputsSchema } from "../../resources/custom-field-order";
import { CustomFieldOrder } from "../../dynamic/resources";
import { customFieldLevelSchema } from "../../schemas/custom-field";
import { referenceTo, resourceRules } from "../entries";
import { sectionCodec } from "../section-codec";

const orderSchema = z.looseObject({ companyRole: z.string(), fieldIds: z.array(z.string()) });
/** The levels of the manifest's custom fields (validated already: read leniently). */
const levelsSchema = z
  .record(z.string(), z.looseObject({ companyRole: customFieldLevelSchema.optional() }))
  .default({});

/** The order of one level's fields (a CustomFieldOrder named `custom-field-order`). */
export const customFieldOrderSection = sectionCodec({
  schema: z
    .array(referenceTo("customFields"))
    .superRefine(resourceRules(customFieldOrderInputsSchema.shape.fieldIds, (keys) => keys))
    .optional()
    .meta({
      description:
        "The checkout order of the company's custom fields (a CustomFieldOrder named `custom-field-order`): keys of `customFields`, first shown first, each once. Fields not listed keep their places.",
    }),
  references: [{ at: ["#"], target: "customFields" }],
  declare(order, { companyId, name, base, tenant, values }, section) {
    if (order === undefined) return {};
    const fields = tenant.customFields ?? {};
    // The order is kept per level: that of the fields it lists (a TMC orders its TMC fields).
    const first = order[0] === undefined ? undefined : levelsSchema.parse(values.customFields)[order[0]];
    const companyRole = first?.companyRole;
    const fieldIds = order.map((key) => {
      const field = fields[key];
      if (!field) throw new Error(`${section}: no custom field "${key}" in the manifest`);
      return field.customFieldId;
    });
    const inputs = { companyId, ...(companyRole === undefined ? {} : { companyRole }), fieldIds };
    return { customFieldOrder: new CustomFieldOrder(name("custom-field-order"), inputs, base) };
  },
  write(out, section) {
    const [order, ...others] = out.entities("CustomFieldOrder").map((entity) => orderSchema.parse(entity));
    if (order !== undefined) out.document[section] = order.fieldIds.map((id) => out.keyOf("CustomField", id));
    for (const other of others)
      out.notes.push(
        `${section}: the order of the ${other.companyRole} fields is left out: a manifest orders the fields of one level (${order?.companyRole})`,
      );
  },
});
