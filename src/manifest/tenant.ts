/**
 * Declares every resource of a tenant manifest: `tenantFromManifest("tenant.yaml")` in a Pulumi
 * program. Placeholders are read from the stack's config (`${secret:...}` stays secret), the
 * stack's overlay applies, and a manifest with any problem fails before any resource is declared.
 */
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { ApiUser } from "../resources/api-user";
import { Arm } from "../resources/arm";
import { Company } from "../resources/company";
// The manifest checks each document against its kind at load time; the union is for editors.
import { CompanyConfig, type CompanyConfigArgs } from "../resources/company-config";
import { CompanyFeatures } from "../resources/company-features";
import { CostCenter } from "../resources/cost-center";
import { CustomField } from "../resources/custom-field";
import { CustomFieldOrder } from "../resources/custom-field-order";
import { Department } from "../resources/department";
import { Grade } from "../resources/grade";
import { LegalEntity } from "../resources/legal-entity";
import { Office } from "../resources/office";
import { OptionGroup } from "../resources/option-group";
import { PartnerPublicKey } from "../resources/partner-public-key";
import { PerTripServiceCharge } from "../resources/per-trip-service-charge";
import { TenantKey } from "../resources/tenant-key";
import { UserGroupRoles } from "../resources/user-group-roles";
import { type AudienceIds, toPlatformAudiences } from "./audiences";
import type { CustomFieldEntry } from "./custom-field-entry";
import { ManifestError, readManifest } from "./load";
import { hasPlaceholder, placeholdersOf } from "./placeholders";
import { PLAIN_SECTIONS } from "./plain-sections";
import type { ManifestDocument, TenantManifest } from "./schema";
import { formatPath, type ValuePath } from "./source-map";

/** The keyed sections {@link tenantFromManifest} declares with a rule of their own. */
type KeyedSection = "configs" | "customFields" | "userGroupRoles" | "apiUsers" | "partnerKeys";

/** Options of {@link tenantFromManifest}. */
export interface TenantOptions {
  /** The stack whose overlay applies; defaults to the current stack. */
  stack?: string | undefined;
  /** Prefix of every resource name, to declare several tenants in one program. */
  namePrefix?: string | undefined;
  /** The config placeholders read from; defaults to the project's config. */
  config?: pulumi.Config | undefined;
  /** Options passed to every resource (a provider-wide `parent`, `protect`, ...). */
  resourceOptions?: pulumi.CustomResourceOptions | undefined;
}

/** Resources by manifest key. */
type Keyed<R> = Record<string, R>;

/** The resources a manifest declared, by section and manifest key. */
export interface Tenant {
  company: Company;
  features: CompanyFeatures | undefined;
  perTripServiceCharge: PerTripServiceCharge | undefined;
  configs: Keyed<CompanyConfig>;
  /**
   * Every section of plain entries by section, then key: legal entities, offices, cost centers,
   * departments, grades, and any company child the registry holds.
   */
  sections: Record<string, Keyed<pulumi.dynamic.Resource>>;
  legalEntities: Keyed<LegalEntity>;
  offices: Keyed<Office>;
  costCenters: Keyed<CostCenter>;
  departments: Keyed<Department>;
  grades: Keyed<Grade>;
  customFields: Keyed<CustomField>;
  /** Arms by custom field key, then arm key. */
  arms: Record<string, Keyed<Arm>>;
  /** Option groups by custom field key, then arm key (arms that declare `options`). */
  optionGroups: Record<string, Keyed<OptionGroup>>;
  customFieldOrder: CustomFieldOrder | undefined;
  userGroupRoles: Keyed<UserGroupRoles>;
  apiUsers: Keyed<ApiUser>;
  partnerKeys: Keyed<PartnerPublicKey>;
  tenantKey: TenantKey | undefined;
}

/** What the section declarations share: names, options and the company. */
interface DeclareContext {
  values: TenantManifest;
  companyId: pulumi.Output<string>;
  name: (key: string) => string;
  optsFor: OptionsFor;
  base: pulumi.CustomResourceOptions;
}

