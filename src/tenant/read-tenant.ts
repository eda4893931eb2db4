/**
 * Reads what the platform holds under a company, whole: the company with its features, config
 * documents and per-trip service charge; legal entities, offices, cost centers, departments and
 * grades; custom fields with their arms, option-group options and checkout order; the role
 * assignments of custom user groups; and the active partner public keys. Shared by
 * `pulumi-travel reconcile` (through {@link tenantObjectsOf}) and `pulumi-travel export`.
 *
 * Not readable, and so not here: API users (the platform lists clientIds only, without role or
 * company) and the tenant key (no read call).
 */
import { z } from "zod";
import {
  apiPath,
  isNotFound,
  LIST_MAX_PAGES,
  LIST_PAGE_SIZE,
  listElements,
  listPosted,
  type ListedItem,
  type TravelClient,
} from "../client";
import { CONFIG_DOCUMENTS, type ConfigDocumentKind } from "../schemas/company-config-documents";
import { customFieldListResponseSchema, type Option, optionGroupSchema } from "../schemas/custom-field";
import { partnerPublicKeysResponseSchema } from "../schemas/partner-public-key";
import { groupRolesResponseSchema, type RoleAssignment, userGroupSchema } from "../schemas/user-group";
import type { TenantObject } from "./tenant-object";

/** A platform object as read: its id and every field the platform returned. */
export type Entity = { id: string } & Record<string, unknown>;

/** A config document of the company. */
export interface ReadConfig {
  kind: ConfigDocumentKind;
  /** The company role it is stored at; undefined for kinds kept once per company. */
  companyRole: string | undefined;
  config: Record<string, unknown>;
}

/** An arm with the options of its option group (USER + MANUAL arms only). */
export interface ReadArm {
  arm: Entity;
  options: Option[] | undefined;
}

/** One of the company's own custom fields (not inherited from its TMC). */
export interface ReadCustomField {
  field: Entity;
  enabled: boolean;
  arms: ReadArm[];
}

/** A custom user group and its role assignments. */
export interface ReadUserGroup {
  id: string;
  name: string;
  roles: RoleAssignment[];
}

/** An active partner public key (its key material is not readable). */
export interface ReadPartnerKey {
  id: string;
  kid: string;
  thumbprint?: string | undefined;
}

/** Everything read under one company. */
export interface TenantSnapshot {
  companyId: string;
  company: Entity;
  /** Feature name and value, as the platform stores them (strings). */
  features: { name: string; value: string }[];
  configs: ReadConfig[];
  /** The per-trip service charge's config, when one is set. */
  perTripServiceCharge: Record<string, unknown> | undefined;
  legalEntities: Entity[];
  offices: (Entity & { legalEntityId: string })[];
  costCenters: Entity[];
  departments: Entity[];
  grades: Entity[];
  /** In checkout order. */
  customFields: ReadCustomField[];
  userGroups: ReadUserGroup[];
  partnerKeys: ReadPartnerKey[];
}

/** Called after each section is read, with the number of objects in it. */
export type ReadProgress = (section: string, count: number) => void;

/** Objects read in parallel while describing a listing. */
const READ_CONCURRENCY = 8;
const RBAC_PAGE = 100;
const CONFIG_ROLES = new Set(["ORG", "TMC", "PARTNER_TMC"]);

const entitySchema = z.looseObject({});
const featuresSchema = z.looseObject({
  features: z.array(z.looseObject({ name: z.string(), value: z.string().optional() })).default([]),
});
const chargeSchema = z.looseObject({ config: z.record(z.string(), z.unknown()).optional() });
const armListSchema = z.looseObject({ arms: z.array(z.looseObject({ id: z.string().min(1) })).default([]) });
const groupListSchema = z.looseObject({
  userGroups: z.array(userGroupSchema),
  pagination: z.looseObject({ totalNumResults: z.number() }),
});

/** The object at `path`, or undefined on a 404 (it vanished, or was never stored). */
async function getOrAbsent(
  client: TravelClient,
  path: string,
  query: Record<string, string> = {},
): Promise<Record<string, unknown> | undefined> {
  try {
    return await client.get(path, { query, schema: entitySchema });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** `read` of each item, at most {@link READ_CONCURRENCY} at once, in the items' order. */
async function mapLimited<T, R>(items: readonly T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await read(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, items.length) }, worker));
  return out;
}

