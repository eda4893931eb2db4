/**
 * Declares every resource of a tenant manifest: `tenantFromManifest("tenant.yaml")` in a Pulumi
 * program. Placeholders are read from the stack's config (`${secret:...}` stays secret), the
 * stack's overlay applies, and a manifest with any problem fails before any resource is declared.
 */
import * as pulumi from "@pulumi/pulumi";
import { Company } from "../resources/company";
import { CompanyConfig } from "../resources/company-config";
import { CompanyFeatures } from "../resources/company-features";
import { CostCenter } from "../resources/cost-center";
import { Department } from "../resources/department";
import { Grade } from "../resources/grade";
import { LegalEntity } from "../resources/legal-entity";
import { Office } from "../resources/office";
import { PerTripServiceCharge } from "../resources/per-trip-service-charge";
import { loadManifest } from "./load";
import { mapPlaceholders, placeholdersOf, substitute } from "./placeholders";
import type { TenantManifest } from "./schema";

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

/** Declares the tenant of the manifest `file` (or of an already loaded manifest). */
export function tenantFromManifest(file: string | TenantManifest, options: TenantOptions = {}): Tenant {
  const config = options.config ?? new pulumi.Config();
  const manifest =
    typeof file === "string"
      ? loadManifest(file, {
          stack: options.stack ?? pulumi.getStack(),
          resolve: (_kind, name) => config.get(name),
        })
      : file;
  const values = withStackValues(manifest, config);
  const name = (key: string) => `${options.namePrefix ?? ""}${key}`;
  const opts = options.resourceOptions ?? {};

  const company = new Company(name("company"), values.company, opts);
  const companyId = company.companyId;
  const each = <E, R>(entries: Record<string, E> | undefined, declare: (key: string, entry: E) => R) =>
    Object.fromEntries(Object.entries(entries ?? {}).map(([key, entry]) => [key, declare(key, entry)]));

  const legalEntities = each(
    values.legalEntities,
    (key, entry) => new LegalEntity(name(key), { ...entry, companyId }, opts),
  );
  return {
    company,
    features: values.features
      ? new CompanyFeatures(name("features"), { companyId, features: values.features }, opts)
      : undefined,
    perTripServiceCharge: values.perTripServiceCharge
      ? new PerTripServiceCharge(
          name("per-trip-service-charge"),
          { ...values.perTripServiceCharge, companyId },
          opts,
        )
      : undefined,
    configs: each(
      values.configs,
      (key, entry) => new CompanyConfig(name(key), { ...entry, companyId }, opts),
    ),
    legalEntities,
    offices: each(values.offices, (key, { legalEntity, ...entry }) => {
      const parent = legalEntities[legalEntity];
      if (!parent) throw new Error(`offices.${key}.legalEntity: no legal entity "${legalEntity}"`);
      return new Office(name(key), { ...entry, companyId, legalEntityId: parent.legalEntityId }, opts);
    }),
    costCenters: each(
      values.costCenters,
      (key, entry) => new CostCenter(name(key), { ...entry, companyId }, opts),
    ),
    departments: each(
      values.departments,
      (key, entry) => new Department(name(key), { ...entry, companyId }, opts),
    ),
    grades: each(values.grades, (key, entry) => new Grade(name(key), { ...entry, companyId }, opts)),
  };
}

/**
 * The manifest with placeholders replaced: `${config:x}` by the config value, and any string
 * holding a `${secret:x}` by a secret Output, so the value stays encrypted in state.
 */
function withStackValues(manifest: TenantManifest, config: pulumi.Config): TenantManifest {
  return mapPlaceholders(manifest, (text) => {
    const secrets = placeholdersOf(text).filter((p) => p.kind === "secret");
    if (secrets.length === 0) return substitute(text, (_kind, name) => config.require(name));
    const values = Object.fromEntries(secrets.map((p) => [p.name, config.requireSecret(p.name)]));
    return pulumi
      .all(values)
      .apply((resolved) =>
        substitute(text, (kind, name) => (kind === "secret" ? (resolved[name] ?? "") : config.require(name))),
      );
  }) as TenantManifest;
}
