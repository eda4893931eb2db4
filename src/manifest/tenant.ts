/**
 * Declares every resource of a tenant manifest: `tenantFromManifest("tenant.yaml")` in a Pulumi
 * program. Placeholders are read from the stack's config (`${secret:...}` stays secret), the
 * stack's overlay applies, and a manifest with any problem fails before any resource is declared.
 */
import * as pulumi from "@pulumi/pulumi";
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
import type { KEYED_SECTIONS, TenantManifest } from "./schema";
import { formatPath, type ValuePath } from "./source-map";

type KeyedSection = (typeof KEYED_SECTIONS)[number];

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

/** The resources a manifest declared, by section and manifest key. */
export interface Tenant {
  company: Company;
  features: CompanyFeatures | undefined;
  perTripServiceCharge: PerTripServiceCharge | undefined;
  configs: Record<string, CompanyConfig>;
  legalEntities: Record<string, LegalEntity>;
  offices: Record<string, Office>;
  costCenters: Record<string, CostCenter>;
  departments: Record<string, Department>;
  grades: Record<string, Grade>;
  customFields: Record<string, CustomField>;
  /** Arms by custom field key, then arm key. */
  arms: Record<string, Record<string, Arm>>;
  /** Option groups by custom field key, then arm key (arms that declare `options`). */
  optionGroups: Record<string, Record<string, OptionGroup>>;
  customFieldOrder: CustomFieldOrder | undefined;
  userGroupRoles: Record<string, UserGroupRoles>;
  apiUsers: Record<string, ApiUser>;
  partnerKeys: Record<string, PartnerPublicKey>;
  tenantKey: TenantKey | undefined;
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
  const companyId = company.companyId;
  /** Declares each entry of a keyed section, with the options its raw entry calls for. */
  const each = <K extends KeyedSection, R>(
    section: K,
    declare: (
      key: string,
      entry: NonNullable<TenantManifest[K]>[string],
      opts: pulumi.CustomResourceOptions,
    ) => R,
    owns?: (field: string) => boolean,
  ): Record<string, R> =>
    Object.fromEntries(
      Object.entries(values[section] ?? {}).map(([key, entry]) => [
        key,
        declare(key, entry as NonNullable<TenantManifest[K]>[string], optsFor([section, key], owns)),
      ]),
    );

  const legalEntities = each(
    "legalEntities",
    (key, entry, opts) => new LegalEntity(name(key), { ...entry, companyId }, opts),
  );
  const audienceIds: AudienceIds<pulumi.Output<string>> = {
    company: companyId,
    legalEntity: (key) => {
      const entity = legalEntities[key];
      if (!entity) throw new Error(`no legal entity "${key}" in the manifest`);
      return entity.legalEntityId;
    },
  };
  const customFields = each(
    "customFields",
    (key, { arms: _arms, ...entry }, opts) => new CustomField(name(key), { ...entry, companyId }, opts),
    (field) => field !== "arms",
  );
  const checkout = declareArms(values.customFields ?? {}, customFields, {
    companyId,
    audienceIds,
    name,
    optsFor,
  });
  return {
    company,
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
      "configs",
      (key, entry, opts) => new CompanyConfig(name(key), { ...entry, companyId } as CompanyConfigArgs, opts),
    ),
    legalEntities,
    offices: each("offices", (key, { legalEntity, ...entry }, opts) => {
      const parent = legalEntities[legalEntity];
      if (!parent) throw new Error(`offices.${key}.legalEntity: no legal entity "${legalEntity}"`);
      return new Office(name(key), { ...entry, companyId, legalEntityId: parent.legalEntityId }, opts);
    }),
    costCenters: each(
      "costCenters",
      (key, entry, opts) => new CostCenter(name(key), { ...entry, companyId }, opts),
    ),
    departments: each(
      "departments",
      (key, entry, opts) => new Department(name(key), { ...entry, companyId }, opts),
    ),
    grades: each("grades", (key, entry, opts) => new Grade(name(key), { ...entry, companyId }, opts)),
    customFields,
    ...checkout,
    customFieldOrder: values.customFieldOrder
      ? new CustomFieldOrder(
          name("custom-field-order"),
          {
            companyId,
            fieldIds: values.customFieldOrder.map((key) => {
              const field = customFields[key];
              if (!field) throw new Error(`customFieldOrder: no custom field "${key}" in the manifest`);
              return field.customFieldId;
            }),
          },
          base,
        )
      : undefined,
    userGroupRoles: each("userGroupRoles", (key, entry, opts) => {
      const roles = entry.roles.map((role) => ({
        ...role,
        scope: { audiences: toPlatformAudiences(role.scope.audiences, audienceIds) },
      }));
      return new UserGroupRoles(name(key), { groupId: entry.groupId, roles, companyId }, opts);
    }),
    apiUsers: each(
      "apiUsers",
      (key, entry, opts) =>
        new ApiUser(name(key), entry.role === "COMPANY_ADMIN" ? { ...entry, orgId: companyId } : entry, opts),
    ),
    partnerKeys: each(
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