/** Each listed item read whole at `pathOf(id)`; items gone meanwhile are left out. */
async function describeAll(
  client: TravelClient,
  listed: readonly ListedItem[],
  pathOf: (id: string) => string,
): Promise<Entity[]> {
  const read = await mapLimited(listed, async (item) => {
    const entity = await getOrAbsent(client, pathOf(item.id));
    return entity === undefined ? undefined : { ...entity, id: item.id };
  });
  return read.filter((entity): entity is Entity => entity !== undefined);
}

/** Every page of an RBAC list (`pagination: { offset, limit }`). */
async function rbacPages<T>(fetch: (offset: number) => Promise<{ items: T[]; total: number }>): Promise<T[]> {
  const out: T[] = [];
  for (let offset = 0; ; offset += RBAC_PAGE) {
    const { items, total } = await fetch(offset);
    out.push(...items);
    if (items.length < RBAC_PAGE || offset + RBAC_PAGE >= total) return out;
  }
}

async function readConfigs(client: TravelClient, company: Entity): Promise<ReadConfig[]> {
  const roles = (Array.isArray(company.companyRoles) ? company.companyRoles : []).filter(
    (role): role is string => typeof role === "string" && CONFIG_ROLES.has(role),
  );
  const out: ReadConfig[] = [];
  for (const [kind, document] of Object.entries(CONFIG_DOCUMENTS) as [
    ConfigDocumentKind,
    (typeof CONFIG_DOCUMENTS)[ConfigDocumentKind],
  ][]) {
    const path = `${apiPath`/v2/companies/${company.id}`}/${document.segment}`;
    for (const companyRole of document.companyRole === "none" ? [undefined] : roles) {
      const config = await getOrAbsent(client, path, companyRole === undefined ? {} : { companyRole });
      if (config !== undefined) out.push({ kind, companyRole, config });
    }
  }
  return out;
}

async function readCustomFields(client: TravelClient, companyId: string): Promise<ReadCustomField[]> {
  const fieldsPath = apiPath`/v3/companies/${companyId}/custom-fields`;
  const listed: { id: string; enabled: boolean }[] = [];
  for (let offset = 0; ; offset += RBAC_PAGE) {
    const page = await client.post(`${fieldsPath}/list`, {
      query: { companyRole: "ORG" },
      body: { paginationParams: { offset, limit: RBAC_PAGE } },
      schema: customFieldListResponseSchema,
      idempotent: true,
    });
    for (const field of page.fields)
      if ((field.parentInfos ?? []).length === 0) listed.push({ id: field.id, enabled: field.enabled });
    if (page.fields.length < RBAC_PAGE || offset + RBAC_PAGE >= page.paginationParams.totalNumResults) break;
  }
  const read = await mapLimited(listed, async ({ id, enabled }): Promise<ReadCustomField | undefined> => {
    const fieldPath = `${fieldsPath}${apiPath`/${id}`}`;
    const field = await getOrAbsent(client, fieldPath);
    if (field === undefined) return undefined;
    const { arms } = await client.post(`${fieldPath}/arms/list`, {
      body: {},
      schema: armListSchema,
      idempotent: true,
    });
    const withOptions: ReadArm[] = [];
    for (const listedArm of arms) {
      const arm = await getOrAbsent(client, `${fieldPath}/arms${apiPath`/${listedArm.id}`}`);
      if (arm === undefined) continue;
      const groupId = typeof arm.optionGroupId === "string" ? arm.optionGroupId : undefined;
      const stored =
        groupId === undefined
          ? undefined
          : await getOrAbsent(client, `${fieldPath}/option-groups${apiPath`/${groupId}`}`);
      const group = stored === undefined ? undefined : optionGroupSchema.parse(stored);
      withOptions.push({
        arm: { ...arm, id: listedArm.id },
        options: group?.options.map((option) => option),
      });
    }
    return { field: { ...field, id }, enabled, arms: withOptions };
  });
  return read.filter((field): field is ReadCustomField => field !== undefined);
}

