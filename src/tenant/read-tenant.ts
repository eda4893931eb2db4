/**
 * Reads what the platform holds under a company, whole, by walking the registry: each type's
 * inventory (declared on its definition, `provider/model/tenant-facts.ts`) lists its objects under the
 * company, or under each object of its parent type (offices under legal entities, arms under
 * custom fields). Shared by `pulumi-travel reconcile` (through {@link tenantObjectsOf}) and
 * `pulumi-travel export`. A type without an inventory says why on its definition (API users belong
 * to the TMC, not to a company, and reconcile lists them through their `tmcInventory`; the tenant
 * key: no read call).
 *
 * The registry is handed in by the caller, so this module loads no resource (and no Pulumi).
 */
import { apiPath, isNotFound, type TravelClient } from "../client";
import type {
  Entity,
  Inventory,
  InventoryContext,
  ParentIds,
  TenantFacts,
} from "../provider/model/tenant-facts";
import type { TenantObject, TenantObjectType } from "./tenant-object";

/** The registry as the reader walks it: each type's tenant facts. */
export type TenantRegistry = Readonly<
  Record<string, { readonly capabilities?: { readonly tenant?: TenantFacts | undefined } | undefined }>
>;

/** An object as read, with the ids it was listed under. */
export interface ReadObject {
  entity: Entity;
  /** `companyId` and the parent ids of its inventory (`legalEntityId`, `customFieldId`, ...). */
  parents: ParentIds;
}

/** Everything read under one company: the company, and each type's objects by type name. */
export interface TenantSnapshot {
  companyId: string;
  company: Entity;
  /** Objects by type, parents before children, each type in its listing's order. */
  objects: Record<string, ReadObject[]>;
}

/** Called after each manifest section is read, with the number of objects in it. */
export type ReadProgress = (section: string, count: number) => void;

/** The inventory of `facts`, or undefined for a type that opts out. */
export function inventoryOf(facts: TenantFacts | undefined): Inventory | undefined {
  return facts === undefined || "omitted" in facts.inventory ? undefined : facts.inventory;
}

/** The types with an inventory, each after the type of its parent. */
export function inventoryOrder(registry: TenantRegistry): [string, Inventory][] {
  const pending = Object.entries(registry).flatMap(([type, definition]): [string, Inventory][] => {
    const inventory = inventoryOf(definition.capabilities?.tenant);
    return inventory === undefined ? [] : [[type, inventory]];
  });
  const ordered: [string, Inventory][] = [];
  const placed = new Set<string>();
  while (pending.length > 0) {
    const ready = pending.findIndex(([, { parent }]) => parent === undefined || placed.has(parent.type));
    if (ready < 0)
      throw new Error(
        `inventories whose parent type has none: ${pending.map(([type, { parent }]) => `${type} (${parent?.type})`).join(", ")}`,
      );
    const [entry] = pending.splice(ready, 1);
    if (entry === undefined) break;
    ordered.push(entry);
    placed.add(entry[0]);
  }
  return ordered;
}

/** The manifest section a type's progress is reported under (its type name without one). */
function sectionOf(facts: TenantFacts | undefined, type: string): string {
  return facts === undefined || "omitted" in facts.manifest ? type : facts.manifest.section;
}

/**
 * Reads the tenant of `companyId`; undefined when the company does not exist (or is not visible
 * to these credentials). `progress` hears each section's count once, from the first type read
 * into it (a custom field's arms and options are in `customFields` but not counted there).
 * `listedOnly`: each object as its listing gives it (id, name), not read whole, where the inventory
 * can (`references`): what naming an object takes, one read per listing.
 */
export async function readTenantSnapshot(
  client: TravelClient,
  companyId: string,
  registry: TenantRegistry,
  progress: ReadProgress = () => {},
  { listedOnly = false }: { listedOnly?: boolean } = {},
): Promise<TenantSnapshot | undefined> {
  let found: Record<string, unknown>;
  try {
    found = await client.get<Record<string, unknown>>(apiPath`/v2/companies/${companyId}`);
  } catch (error) {
    if (isNotFound(error, ["COMPANY_NOT_FOUND"])) return undefined;
    throw error;
  }
  const company: Entity = { ...found, id: companyId };
  const objects: Record<string, ReadObject[]> = {};
  const reported = new Set<string>();
  for (const [type, inventory] of inventoryOrder(registry)) {
    const under: ParentIds[] =
      inventory.parent === undefined
        ? [{ companyId }]
        : (objects[inventory.parent.type] ?? []).flatMap(({ entity, parents }) => {
            const ids = inventory.parent?.ids(entity);
            return ids === undefined ? [] : [{ ...parents, ...ids }];
          });
    const read: ReadObject[] = [];
    // `listedOnly`: each object as its listing gives it, where the inventory can list without reading each.
    const list = (ctx: InventoryContext, parents: ParentIds) =>
      listedOnly && inventory.references !== undefined
        ? inventory.references(ctx, parents)
        : inventory.list(ctx, parents);
    for (const parents of under)
      for (const entity of await list({ client, company }, parents)) read.push({ entity, parents });
    objects[type] = read;
    const section = sectionOf(registry[type]?.capabilities?.tenant, type);
    if (!reported.has(section)) progress(section, read.length);
    reported.add(section);
  }
  return { companyId, company, objects };
}

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** True when `type` names a type of `registry`. */
function isRegistered(registry: TenantRegistry, type: string): type is TenantObjectType {
  return Object.hasOwn(registry, type);
}

/** The objects of a snapshot that a resource can own by id, for reconcile. */
export function tenantObjectsOf(snapshot: TenantSnapshot, registry: TenantRegistry): TenantObject[] {
  return Object.entries(snapshot.objects).flatMap(([type, objects]) => {
    const inventory = inventoryOf(registry[type]?.capabilities?.tenant);
    if (!isRegistered(registry, type) || inventory === undefined || "omitted" in inventory.reconcile)
      return [];
    return objects.map(({ entity, parents: { companyId, ...parents } }): TenantObject => ({
      type,
      id: entity.id,
      companyId,
      parents,
      name: text(entity.name),
      externalId: text(entity.externalId),
    }));
  });
}

/** Every object under each of `companyIds` (deduplicated); a missing company yields nothing. */
export async function readTenant(
  client: TravelClient,
  companyIds: Iterable<string>,
  registry: TenantRegistry,
): Promise<TenantObject[]> {
  const out: TenantObject[] = [];
  for (const companyId of new Set(companyIds)) {
    const snapshot = await readTenantSnapshot(client, companyId, registry);
    if (snapshot) out.push(...tenantObjectsOf(snapshot, registry));
  }
  return out;
}

/** The platform path that deletes `object`, from its type's inventory. */
export function objectPath(object: TenantObject, registry: TenantRegistry): string {
  const inventory = inventoryOf(registry[object.type]?.capabilities?.tenant);
  if (inventory === undefined || "omitted" in inventory.reconcile)
    throw new Error(`reconcile cannot delete a ${object.type}: its type lists no deletable objects`);
  const parents = { ...object.parents, companyId: object.companyId };
  return inventory.reconcile.deletePath(parents, { id: object.id, name: object.name });
}