/** Declares the tenant of the manifest `file` (or of an already loaded, resolved manifest). */
export function tenantFromManifest(file: string | TenantManifest, options: TenantOptions = {}): Tenant {
  const config = options.config ?? new pulumi.Config();
  const { manifest, secretPaths } =
    typeof file === "string" ? readForStack(file, options, config) : { manifest: file, secretPaths: [] };
  const values = markSecrets(manifest, secretPaths);
  const name = (key: string) => `${options.namePrefix ?? ""}${key}`;
  const base = options.resourceOptions ?? {};
  /**
   * Options of the object at `path`: its fields that came from a secret are secret outputs too
   * (those `owns`: a field's arms, for one, are resources of their own).
   */
  const optsFor: OptionsFor = (path = [], owns = () => true) => {
    const secret = secretFieldsUnder(secretPaths, path).filter(owns);
    return secret.length === 0
      ? base
      : { ...base, additionalSecretOutputs: [...(base.additionalSecretOutputs ?? []), ...secret] };
  };
  const company = new Company(name("company"), values.company, optsFor(["company"]));
  const ctx: DeclareContext = { values, companyId: company.companyId, name, optsFor, base };
  const sections = declarePlainSections(ctx);
  const audienceIds: AudienceIds<pulumi.Output<string>> = {
    company: ctx.companyId,
    legalEntity: (key) => {
      const entity = sections.legalEntities?.[key];
      if (!entity) throw new Error(`no legal entity "${key}" in the manifest`);
      return entity.id;
    },
  };
  return {
    company,
    ...declareSettings(ctx),
    sections,
    legalEntities: only(sections.legalEntities, LegalEntity),
    offices: only(sections.offices, Office),
    costCenters: only(sections.costCenters, CostCenter),
    departments: only(sections.departments, Department),
    grades: only(sections.grades, Grade),
    ...declareCustomFields(ctx, audienceIds),
    ...declareAccess(ctx, audienceIds),
  };
}

/** The resources of `section` that are instances of `Class` (all of them: the section's class). */
function only<R>(
  section: Keyed<pulumi.dynamic.Resource> | undefined,
  Class: abstract new (...args: never[]) => R,
): Keyed<R> {
  const out: Keyed<R> = {};
  for (const [key, resource] of Object.entries(section ?? {}))
    if (resource instanceof Class) out[key] = resource;
  return out;
}

/** Declares each entry of a keyed section, with the options its raw entry calls for. */
function each<K extends KeyedSection, R>(
  { values, optsFor }: DeclareContext,
  section: K,
  declare: (
    key: string,
    entry: NonNullable<ManifestDocument[K]>[string],
    opts: pulumi.CustomResourceOptions,
  ) => R,
  owns?: (field: string) => boolean,
): Keyed<R> {
  return Object.fromEntries(
    Object.entries(values[section] ?? {}).map(([key, entry]) => [
      key,
      declare(key, entry as NonNullable<ManifestDocument[K]>[string], optsFor([section, key], owns)),
    ]),
  );
}

const plainEntriesSchema = z.record(z.string(), z.record(z.string(), z.unknown())).optional();

/**
 * Declares the sections of plain entries, in the registry's order (parents first): each entry's
 * fields with the company's id and, for a child of a parent below the company, the parent's id.
 */
function declarePlainSections({ values, companyId, name, optsFor }: DeclareContext) {
  const sections: Record<string, Keyed<pulumi.dynamic.Resource>> = {};
  for (const { section, Resource, parent } of PLAIN_SECTIONS) {
    const declared: Keyed<pulumi.dynamic.Resource> = (sections[section] = {});
    for (const [key, entry] of Object.entries(plainEntriesSchema.parse(values[section]) ?? {})) {
      const args: Record<string, unknown> = { ...entry, companyId };
      if (parent !== undefined) {
        const ref = String(entry[parent.entryKey]);
        const owner = sections[parent.section]?.[ref];
        if (!owner)
          throw new Error(`${section}.${key}.${parent.entryKey}: no ${parent.section} entry "${ref}"`);
        delete args[parent.entryKey];
        args[parent.input] = owner.id;
      }
      declared[key] = Resource.fromValues(name(key), args, optsFor([section, key]));
    }
  }
  return sections;
}