async function readUserGroups(client: TravelClient, companyId: string): Promise<ReadUserGroup[]> {
  const groups = await rbacPages(async (offset) => {
    const page = await client.post(apiPath`/v3/companies/${companyId}/user-groups/list`, {
      body: { pagination: { offset, limit: RBAC_PAGE } },
      schema: groupListSchema,
      idempotent: true,
    });
    return { items: page.userGroups, total: page.pagination.totalNumResults };
  });
  const custom = groups.filter((group) => !group.isUnmodifiable);
  return mapLimited(custom, async (group) => ({
    id: group.id,
    name: group.name,
    roles: await rbacPages(async (offset) => {
      const page = await client.post(apiPath`/v3/companies/${companyId}/user-groups/${group.id}/roles`, {
        body: { pagination: { offset, limit: RBAC_PAGE } },
        schema: groupRolesResponseSchema,
        idempotent: true,
      });
      const items = page.roles.map((role): RoleAssignment => ({
        roleId: role.id,
        scope: (role.scope ?? { audiences: [] }) as RoleAssignment["scope"],
      }));
      return { items, total: page.pagination.totalNumResults };
    }),
  }));
}

/**
 * Reads the tenant of `companyId`; undefined when the company does not exist (or is not visible
 * to these credentials). `progress` hears each section's count.
 */
export async function readTenantSnapshot(
  client: TravelClient,
  companyId: string,
  progress: ReadProgress = () => {},
): Promise<TenantSnapshot | undefined> {
  const base = apiPath`/v2/companies/${companyId}`;
  const found = await getOrAbsent(client, base);
  if (found === undefined) return undefined;
  const company: Entity = { ...found, id: companyId };
  progress("company", 1);

  const features = (await client.get(`${base}/features`, { schema: featuresSchema })).features.flatMap(
    (feature) => (feature.value === undefined ? [] : [{ name: feature.name, value: feature.value }]),
  );
  progress("features", features.length);
  const configs = await readConfigs(client, company);
  progress("configs", configs.length);
  const charge = await getOrAbsent(client, apiPath`/v2/license/company/${companyId}/service-charge/per-trip`);
  const perTripServiceCharge = chargeSchema.parse(charge ?? {}).config;
  progress("perTripServiceCharge", perTripServiceCharge === undefined ? 0 : 1);

  const legalEntities = await describeAll(
    client,
    await listElements(client, `${base}/legal-entities`),
    (id) => `${base}${apiPath`/legal-entities/${id}`}`,
  );
  progress("legalEntities", legalEntities.length);
  const offices: TenantSnapshot["offices"] = [];
  for (const legalEntity of legalEntities) {
    const officesPath = `${base}${apiPath`/legal-entities/${legalEntity.id}/offices`}`;
    const read = await describeAll(
      client,
      await listElements(client, officesPath),
      (id) => `${officesPath}${apiPath`/${id}`}`,
    );
    offices.push(...read.map((office) => ({ ...office, legalEntityId: legalEntity.id })));
  }
  progress("offices", offices.length);
  const v3 = apiPath`/v3/companies/${companyId}`;
  const costCenters = await describeAll(
    client,
    await listPosted(client, `${v3}/cost-centers/list`, "costCenters"),
    (id) => `${base}${apiPath`/cost-centers/${id}`}`,
  );
  progress("costCenters", costCenters.length);
  const departments = await describeAll(
    client,
    await listPosted(client, `${v3}/departments/list`, "departments"),
    (id) => `${base}${apiPath`/departments/${id}`}`,
  );
  progress("departments", departments.length);
  const grades = await describeAll(
    client,
    await listPosted(client, `${base}/grades/list`, "grades"),
    (id) => `${base}${apiPath`/grades/${id}`}`,
  );
  progress("grades", grades.length);

  const customFields = await readCustomFields(client, companyId);
  progress("customFields", customFields.length);
  const userGroups = await readUserGroups(client, companyId);
  progress("userGroupRoles", userGroups.length);
  const keys = await client.get(`${base}/partner-public-keys`, {
    query: { status: "ACTIVE" },
    schema: partnerPublicKeysResponseSchema,
  });
  const partnerKeys = keys.keys
    .filter((key) => key.status === "ACTIVE")
    .map((key) => ({ id: key.id, kid: key.kid, thumbprint: key.thumbprint }));
  progress("partnerKeys", partnerKeys.length);

  return {
    companyId,
    company,
    features,
    configs,
    perTripServiceCharge,
    legalEntities,
    offices,
    costCenters,
    departments,
    grades,
    customFields,
    userGroups,
    partnerKeys,
  };
}

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** The objects of a snapshot that a resource can own by id, for reconcile. */
export function tenantObjectsOf(snapshot: TenantSnapshot): TenantObject[] {
  const { companyId } = snapshot;
  const named = (type: TenantObject["type"], entity: Entity, extra: Partial<TenantObject> = {}) => ({
    type,
    id: entity.id,
    companyId,
    name: text(entity.name),
    externalId: text(entity.externalId),
    ...extra,
  });
  return [
    named("Company", snapshot.company),
    ...snapshot.legalEntities.map((entity) => named("LegalEntity", entity)),
    ...snapshot.offices.map((entity) => named("Office", entity, { legalEntityId: entity.legalEntityId })),
    ...snapshot.costCenters.map((entity) => named("CostCenter", entity)),
    ...snapshot.departments.map((entity) => named("Department", entity)),
    ...snapshot.grades.map((entity) => named("Grade", entity)),
    ...snapshot.customFields.flatMap(({ field, arms }) => [
      named("CustomField", field),
      ...arms.map(({ arm }) => named("Arm", arm, { customFieldId: field.id })),
    ]),
    ...snapshot.partnerKeys.map((key) => ({
      type: "PartnerPublicKey" as const,
      id: key.id,
      companyId,
      name: key.kid,
    })),
  ];
}

