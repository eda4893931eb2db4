/**
 * Turns a live tenant (a {@link TenantSnapshot}) into a tenant manifest document, for
 * `pulumi-travel export`: every object carries its platform id as `adoptId`, objects refer to
 * each other by manifest key, keys are derived from externalIds or names, and no secret is
 * written (a secret input becomes a `${secret:...}` placeholder). Pure: no I/O.
 */
import { stringify } from "yaml";
import { armInputsSchema } from "../resources/arm";
import { companyInputsSchema } from "../resources/company";
import { costCenterResource } from "../resources/cost-center";
import { customFieldInputsSchema } from "../resources/custom-field";
import { departmentResource } from "../resources/department";
import { gradeResource } from "../resources/grade";
import { legalEntityResource } from "../resources/legal-entity";
import { officeResource } from "../resources/office";
import { featureNameSchema } from "../schemas/features";
import type { Entity, TenantSnapshot } from "../tenant/read-tenant";
import { manifestKeys } from "./manifest-keys";

type Json = Record<string, unknown>;

/** Sections whose entries can hold secret inputs, and the resource type behind each. */
export const SECRET_SECTIONS = {
  company: "Company",
  legalEntities: "LegalEntity",
  offices: "Office",
  costCenters: "CostCenter",
  departments: "Department",
  grades: "Grade",
  customFields: "CustomField",
} as const;

/** Section name of {@link SECRET_SECTIONS}. */
export type SecretSection = keyof typeof SECRET_SECTIONS;

/** What shapes an export beyond the snapshot. */
export interface ExportShape {
  /** The secret inputs of each section's resource (`secretInputs` of its definition). */
  secretInputs: Partial<Record<SecretSection, readonly string[]>>;
}

/** A value the file does not hold: a placeholder reads it from the stack's config or secrets. */
export interface StackValue {
  /** The config name the placeholder reads. */
  name: string;
  /** Where it is used, such as `legalEntities.acme-us.ein`. */
  path: string;
  /** A secret input (`${secret:...}`); otherwise a value the platform does not return. */
  secret: boolean;
}

/** The export: the document, what it needs from stack config, and what it left out. */
export interface ExportResult {
  document: Json;
  /** Placeholders to set with `pulumi config set [--secret]` before `pulumi up`. */
  stackValues: StackValue[];
  /** What the platform holds that the manifest does not (and why). */
  notes: string[];
  /** Entries written per section. */
  counts: Record<string, number>;
}

/** The shape of this version: secret inputs read off the resource definitions. */
export function currentExportShape(definitions: Readonly<Record<string, object>>): ExportShape {
  const secretInputs: ExportShape["secretInputs"] = {};
  for (const [section, type] of Object.entries(SECRET_SECTIONS) as [SecretSection, string][]) {
    const secret = (definitions[type] as { secretInputs?: readonly string[] } | undefined)?.secretInputs;
    if (secret && secret.length > 0) secretInputs[section] = secret;
  }
  return { secretInputs };
}

const keysOf = (shape: Record<string, unknown>, leave: readonly string[] = []) =>
  Object.keys(shape).filter((key) => key !== "adoptId" && !leave.includes(key));

const COMPANY_FIELDS = keysOf(companyInputsSchema.shape);
const LEGAL_ENTITY_FIELDS = keysOf(legalEntityResource.fields);
const OFFICE_FIELDS = keysOf(officeResource.fields);
const COST_CENTER_FIELDS = keysOf(costCenterResource.fields, costCenterResource.createOnly);
const DEPARTMENT_FIELDS = keysOf(departmentResource.fields, departmentResource.createOnly);
const GRADE_FIELDS = keysOf(gradeResource.fields, gradeResource.createOnly);
// Only the company's own (ORG) fields are read, and ORG is the default level.
const CUSTOM_FIELD_FIELDS = keysOf(customFieldInputsSchema.shape, ["companyId", "companyRole"]);
const ARM_FIELDS = keysOf(armInputsSchema.shape, ["companyId", "customFieldId"]);
const OPTION_FIELDS = ["name", "description", "additionalInfos"];

