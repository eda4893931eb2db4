/**
 * What the platform deletes with a company, read as the company's delete starts: the objects under
 * it that the registry's inventories list and that do not refuse the deletion (custom fields with
 * their arms, partner keys, and the user groups made outside stacks), less those a resource of the
 * stack still holds, plus the objects the run removed from the stack but left on the platform (a
 * tenant key). Settings of the company (features, configs, the checkout order, the service charge)
 * exist with the company and are not named. The provider runtime gives the warning before the
 * `DELETE`; the registry is handed in, so this module loads no resource (and no Pulumi).
 */
import type { TravelClient } from "../client";
import type { LeftObject } from "../provider/model/run";
import type { Inventory } from "../provider/model/tenant-facts";
import { inventoryOf, readTenantSnapshot, type TenantRegistry } from "./read-tenant";

/** An object that goes with the company. */
export interface CascadeObject {
  /** What it is, for people: its type name, or what its inventory lists (`user group`). */
  what: string;
  id: string;
  name?: string | undefined;
}

/** What the run knows of the stack: the objects its resources hold, and those it let go of. */
export interface RunKnowledge {
  /** True when a resource of the stack holds the object `id` of `type`. */
  held(type: string, id: string): boolean;
  /** The objects the run removed from the stack but left on the platform under the company. */
  left: readonly LeftObject[];
  /** Lines naming the objects the company's `forceDestroy` deletes before it. */
  forced?: readonly string[] | undefined;
}

/**
 * The inventories whose objects can go with a company: those that do not refuse its deletion and
 * list objects of their own (one a person could delete), not settings of the company.
 */
function cascadingInventories(registry: TenantRegistry): TenantRegistry {
  const goes = (inventory: Inventory | undefined) =>
    inventory !== undefined &&
    inventory.blocksCompanyDeletion !== true &&
    (inventory.objects !== undefined || !("omitted" in inventory.reconcile));
  return Object.fromEntries(
    Object.entries(registry).filter(([, definition]) => goes(inventoryOf(definition.capabilities?.tenant))),
  );
}

/** What goes with a company: its name, and the objects the stack does not hold. */
export interface CompanyCascade {
  name?: string | undefined;
  objects: CascadeObject[];
}

/**
 * The objects under `companyId` the platform deletes with it that the stack does not hold, in the
 * registry's order; undefined when the company is gone.
 */
export async function companyCascade(
  client: TravelClient,
  companyId: string,
  registry: TenantRegistry,
  run: RunKnowledge,
): Promise<CompanyCascade | undefined> {
  const cascading = cascadingInventories(registry);
  const snapshot = await readTenantSnapshot(client, companyId, cascading);
  if (snapshot === undefined) return undefined;
  const objects = Object.entries(snapshot.objects).flatMap(([type, objects]) => {
    const label = inventoryOf(cascading[type]?.capabilities?.tenant)?.objects;
    return objects
      .filter(({ entity }) => entity.id !== companyId) // the company itself, which the Company type lists
      .filter(({ entity }) => label !== undefined || !run.held(type, entity.id))
      .map(({ entity }) => ({
        what: label ?? type,
        id: entity.id,
        name: nameOf(entity),
      }));
  });
  return { name: nameOf(snapshot.company), objects };
}

const nameOf = (entity: Record<string, unknown>) =>
  typeof entity.name === "string" ? entity.name : undefined;

const described = (kind: string, id: string, name: string | undefined) =>
  `${kind} ${id}${name === undefined ? "" : ` "${name}"`}`;

/**
 * The warning a company's delete gives before it starts, naming what goes with the company that
 * the stack does not manage; undefined when nothing does.
 */
export async function companyDeletionWarning(
  client: TravelClient,
  companyId: string,
  registry: TenantRegistry,
  run: RunKnowledge,
): Promise<string | undefined> {
  const cascade = await companyCascade(client, companyId, registry, run);
  const forced = run.forced ?? [];
  if (cascade === undefined || cascade.objects.length + run.left.length + forced.length === 0)
    return undefined;
  const lines = [
    `deleting ${described("company", companyId, cascade.name)} also deletes, on the platform, what no resource of this stack manages:`,
    ...forced,
    ...cascade.objects.map(({ what, id, name }) => `  ${described(what, id, name)}`),
    ...run.left.map(
      ({ type, id, why }) =>
        `  ${type} ${id}: removed from the stack earlier in this run (${why}), it goes now`,
    ),
  ];
  return lines.join("\n");
}
