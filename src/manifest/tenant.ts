/**
 * Declares every resource of a tenant manifest: `tenantFromManifest("tenant.yaml")` in a Pulumi
 * program. Placeholders are read from the stack's config (`${secret:...}` stays secret), the
 * stack's overlay applies, and a manifest with any problem fails before any resource is declared.
 */
import * as pulumi from "@pulumi/pulumi";
import { Company } from "../resources/company";
// The manifest checks each document against its kind at load time; the union is for editors.
import { CompanyConfig, type CompanyConfigArgs } from "../resources/company-config";
import { CompanyFeatures } from "../resources/company-features";
import { CostCenter } from "../resources/cost-center";
import { Department } from "../resources/department";
import { Grade } from "../resources/grade";
import { LegalEntity } from "../resources/legal-entity";
import { Office } from "../resources/office";
import { PerTripServiceCharge } from "../resources/per-trip-service-charge";
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
}

/** Declares the tenant of the manifest `file` (or of an already loaded, resolved manifest). */
export function tenantFromManifest(file: string | TenantManifest, options: TenantOptions = {}): Tenant {
  const config = options.config ?? new pulumi.Config();
  const { manifest, secretPaths } =
    typeof file === "string" ? readForStack(file, options, config) : { manifest: file, secretPaths: [] };
  const values = markSecrets(manifest, secretPaths);
  const name = (key: string) => `${options.namePrefix ?? ""}${key}`;
  const base = options.resourceOptions ?? {};
  /** Options of the object at `path`: its fields that came from a secret are secret outputs too. */
  const optsFor = (...path: string[]): pulumi.CustomResourceOptions => {
    const secret = secretFieldsUnder(secretPaths, path);
    return secret.length === 0
      ? base
      : { ...base, additionalSecretOutputs: [...(base.additionalSecretOutputs ?? []), ...secret] };
  };

  const company = new Company(name("company"), values.company, optsFor("company"));
  const companyId = company.companyId;
  /** Declares each entry of a keyed section, with the options its raw entry calls for. */
  const each = <K extends KeyedSection, R>(
    section: K,
    declare: (
      key: string,
      entry: NonNullable<TenantManifest[K]>[string],
      opts: pulumi.CustomResourceOptions,
    ) => R,
  ): Record<string, R> =>
    Object.fromEntries(
      Object.entries(values[section] ?? {}).map(([key, entry]) => [
        key,
        declare(key, entry as NonNullable<TenantManifest[K]>[string], optsFor(section, key)),
      ]),
    );

  const legalEntities = each(
    "legalEntities",
    (key, entry, opts) => new LegalEntity(name(key), { ...entry, companyId }, opts),
  );
  return {
    company,
    features: values.features
      ? new CompanyFeatures(name("features"), { companyId, features: values.features }, optsFor())
      : undefined,
    perTripServiceCharge: values.perTripServiceCharge
      ? new PerTripServiceCharge(
          name("per-trip-service-charge"),
          { ...values.perTripServiceCharge, companyId },
          optsFor("perTripServiceCharge"),
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
  };
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