/** The features, the per-trip service charge and the config documents. */
function declareSettings(ctx: DeclareContext): Pick<Tenant, "features" | "perTripServiceCharge" | "configs"> {
  const { values, companyId, name, optsFor } = ctx;
  return {
    features: values.features
      ? new CompanyFeatures(name("features"), { companyId, features: values.features }, optsFor())
      : undefined,
    perTripServiceCharge: values.perTripServiceCharge
      ? new PerTripServiceCharge(
          name("per-trip-service-charge"),
          { ...values.perTripServiceCharge, companyId },
          optsFor(["perTripServiceCharge"]),
        )
      : undefined,
    configs: each(
      ctx,
      "configs",
      (key, entry, opts) => new CompanyConfig(name(key), { ...entry, companyId } as CompanyConfigArgs, opts),
    ),
  };
}

/** Custom fields with their arms and option groups, and their checkout order. */
function declareCustomFields(
  ctx: DeclareContext,
  audienceIds: AudienceIds<pulumi.Output<string>>,
): Pick<Tenant, "customFields" | "arms" | "optionGroups" | "customFieldOrder"> {
  const { values, companyId, name, optsFor, base } = ctx;
  const entries = values.customFields ?? {};
  const customFields = each(
    ctx,
    "customFields",
    (key, { arms: _arms, ...entry }, opts) => new CustomField(name(key), { ...entry, companyId }, opts),
    (field) => field !== "arms",
  );
  const checkout = declareArms(entries, customFields, { companyId, audienceIds, name, optsFor });
  const order = values.customFieldOrder;
  // The order is kept per level: that of the fields it lists (a TMC orders its TMC fields).
  const companyRole = order?.[0] === undefined ? undefined : entries[order[0]]?.companyRole;
  return {
    customFields,
    ...checkout,
    customFieldOrder: order
      ? new CustomFieldOrder(
          name("custom-field-order"),
          {
            companyId,
            ...(companyRole === undefined ? {} : { companyRole }),
            fieldIds: order.map((key) => {
              const field = customFields[key];
              if (!field) throw new Error(`customFieldOrder: no custom field "${key}" in the manifest`);
              return field.customFieldId;
            }),
          },
          base,
        )
      : undefined,
  };
}

/** Group roles, API users, partner keys and the tenant key. */
function declareAccess(
  ctx: DeclareContext,
  audienceIds: AudienceIds<pulumi.Output<string>>,
): Pick<Tenant, "userGroupRoles" | "apiUsers" | "partnerKeys" | "tenantKey"> {
  const { values, companyId, name, optsFor } = ctx;
  return {
    userGroupRoles: each(ctx, "userGroupRoles", (key, entry, opts) => {
      const roles = entry.roles.map((role) => ({
        ...role,
        scope: { audiences: toPlatformAudiences(role.scope.audiences, audienceIds) },
      }));
      return new UserGroupRoles(name(key), { groupId: entry.groupId, roles, companyId }, opts);
    }),
    apiUsers: each(
      ctx,
      "apiUsers",
      (key, entry, opts) =>
        new ApiUser(name(key), entry.role === "COMPANY_ADMIN" ? { ...entry, orgId: companyId } : entry, opts),
    ),
    partnerKeys: each(
      ctx,
      "partnerKeys",
      (key, entry, opts) => new PartnerPublicKey(name(key), { ...entry, companyId }, opts),
    ),
    tenantKey: values.tenantKey
      ? new TenantKey(name("tenant-key"), { ...values.tenantKey, companyId }, optsFor(["tenantKey"]))
      : undefined,
  };
}

