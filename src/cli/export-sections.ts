/**
 * The export's writers of the sections that are more than plain entries: the company, its
 * settings (features, configs, per-trip service charge), custom fields with their arms, options
 * and checkout order, and the access sections (group roles, partner keys). Each reads the objects
 * the registry's inventories listed (`snapshot.objects` by type) and writes manifest entries whose
 * fields come from the resource's input schema.
 */
import { z } from "zod";
import { armInputsSchema } from "../resources/arm";
import { companyInputsSchema } from "../resources/company";
import { customFieldInputsSchema } from "../resources/custom-field";
import { CONFIG_DOCUMENTS } from "../schemas/company-config-documents";
import { optionSchema } from "../schemas/custom-field";
import { featureNameSchema } from "../schemas/features";
import { roleAssignmentSchema } from "../schemas/user-group";
import type { ReadObject } from "../tenant/read-tenant";
import { type ExportDocument, type Json, pick } from "./export-document";
import { manifestKeys } from "./manifest-keys";

/** The input names of a schema shape, without `adoptId` and `leave`. */
const inputNames = (shape: Record<string, unknown>, leave: readonly string[] = []) =>
  Object.keys(shape).filter((key) => key !== "adoptId" && !leave.includes(key));

const COMPANY_FIELDS = inputNames(companyInputsSchema.shape);
// The level is written only when it is not the default (ORG).
const CUSTOM_FIELD_FIELDS = inputNames(customFieldInputsSchema.shape, ["companyId", "companyRole"]);
const ARM_FIELDS = inputNames(armInputsSchema.shape, ["companyId", "customFieldId", "audiences"]);
const OPTION_FIELDS = Object.keys(optionSchema.shape);

const featuresSchema = z.array(z.looseObject({ name: z.string(), value: z.string().optional() })).default([]);
const configSchema = z.looseObject({
  kind: z.enum(Object.keys(CONFIG_DOCUMENTS) as [keyof typeof CONFIG_DOCUMENTS]),
  companyRole: z.string().optional(),
  config: z.record(z.string(), z.unknown()),
});
const predicateSchema = z.looseObject({ type: z.string(), id: z.string().optional() });
const audiencesSchema = z
  .array(z.looseObject({ predicates: z.array(predicateSchema).optional() }))
  .default([]);
const orderSchema = z.looseObject({ companyRole: z.string(), fieldIds: z.array(z.string()) });

type Predicate = z.output<typeof predicateSchema>;

/** The company: its inputs as the platform holds them, adopted by id. */
function writeCompany(out: ExportDocument): void {
  const { company, companyId } = out.snapshot;
  out.document.company = out.sealed("company", undefined, {
    ...pick(company, COMPANY_FIELDS),
    adoptId: companyId,
  });
  out.counts.company = 1;
}

/** Features (the ones this version knows), config documents and the per-trip service charge. */
function writeSettings(out: ExportDocument): void {
  const features = featuresSchema.parse(out.entities("CompanyFeatures")[0]?.features);
  const set = features.flatMap(({ name, value }) => (value === undefined ? [] : [{ name, value }]));
  const known = set.filter((f) => featureNameSchema.safeParse(f.name).success);
  const unknown = set.filter((f) => !featureNameSchema.safeParse(f.name).success);
  if (known.length > 0) out.document.features = Object.fromEntries(known.map((f) => [f.name, f.value]));
  out.counts.features = known.length;
  if (unknown.length > 0)
    out.notes.push(
      `features: ${unknown.map((f) => f.name).join(", ")} left out: not feature names this version knows`,
    );
  const configs = out.entities("CompanyConfig").map((entity) => configSchema.parse(entity));
  out.keyed(
    "configs",
    Object.fromEntries(
      configs.map(({ kind, companyRole, config }) => [
        companyRole === undefined ? kind : `${kind}-${companyRole.toLowerCase().replaceAll("_", "-")}`,
        { kind, ...(companyRole === undefined ? {} : { companyRole }), config },
      ]),
    ),
  );
  const charge = out.entities("PerTripServiceCharge")[0]?.config;
  if (charge !== undefined) out.document.perTripServiceCharge = { config: charge };
  out.counts.perTripServiceCharge = charge === undefined ? 0 : 1;
}

/** A scope predicate naming this manifest's company (`company: true`) and legal entities by key. */
function keyedPredicate(out: ExportDocument, predicate: Predicate): Json {
  if (predicate.type === "COMPANY" && predicate.id === out.snapshot.companyId)
    return { type: "COMPANY", company: true };
  const legalEntities = out.keysOf("LegalEntity");
  const legalEntity =
    predicate.type === "LEGAL_ENTITY" && predicate.id !== undefined
      ? legalEntities.get(predicate.id)
      : undefined;
  if (legalEntity !== undefined) return { type: "LEGAL_ENTITY", legalEntity };
  return predicate.id === undefined ? { type: predicate.type } : { type: predicate.type, id: predicate.id };
}

