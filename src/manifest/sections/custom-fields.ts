/**
 * The `customFields` section: each entry a CustomField with its arms (Arm resources, `arms`), and
 * for a USER + MANUAL arm the options of its option group (an OptionGroup, `options`). Arm and
 * OptionGroup have no section of their own: their definitions say they are part of this one.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { armInputsSchema } from "../../resources/arm";
import { Arm, CustomField, OptionGroup } from "../../dynamic/resources";
import { customFieldInputsSchema, customFieldResource } from "../../resources/custom-field";
import { optionSchema } from "../../schemas/custom-field";
import {
  AUDIENCE_LEGAL_ENTITY_AT,
  platformPredicateSchema,
  toManifestPredicate,
  toPlatformAudiences,
} from "../audiences";
import { type CustomFieldEntry, customFieldEntrySchema } from "./custom-field-entry";
import type { Tenant } from "../declared-tenant";
import {
  type DeclareContext,
  eachEntry,
  type ExportContext,
  inputNames,
  type Json,
  pick,
  sectionCodec,
} from "../section-codec";
import { uniqueKeyedSection } from "../unique-entries";

// The level is written only when it is not the default (ORG).
const CUSTOM_FIELD_FIELDS = inputNames(customFieldInputsSchema.shape, ["companyId", "companyRole"]);
const ARM_FIELDS = inputNames(armInputsSchema.shape, ["companyId", "customFieldId", "audiences"]);
const OPTION_FIELDS = Object.keys(optionSchema.shape);

const audiencesSchema = z
  .array(z.looseObject({ predicates: z.array(platformPredicateSchema).optional() }))
  .default([]);

/** Custom fields with their arms and options. */
export const customFieldsSection = sectionCodec({
  schema: uniqueKeyedSection(customFieldEntrySchema, customFieldResource).meta({
    description:
      "Custom fields (checkout questions) by key, each with its arms (`<field>.<arm>`) and, on USER + MANUAL arms, their options (`<field>.<arm>.options`).",
  }),
  references: [{ at: ["*", "arms", "*", ...AUDIENCE_LEGAL_ENTITY_AT], target: "legalEntities" }],
  declare(entries, ctx, section) {
    const customFields = eachEntry(
      entries,
      ctx,
      section,
      (key, { arms: _arms, ...entry }, opts) =>
        new CustomField(ctx.name(key), { ...entry, companyId: ctx.companyId }, opts),
      (field) => field !== "arms",
    );
    return { customFields, ...declareArms(entries ?? {}, customFields, ctx, section) };
  },
  write(out, section) {
    const arms = byParent(out.snapshot.objects.Arm, "customFieldId");
    const entries: Record<string, Json> = {};
    for (const field of out.entities("CustomField")) {
      const key = out.keyOf("CustomField", field.id);
      const fieldArms = arms.get(field.id) ?? [];
      entries[key] = out.sealed(section, key, {
        ...out.inputsOf("CustomField", pick(field, CUSTOM_FIELD_FIELDS)),
        ...(field.companyRole === "ORG" ? {} : { companyRole: field.companyRole }),
        adoptId: field.id,
        ...(fieldArms.length === 0 ? {} : { arms: armEntries(out, fieldArms) }),
      });
    }
    out.keyed(section, entries);
  },
});

/** Declares the arms of every custom field, and the option group of each arm that lists options. */
function declareArms(
  entries: Readonly<Record<string, CustomFieldEntry>>,
  fields: Readonly<Record<string, CustomField>>,
  { companyId, audienceIds, name, optsFor }: DeclareContext,
  section: string,
): Pick<Tenant, "arms" | "optionGroups"> {
  const arms: Tenant["arms"] = {};
  const optionGroups: Tenant["optionGroups"] = {};
  for (const [fieldKey, field] of Object.entries(entries)) {
    const customFieldId: pulumi.Output<string> | undefined = fields[fieldKey]?.customFieldId;
    if (!customFieldId) throw new Error(`${section}: no custom field "${fieldKey}"`);
    const fieldArms: Record<string, Arm> = (arms[fieldKey] = {});
    const fieldGroups: Record<string, OptionGroup> = (optionGroups[fieldKey] = {});
    for (const [armKey, { options, audiences, ...arm }] of Object.entries(field.arms ?? {})) {
      const path = [section, fieldKey, "arms", armKey];
      const declared = new Arm(
        name(`${fieldKey}.${armKey}`),
        { ...arm, companyId, customFieldId, audiences: toPlatformAudiences(audiences, audienceIds) },
        optsFor(path, (key) => key !== "options"),
      );
      fieldArms[armKey] = declared;
      if (options === undefined) continue;
      fieldGroups[armKey] = new OptionGroup(
        name(`${fieldKey}.${armKey}.options`),
        {
          companyId,
          customFieldId,
          // Only USER + MANUAL arms list options (checked at load), and those have a group.
          optionGroupId: declared.optionGroupId.apply((id) => id ?? ""),
          options,
        },
        optsFor(path, (key) => key === "options"),
      );
    }
  }
  return { arms, optionGroups };
}

type ReadObject = ExportContext["snapshot"]["objects"][string][number];

/** The objects grouped by their parent id `input`. */
function byParent(objects: readonly ReadObject[] | undefined, input: string): Map<string, ReadObject[]> {
  const groups = new Map<string, ReadObject[]>();
  for (const object of objects ?? []) {
    const id = object.parents[input];
    if (id !== undefined) groups.set(id, [...(groups.get(id) ?? []), object]);
  }
  return groups;
}

/** The arm entries of one field: action and audiences (legal entities by key), options, adoptId. */
function armEntries(out: ExportContext, arms: readonly ReadObject[]): Record<string, Json> {
  const options = new Map(
    out.entities("OptionGroup").map((group) => [group.id, z.array(optionSchema).parse(group.options)]),
  );
  const ids = { companyId: out.snapshot.companyId, legalEntityKeys: out.keysOf("LegalEntity") };
  // Arm keys are unique within their field.
  const keys = out.keysAmong(
    arms.map(({ entity }) => entity),
    "arm",
  );
  const entries: Record<string, Json> = {};
  for (const { entity: arm } of arms) {
    const audiences = audiencesSchema
      .parse(arm.audiences)
      .map((audience) =>
        audience.predicates === undefined
          ? audience
          : { ...audience, predicates: audience.predicates.map((p) => toManifestPredicate(p, ids)) },
      );
    const group = typeof arm.optionGroupId === "string" ? options.get(arm.optionGroupId) : undefined;
    const listed = group === undefined ? {} : { options: group.map((option) => pick(option, OPTION_FIELDS)) };
    const key = keys.get(arm.id);
    if (key === undefined) throw new Error(`export: no manifest key for Arm ${arm.id}`);
    entries[key] = { ...pick(arm, ARM_FIELDS), audiences, adoptId: arm.id, ...listed };
  }
  return entries;
}
