/**
 * Reads what the platform holds under some companies: the companies themselves, their legal
 * entities, offices, cost centers, departments and grades, each with its name and externalId.
 * Shared by `pulumi-travel reconcile` and the coming `export`.
 */
import { z } from "zod";
import { apiPath, isNotFound, type TravelClient } from "../client";
import type { TenantObject, TenantObjectType } from "./tenant-object";

const PAGE_SIZE = 100;
/** Pages read at most per listing, so a server that ignores paging cannot loop a read forever. */
const MAX_PAGES = 100;

const referenceSchema = z.looseObject({ id: z.string().min(1), name: z.string().optional() });
const elementsSchema = z.looseObject({
  elements: z.array(referenceSchema).default([]),
  totalNumResults: z.number().optional(),
});
const entitySchema = z.looseObject({ name: z.string().optional(), externalId: z.string().optional() });

type Reference = z.output<typeof referenceSchema>;

async function pages(
  fetchPage: (page: number) => Promise<{ items: Reference[]; total: number | undefined }>,
): Promise<Reference[]> {
  const found = new Map<string, Reference>();
  for (let page = 0; page < MAX_PAGES; page++) {
    const { items, total } = await fetchPage(page);
    for (const item of items) found.set(item.id, item);
    if (items.length < PAGE_SIZE || (total !== undefined && found.size >= total)) break;
  }
  return [...found.values()];
}

const getElements = (client: TravelClient, path: string) =>
  pages(async (page) => {
    const query = { pageNumber: page + 1, pageSize: PAGE_SIZE };
    const response = await client.get(path, { query, schema: elementsSchema });
    return { items: response.elements, total: response.totalNumResults };
  });

const postList = (client: TravelClient, path: string, key: string) =>
  pages(async (page) => {
    const body = { paginationParams: { offset: page * PAGE_SIZE, limit: PAGE_SIZE } };
    const schema = z.looseObject({
      [key]: z.array(referenceSchema).default([]),
      paginationParams: z.looseObject({ totalNumResults: z.number().optional() }).optional(),
    });
    const response = await client.post(path, { body, schema, idempotent: true });
    return {
      items: (response[key] ?? []) as Reference[],
      total: (response.paginationParams as { totalNumResults?: number } | undefined)?.totalNumResults,
    };
  });

/** The object at `path` with its name and externalId; undefined when it vanished meanwhile. */
async function describeAt(
  client: TravelClient,
  path: string,
  base: Omit<TenantObject, "name" | "externalId">,
): Promise<TenantObject | undefined> {
  try {
    const entity = await client.get(path, { schema: entitySchema });
    return { ...base, name: entity.name, externalId: entity.externalId };
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** Every object under `companyId`, the company included; a missing company yields nothing. */
export async function readCompany(client: TravelClient, companyId: string): Promise<TenantObject[]> {
  const company = await describeAt(client, apiPath`/v2/companies/${companyId}`, {
    type: "Company",
    id: companyId,
    companyId,
  });
  if (!company) return [];
  const out: TenantObject[] = [company];
  const base = apiPath`/v2/companies/${companyId}`;
  const add = async (
    type: TenantObjectType,
    references: Reference[],
    pathOf: (id: string) => string,
    extra = {},
  ) => {
    for (const reference of references) {
      const object = await describeAt(client, pathOf(reference.id), {
        type,
        id: reference.id,
        companyId,
        ...extra,
      });
      if (object) out.push(object);
    }
  };

  const legalEntities = await getElements(client, `${base}/legal-entities`);
  await add("LegalEntity", legalEntities, (id) => `${base}${apiPath`/legal-entities/${id}`}`);
  for (const legalEntity of legalEntities) {
    const officesPath = `${base}${apiPath`/legal-entities/${legalEntity.id}/offices`}`;
    await add("Office", await getElements(client, officesPath), (id) => `${officesPath}${apiPath`/${id}`}`, {
      legalEntityId: legalEntity.id,
    });
  }
  const v3 = apiPath`/v3/companies/${companyId}`;
  await add(
    "CostCenter",
    await postList(client, `${v3}/cost-centers/list`, "costCenters"),
    (id) => `${base}${apiPath`/cost-centers/${id}`}`,
  );
  await add(
    "Department",
    await postList(client, `${v3}/departments/list`, "departments"),
    (id) => `${base}${apiPath`/departments/${id}`}`,
  );
  await add(
    "Grade",
    await postList(client, `${base}/grades/list`, "grades"),
    (id) => `${base}${apiPath`/grades/${id}`}`,
  );
  return out;
}

/** Every object under each of `companyIds` (deduplicated). */
export async function readTenant(
  client: TravelClient,
  companyIds: Iterable<string>,
): Promise<TenantObject[]> {
  const out: TenantObject[] = [];
  for (const companyId of new Set(companyIds)) out.push(...(await readCompany(client, companyId)));
  return out;
}

/** Companies visible to the caller whose externalId or name matches (for pending Company creates). */
export async function findCompanies(
  client: TravelClient,
  match: { externalId?: string | undefined; name?: string | undefined },
): Promise<TenantObject[]> {
  const references = await pages(async (page) => {
    const query = {
      offset: page * PAGE_SIZE,
      limit: PAGE_SIZE,
      ...(match.externalId === undefined ? {} : { externalId: match.externalId }),
    };
    const response = await client.get("/v2/companies", { query, schema: elementsSchema });
    return { items: response.elements, total: response.totalNumResults };
  });
  const candidates =
    match.externalId === undefined ? references.filter((r) => r.name === match.name) : references;
  const out: TenantObject[] = [];
  for (const reference of candidates) {
    const company = await describeAt(client, apiPath`/v2/companies/${reference.id}`, {
      type: "Company",
      id: reference.id,
      companyId: reference.id,
    });
    if (company && (match.externalId === undefined || company.externalId === match.externalId))
      out.push(company);
  }
  return out;
}

/** The platform path of an object, for deleting it. */
export function objectPath(object: TenantObject): string {
  const base = apiPath`/v2/companies/${object.companyId}`;
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
  }
}