/** The objects of `type` grouped by their parent id `input`. */
function byParent(objects: readonly ReadObject[] | undefined, input: string): Map<string, ReadObject[]> {
  const groups = new Map<string, ReadObject[]>();
  for (const object of objects ?? []) {
    const id = object.parents[input];
    if (id !== undefined) groups.set(id, [...(groups.get(id) ?? []), object]);
  }
  return groups;
}

/** The arm entries of one field: action and audiences (legal entities by key), options, adoptId. */
function armEntries(out: ExportDocument, arms: readonly ReadObject[]): Record<string, Json> {
  const options = new Map(
    (out.snapshot.objects.OptionGroup ?? []).map(({ entity }) => [
      entity.id,
      z.array(optionSchema).parse(entity.options),
    ]),
  );
  // Arm keys are unique within their field.
  const keys = manifestKeys(
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
          : { ...audience, predicates: audience.predicates.map((p) => keyedPredicate(out, p)) },
      );
    const group = typeof arm.optionGroupId === "string" ? options.get(arm.optionGroupId) : undefined;
    const listed = group === undefined ? {} : { options: group.map((option) => pick(option, OPTION_FIELDS)) };
    const key = keys.get(arm.id);
    if (key === undefined) throw new Error(`export: no manifest key for Arm ${arm.id}`);
    entries[key] = { ...pick(arm, ARM_FIELDS), audiences, adoptId: arm.id, ...listed };
  }
  return entries;
}

/** Custom fields with their arms and options, and the checkout order of the first level with fields. */
function writeCustomFields(out: ExportDocument): void {
  const arms = byParent(out.snapshot.objects.Arm, "customFieldId");
  const entries: Record<string, Json> = {};
  for (const field of out.entities("CustomField")) {
    const key = out.keyOf("CustomField", field.id);
    const fieldArms = arms.get(field.id) ?? [];
    entries[key] = out.sealed("customFields", key, {
      ...pick(field, CUSTOM_FIELD_FIELDS),
      ...(field.companyRole === "ORG" ? {} : { companyRole: field.companyRole }),
      adoptId: field.id,
      ...(fieldArms.length === 0 ? {} : { arms: armEntries(out, fieldArms) }),
    });
  }
  out.keyed("customFields", entries);
  const [order, ...others] = out.entities("CustomFieldOrder").map((entity) => orderSchema.parse(entity));
  if (order !== undefined)
    out.document.customFieldOrder = order.fieldIds.map((id) => out.keyOf("CustomField", id));
  for (const other of others)
    out.notes.push(
      `customFieldOrder: the order of the ${other.companyRole} fields is left out: a manifest orders the fields of one level (${order?.companyRole})`,
    );
}

/** The role assignments of custom groups (scopes by key) and the active partner keys. */
function writeAccess(out: ExportDocument): void {
  const groups: Record<string, Json> = {};
  for (const group of out.entities("UserGroupRoles")) {
    const roles = z.array(roleAssignmentSchema).parse(group.roles);
    groups[out.keyOf("UserGroupRoles", group.id)] = {
      groupId: group.id,
      roles: roles.map((role) => ({
        roleId: role.roleId,
        scope: {
          audiences: role.scope.audiences.map((audience) => ({
            predicates: audience.predicates.map((p) => keyedPredicate(out, p)),
          })),
        },
      })),
    };
  }
  out.keyed("userGroupRoles", groups);
  // The platform does not return key material: the file reads each key from stack config, and
  // adoption checks it against the registered key's kid and thumbprint.
  const keys: Record<string, Json> = {};
  for (const partnerKey of out.entities("PartnerPublicKey")) {
    const key = out.keyOf("PartnerPublicKey", partnerKey.id);
    const path = `partnerKeys.${key}.publicKeyPem`;
    const name = path.replaceAll(".", "-");
    out.stackValues.push({ name, path, secret: false });
    keys[key] = { kid: partnerKey.kid, publicKeyPem: `\${config:${name}}`, adoptId: partnerKey.id };
  }
  out.keyed("partnerKeys", keys);
}

/** The writers, in the order the document is built (plain sections go between settings and fields). */
export const SECTION_WRITERS = {
  company: writeCompany,
  settings: writeSettings,
  customFields: writeCustomFields,
  access: writeAccess,
};