/** Every object under each of `companyIds` (deduplicated); a missing company yields nothing. */
export async function readTenant(
  client: TravelClient,
  companyIds: Iterable<string>,
): Promise<TenantObject[]> {
  const out: TenantObject[] = [];
  for (const companyId of new Set(companyIds)) {
    const snapshot = await readTenantSnapshot(client, companyId);
    if (snapshot) out.push(...tenantObjectsOf(snapshot));
  }
  return out;
}

/** Companies visible to the caller whose externalId or name matches (for pending Company creates). */
export async function findCompanies(
  client: TravelClient,
  match: { externalId?: string | undefined; name?: string | undefined },
): Promise<TenantObject[]> {
  const references = await listCompanies(client, match.externalId);
  const candidates =
    match.externalId === undefined ? references.filter((r) => r.name === match.name) : references;
  const out: TenantObject[] = [];
  for (const reference of candidates) {
    const company = await getOrAbsent(client, apiPath`/v2/companies/${reference.id}`);
    if (company === undefined) continue;
    const externalId = text(company.externalId);
    if (match.externalId !== undefined && externalId !== match.externalId) continue;
    out.push({
      type: "Company",
      id: reference.id,
      companyId: reference.id,
      name: text(company.name),
      externalId,
    });
  }
  return out;
}

/** `GET /v2/companies` pages by offset and limit, unlike the company's own collections. */
async function listCompanies(client: TravelClient, externalId: string | undefined): Promise<ListedItem[]> {
  const schema = z.looseObject({
    elements: z.array(z.looseObject({ id: z.string().min(1), name: z.string().optional() })).default([]),
    totalNumResults: z.number().optional(),
  });
  const found = new Map<string, ListedItem>();
  for (let page = 0; page < LIST_MAX_PAGES; page++) {
    const query = {
      offset: page * LIST_PAGE_SIZE,
      limit: LIST_PAGE_SIZE,
      ...(externalId === undefined ? {} : { externalId }),
    };
    const { elements, totalNumResults } = await client.get("/v2/companies", { query, schema });
    for (const element of elements) found.set(element.id, element);
    if (elements.length < LIST_PAGE_SIZE || (totalNumResults !== undefined && found.size >= totalNumResults))
      break;
  }
  return [...found.values()];
}

/** The platform path of an object, for deleting it. */
export function objectPath(object: TenantObject): string {
  const base = apiPath`/v2/companies/${object.companyId}`;
  const v3 = apiPath`/v3/companies/${object.companyId}`;
  switch (object.type) {
    case "Company":
      return base;
    case "LegalEntity":
      return `${base}${apiPath`/legal-entities/${object.id}`}`;
    case "Office":
      return `${base}${apiPath`/legal-entities/${object.legalEntityId ?? ""}/offices/${object.id}`}`;
    case "CostCenter":
      return `${base}${apiPath`/cost-centers/${object.id}`}`;
    case "Department":
      return `${base}${apiPath`/departments/${object.id}`}`;
    case "Grade":
      return `${base}${apiPath`/grades/${object.id}`}`;
    case "CustomField":
      return `${v3}${apiPath`/custom-fields/${object.id}`}`;
    case "Arm":
      return `${v3}${apiPath`/custom-fields/${object.customFieldId ?? ""}/arms/${object.id}`}`;
    case "PartnerPublicKey":
      // Revoked by kid, as the PartnerPublicKey resource's delete does.
      return `${base}${apiPath`/partner-public-keys/${object.name ?? ""}`}`;
  }
}