/** What declaring arms and option groups needs from {@link tenantFromManifest}. */
interface ArmContext {
  companyId: pulumi.Output<string>;
  audienceIds: AudienceIds<pulumi.Output<string>>;
  name: (key: string) => string;
  optsFor: OptionsFor;
}

/** The resource options of the object at `path`, given the fields of it the resource owns. */
type OptionsFor = (path?: string[], owns?: (field: string) => boolean) => pulumi.CustomResourceOptions;

/** Declares the arms of every custom field, and the option group of each arm that lists options. */
function declareArms(
  entries: Record<string, CustomFieldEntry>,
  fields: Record<string, CustomField>,
  { companyId, audienceIds, name, optsFor }: ArmContext,
): Pick<Tenant, "arms" | "optionGroups"> {
  const arms: Tenant["arms"] = {};
  const optionGroups: Tenant["optionGroups"] = {};
  for (const [fieldKey, field] of Object.entries(entries)) {
    const customFieldId = fields[fieldKey]?.customFieldId;
    if (!customFieldId) throw new Error(`customFields: no custom field "${fieldKey}"`);
    const fieldArms: Record<string, Arm> = (arms[fieldKey] = {});
    const fieldGroups: Record<string, OptionGroup> = (optionGroups[fieldKey] = {});
    for (const [armKey, { options, audiences, ...arm }] of Object.entries(field.arms ?? {})) {
      const path = ["customFields", fieldKey, "arms", armKey];
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

/** Loads `file` for the stack, placeholders resolved from `config`; every problem throws. */
function readForStack(file: string, options: TenantOptions, config: pulumi.Config) {
  const result = readManifest(file, {
    stack: options.stack ?? pulumi.getStack(),
    resolve: (_kind, name) => config.get(name),
  });
  if (!result.manifest) throw new ManifestError(result.issues);
  const missing = unresolvedPlaceholders(result.manifest);
  if (missing.length > 0) {
    throw new Error(
      `the tenant manifest ${file} needs stack config: ${missing
        .map(
          ({ path, name, kind }) =>
            `${path} reads ${name} (pulumi config set${kind === "secret" ? " --secret" : ""} ${name} ...)`,
        )
        .join("; ")}`,
    );
  }
  return { manifest: result.manifest, secretPaths: result.secretPaths };
}

function unresolvedPlaceholders(
  value: unknown,
  path: (string | number)[] = [],
): { path: string; name: string; kind: string }[] {
  if (hasPlaceholder(value)) return placeholdersOf(value).map((p) => ({ path: formatPath(path), ...p }));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => unresolvedPlaceholders(item, [...path, key]));
}

/** `manifest` with the values at `paths` wrapped as secret Outputs, so state keeps them encrypted. */
function markSecrets(manifest: TenantManifest, paths: readonly ValuePath[]): TenantManifest {
  if (paths.length === 0) return manifest;
  const copy = structuredClone(manifest) as unknown as Record<string | number, unknown>;
  for (const path of paths) {
    const parent = path
      .slice(0, -1)
      .reduce<unknown>((node, part) => (node as Record<string | number, unknown> | undefined)?.[part], copy);
    const last = path[path.length - 1];
    if (parent && typeof parent === "object" && last !== undefined) {
      const holder = parent as Record<string | number, unknown>;
      holder[last] = pulumi.secret(holder[last]);
    }
  }
  return copy as unknown as TenantManifest;
}

/**
 * The resource fields under `path` that hold a secret: for `legalEntities.us.ein` at path
 * `[legalEntities, us]`, `ein`; for the features map, `features`.
 */
function secretFieldsUnder(secretPaths: readonly ValuePath[], path: readonly string[]): string[] {
  const fields = new Set<string>();
  for (const secret of secretPaths) {
    if (path.length === 0 && secret[0] === "features") fields.add("features");
    else if (path.length > 0 && path.every((part, i) => secret[i] === part) && secret.length > path.length) {
      fields.add(String(secret[path.length]));
    }
  }
  return [...fields];
}
