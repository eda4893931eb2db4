/**
 * The objects of the caller's TMC that belong to no company (API users), as `reconcile` lists them:
 * each type whose definition declares a TMC inventory (`provider/model/tenant-facts.ts`) is listed whole,
 * and {@link unheldTmcObjects} keeps the ids the stack does not hold. Other stacks or people may
 * own them, so they are reported with the commands to adopt or remove each, never removed unasked.
 */
import type { TravelClient } from "../client";
import type { TmcInventory } from "../provider/model/tenant-facts";

/** Reads the ids a pending create recorded among its checked inputs (`TmcInventory.recordedIds`). */
export type RecordedIds = NonNullable<TmcInventory["recordedIds"]>;
import type { TenantRegistry } from "./read-tenant";
import type { StackContents } from "./stack-export";
import type { TenantObjectType } from "./tenant-object";

/** An object of the TMC, as listed. */
export interface TmcObject {
  type: TenantObjectType;
  id: string;
  /** True for the credentials reconcile itself runs with (`TRAVEL_CLIENT_ID`). */
  caller: boolean;
}

/** The types of `registry` with a TMC inventory. */
export function tmcInventories(registry: TenantRegistry): [TenantObjectType, TmcInventory][] {
  return Object.entries(registry).flatMap(([type, definition]) => {
    const inventory = definition.capabilities?.tenant?.tmcInventory;
    return inventory === undefined ? [] : [[type, inventory] as [TenantObjectType, TmcInventory]];
  });
}

/** Per type of `registry` with a TMC inventory, how to read the ids its pending creates recorded. */
export function recordedIdsReaders(registry: TenantRegistry): Record<string, RecordedIds> {
  return Object.fromEntries(
    tmcInventories(registry).flatMap(([type, inventory]) =>
      inventory.recordedIds === undefined ? [] : [[type, inventory.recordedIds]],
    ),
  );
}

/** Every object each TMC inventory of `registry` lists; `callerId` marks the caller's own. */
export async function readTmcObjects(
  client: TravelClient,
  registry: TenantRegistry,
  callerId: string | undefined,
): Promise<TmcObject[]> {
  const objects: TmcObject[] = [];
  for (const [type, inventory] of tmcInventories(registry))
    for (const id of await inventory.listIds(client)) objects.push({ type, id, caller: id === callerId });
  return objects;
}

/** The objects of `listed` that no resource of `stack` holds. */
export function unheldTmcObjects(stack: StackContents, listed: readonly TmcObject[]): TmcObject[] {
  const held = new Set(stack.resources.map((resource) => `${resource.type}:${resource.id ?? ""}`));
  return listed.filter((object) => !held.has(`${object.type}:${object.id}`));
}
