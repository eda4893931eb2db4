/**
 * Declares every resource of a tenant manifest: `tenantFromManifest("tenant.yaml")` in a Pulumi
 * program. Placeholders are read from the stack's config (`${secret:...}` stays secret), the
 * stack's overlay applies, and a manifest with any problem fails before any resource is declared.
 */
import type * as pulumi from "@pulumi/pulumi";
import { Config } from "@pulumi/pulumi/config";
import { getProject, getStack } from "@pulumi/pulumi/metadata";
import { secret } from "@pulumi/pulumi/output";
import { z } from "zod";
import type { AudienceIds } from "./audiences";
import type { Keyed, Tenant } from "./declared-tenant";
import { manifestOf, readManifest } from "./load";
import type { PlainSection } from "./plain-sections";
import type { TenantManifest } from "./schema";
import type { DeclareContext, OptionsFor } from "./section-codec";
import { MANIFEST_SECTIONS } from "./sections";
import type { ValuePath } from "./source-map";

export type { Tenant } from "./declared-tenant";

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

/**
 * Declares the tenant of the manifest `file` (or of an already loaded, resolved manifest): each
 * section in the registry's order, a company child's entries from its definition, any other
 * section by its codec (`sections/`).
 */
export function tenantFromManifest(file: string | TenantManifest, options: TenantOptions = {}): Tenant {
  const config = options.config ?? new Config();
  const { manifest, secretPaths, locate } =
    typeof file === "string"
      ? readForStack(file, options, config)
      : { manifest: file, secretPaths: [], locate: undefined };
  const values = markSecrets(manifest, secretPaths);
  const base = options.resourceOptions ?? {};
  /**
   * Options of the object at `path`: its fields that came from a secret are secret outputs too
   * (those `owns`: a field's arms, for one, are resources of their own).
   */
  const optsFor: OptionsFor = (path = [], owns = () => true) => {
    const secretFields = secretFieldsUnder(secretPaths, path).filter(owns);
    return secretFields.length === 0
      ? base
      : { ...base, additionalSecretOutputs: [...(base.additionalSecretOutputs ?? []), ...secretFields] };
  };
  const tenant: Partial<Tenant> = {};
  const sections: Tenant["sections"] = {};
  const companyOf = () => {
    if (tenant.company === undefined)
      throw new Error("the manifest's company is declared before its sections");
    return tenant.company;
  };
  const ctx: DeclareContext = {
    get companyId() {
      return companyOf().companyId;
    },
    name: (key) => `${options.namePrefix ?? ""}${key}`,
    optsFor,
    base,
    audienceIds: {
      get company() {
        return companyOf().companyId;
      },
      legalEntity: (key) => {
        const entity = sections.legalEntities?.[key];
        if (!entity) throw new Error(`no legal entity "${key}" in the manifest`);
        return entity.id;
      },
    } satisfies AudienceIds<pulumi.Output<string>>,
    values,
    tenant,
    get lookupCompanyId() {
      const adoptId = (values.company as { adoptId?: unknown } | undefined)?.adoptId;
      return typeof adoptId === "string" ? adoptId : companyOf().companyId;
    },
    locate,
  };
  for (const { section, plain, codec } of MANIFEST_SECTIONS) {
    if (plain !== undefined) sections[section] = declarePlainSection(plain, sections, ctx);
    else Object.assign(tenant, codec.declare(values[section], ctx, section));
  }
  // Every codec returns its members (keyed ones `{}` when the section is absent): complete.
  return { ...typedSections(sections), ...tenant, company: companyOf(), sections } as Tenant;
}

/** The plain sections the {@link Tenant} names (empty when the manifest has none). */
function typedSections(sections: Tenant["sections"]) {
  const named = ["legalEntities", "offices", "costCenters", "departments", "grades"] as const;
  return Object.fromEntries(named.map((section) => [section, sections[section] ?? {}]));
}

const plainEntriesSchema = z.record(z.string(), z.record(z.string(), z.unknown())).optional();

/**
 * Declares a section of plain entries: each entry's fields with the company's id and, for a child
 * of a parent below the company, the id of the parent, declared earlier (the registry has parents
 * first).
 */
function declarePlainSection(
  { section, Resource, parent }: PlainSection,
  sections: Tenant["sections"],
  { values, companyId, name, optsFor }: DeclareContext,
): Keyed<pulumi.dynamic.Resource> {
  const declared: Keyed<pulumi.dynamic.Resource> = {};
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
  return declared;
}

/**
 * Loads `file` for the stack, placeholders resolved from `config`; every problem throws, a
 * placeholder the stack does not set with the `pulumi config set` command that sets it.
 */
function readForStack(file: string, options: TenantOptions, config: pulumi.Config) {
  const result = readManifest(file, {
    stack: options.stack ?? getStack(),
    resolve: (_kind, name) => config.get(name),
    // `pulumi config set <name>` writes the project's namespace; another one is named.
    configKey: (name) => (config.name === getProject() ? name : `${config.name}:${name}`),
  });
  return { manifest: manifestOf(result), secretPaths: result.secretPaths, locate: result.locate };
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
      holder[last] = secret(holder[last]);
    }
  }
  return copy;
}

/**
 * The resource fields under `path` that hold a secret: for `legalEntities.us.ein` at path
 * `[legalEntities, us]`, `ein`; at the root, the sections holding one (the features map's).
 */
function secretFieldsUnder(secretPaths: readonly ValuePath[], path: readonly string[]): string[] {
  const fields = new Set<string>();
  for (const secret of secretPaths) {
    if (path.every((part, i) => secret[i] === part) && secret.length > path.length)
      fields.add(String(secret[path.length]));
  }
  return [...fields];
}