/** The values of `fields` that `entity` holds (null and undefined left out). */
function pick(entity: Json, fields: readonly string[]): Json {
  const out: Json = {};
  for (const field of fields) {
    const value = entity[field];
    if (value !== undefined && value !== null) out[field] = value;
  }
  return out;
}

/** Builds the manifest of `snapshot`. */
export function manifestFromTenant(snapshot: TenantSnapshot, shape: ExportShape): ExportResult {
  const stackValues: StackValue[] = [];
  const notes: string[] = [];
  const counts: Record<string, number> = {};
  const document: Json = {};

  /** `entry` with its secret inputs replaced by placeholders. */
  const sealed = (section: SecretSection, key: string | undefined, entry: Json): Json => {
    for (const field of shape.secretInputs[section] ?? []) {
      if (entry[field] === undefined) continue;
      const path = key === undefined ? `${section}.${field}` : `${section}.${key}.${field}`;
      const name = path.replaceAll(".", "-");
      entry[field] = `\${secret:${name}}`;
      stackValues.push({ name, path, secret: true });
    }
    return entry;
  };
  /** Writes a keyed section (nothing when empty). */
  const keyed = (section: string, entries: Record<string, Json>) => {
    counts[section] = Object.keys(entries).length;
    if (counts[section] > 0) document[section] = entries;
  };
  /** Entries of a section of company children, by derived key. */
  const children = (section: SecretSection, entities: readonly Entity[], fields: readonly string[]) => {
    const keys = manifestKeys(entities, section);
    return {
      keys,
      entries: Object.fromEntries(
        entities.map((entity) => {
          const key = keys.get(entity.id) as string;
          return [key, sealed(section, key, { ...pick(entity, fields), adoptId: entity.id })];
        }),
      ),
    };
  };

  document.company = sealed("company", undefined, {
    ...pick(snapshot.company, COMPANY_FIELDS),
    adoptId: snapshot.companyId,
  });
  counts.company = 1;

  const known = snapshot.features.filter((f) => featureNameSchema.safeParse(f.name).success);
  const unknown = snapshot.features.filter((f) => !featureNameSchema.safeParse(f.name).success);
  if (known.length > 0) document.features = Object.fromEntries(known.map((f) => [f.name, f.value]));
  counts.features = known.length;
  if (unknown.length > 0)
    notes.push(
      `features: ${unknown.map((f) => f.name).join(", ")} left out: not feature names this version knows`,
    );

  keyed(
    "configs",
    Object.fromEntries(
      snapshot.configs.map(({ kind, companyRole, config }) => [
        companyRole === undefined ? kind : `${kind}-${companyRole.toLowerCase().replaceAll("_", "-")}`,
        { kind, ...(companyRole === undefined ? {} : { companyRole }), config },
      ]),
    ),
  );
  if (snapshot.perTripServiceCharge !== undefined)
    document.perTripServiceCharge = { config: snapshot.perTripServiceCharge };
  counts.perTripServiceCharge = snapshot.perTripServiceCharge === undefined ? 0 : 1;

  const legalEntities = children("legalEntities", snapshot.legalEntities, LEGAL_ENTITY_FIELDS);
  keyed("legalEntities", legalEntities.entries);
  const offices = children("offices", snapshot.offices, OFFICE_FIELDS);
  for (const office of snapshot.offices) {
    const entry = offices.entries[offices.keys.get(office.id) as string] as Json;
    offices.entries[offices.keys.get(office.id) as string] = {
      legalEntity: legalEntities.keys.get(office.legalEntityId),
      ...entry,
    };
  }
  keyed("offices", offices.entries);
  keyed("costCenters", children("costCenters", snapshot.costCenters, COST_CENTER_FIELDS).entries);
  keyed("departments", children("departments", snapshot.departments, DEPARTMENT_FIELDS).entries);
  keyed("grades", children("grades", snapshot.grades, GRADE_FIELDS).entries);

  const fieldKeys = manifestKeys(
    snapshot.customFields.map(({ field }) => field),
    "customFields",
  );
  const predicate = (p: Predicate) => keyedPredicate(p, snapshot.companyId, legalEntities.keys);
  const customFields: Record<string, Json> = {};
  for (const { field, enabled, arms } of snapshot.customFields) {
    const key = fieldKeys.get(field.id) as string;
    const armKeys = manifestKeys(
      arms.map(({ arm }) => arm),
      "arms",
    );
    const armEntries = Object.fromEntries(
      arms.map(({ arm, options }) => [
        armKeys.get(arm.id) as string,
        {
          ...pick(arm, ARM_FIELDS),
          audiences: (Array.isArray(arm.audiences) ? (arm.audiences as Json[]) : []).map((audience) =>
            Array.isArray(audience.predicates)
              ? { ...audience, predicates: (audience.predicates as Predicate[]).map(predicate) }
              : audience,
          ),
          adoptId: arm.id,
          ...(options === undefined ? {} : { options: options.map((option) => pick(option, OPTION_FIELDS)) }),
        },
      ]),
    );
    customFields[key] = sealed("customFields", key, {
      ...pick({ ...field, enabled }, CUSTOM_FIELD_FIELDS),
      adoptId: field.id,
      ...(arms.length === 0 ? {} : { arms: armEntries }),
    });
  }
  keyed("customFields", customFields);
  if (snapshot.customFields.length > 0)
    document.customFieldOrder = snapshot.customFields.map(({ field }) => fieldKeys.get(field.id));

  const groupKeys = manifestKeys(snapshot.userGroups, "userGroupRoles");
  keyed(
    "userGroupRoles",
    Object.fromEntries(
      snapshot.userGroups.map((group) => [
        groupKeys.get(group.id) as string,
        {
          groupId: group.id,
          roles: group.roles.map((role) => ({
            roleId: role.roleId,
            scope: {
              audiences: role.scope.audiences.map((audience) => ({
                predicates: audience.predicates.map(predicate),
              })),
            },
          })),
        },
      ]),
    ),
  );

  // The platform does not return key material: the file reads each key from stack config, and
  // adoption checks it against the registered key's kid and thumbprint.
  const partnerKeys = manifestKeys(
    snapshot.partnerKeys.map((key) => ({ id: key.id, name: key.kid })),
    "partnerKeys",
  );
  keyed(
    "partnerKeys",
    Object.fromEntries(
      snapshot.partnerKeys.map((partnerKey) => {
        const key = partnerKeys.get(partnerKey.id) as string;
        const path = `partnerKeys.${key}.publicKeyPem`;
        const name = path.replaceAll(".", "-");
        stackValues.push({ name, path, secret: false });
        return [key, { kid: partnerKey.kid, publicKeyPem: `\${config:${name}}`, adoptId: partnerKey.id }];
      }),
    ),
  );
  notes.push(
    "apiUsers: not exported: the platform lists API users by clientId only, without their role or company",
    "tenantKey: not exported: the platform has no read call for tenant keys (add `tenantKey: {}` to manage it: the first up provisions a key, or rotates the one the company has)",
  );
  return { document, stackValues, notes, counts };
}

