/**
 * The `customFields` entry: a CustomField's inputs with its arms, keyed, each an Arm's inputs with
 * the options of its option group (USER + MANUAL arms only), all without their parent ids.
 */
import { z } from "zod";
import { armInputsSchema } from "../../resources/arm";
import { customFieldInputsSchema } from "../../resources/custom-field";
import { optionGroupInputsSchema } from "../../resources/option-group";
import { hasOptionGroup } from "../../schemas/custom-field";
import { manifestArmAudienceSchema } from "../audiences";
import { manifestKeySchema, resourceRules, STAND_IN_ID, withoutParents } from "../entries";

/** An arm of a custom field. */
export const armEntrySchema = z
  .strictObject({
    ...withoutParents(armInputsSchema.shape, "companyId", "customFieldId"),
    audiences: z.array(manifestArmAudienceSchema).default([]).meta({
      description: "Who the arm applies to. Default empty: everyone, taking precedence over other arms.",
    }),
    options: optionGroupInputsSchema.shape.options.optional().meta({
      description:
        "Only for USER arms with a MANUAL option source: the options managed in the arm's option group (an OptionGroup resource), matched by name. Options not listed are left alone.",
    }),
  })
  .superRefine((arm, ctx) => {
    if (arm.options !== undefined && !hasOptionGroup(arm.action))
      ctx.addIssue({
        code: "custom",
        path: ["options"],
        message: `apply only to USER arms with a MANUAL option source, which have an option group (this arm's action is ${describeAction(arm.action)})`,
      });
  });

/** A custom field entry: the field and its arms. */
export const customFieldEntrySchema = z
  .strictObject({
    ...withoutParents(customFieldInputsSchema.shape, "companyId"),
    arms: z.record(manifestKeySchema, armEntrySchema).optional().meta({
      description:
        "The field's arms (Arm resources) by key, unique within the field; the resource is named `<field key>.<arm key>`.",
    }),
  })
  .superRefine(
    resourceRules(customFieldInputsSchema, ({ arms: _arms, ...field }) => ({
      ...field,
      companyId: STAND_IN_ID,
    })),
  );

/** A custom field entry, validated. */
export type CustomFieldEntry = z.output<typeof customFieldEntrySchema>;

function describeAction(action: z.output<typeof armInputsSchema>["action"]): string {
  return action.type === "USER" ? `USER + ${action.userOptionSource.type}` : action.type;
}