type Predicate = { type: string; id?: string | undefined };

/** A scope predicate naming this manifest's company (`company: true`) and legal entities by key. */
function keyedPredicate(predicate: Predicate, companyId: string, legalEntityKeys: Map<string, string>): Json {
  if (predicate.type === "COMPANY" && predicate.id === companyId) return { type: "COMPANY", company: true };
  const legalEntity =
    predicate.type === "LEGAL_ENTITY" && predicate.id !== undefined
      ? legalEntityKeys.get(predicate.id)
      : undefined;
  if (legalEntity !== undefined) return { type: "LEGAL_ENTITY", legalEntity };
  return predicate.id === undefined ? { type: predicate.type } : { type: predicate.type, id: predicate.id };
}

/** The manifest as YAML: keys sorted at every level, so a re-export diffs cleanly in git. */
export function manifestYaml(document: Json, companyId: string): string {
  const header =
    `# Exported by \`pulumi-travel export --company ${companyId}\`: every object carries its platform id\n` +
    "# as adoptId, so the first `pulumi up` adopts it instead of creating it.\n" +
    "# yaml-language-server: $schema=node_modules/pulumi-travel/schemas/tenant-manifest.schema.json\n";
  return header + stringify(document, { sortMapEntries: true, lineWidth: 0 });
}
