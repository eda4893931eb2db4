/**
 * What deleting a company does to the store, read off the record kinds' declared ownership: the
 * deletion is refused while a guarded kind still holds records of the company that block it;
 * otherwise every record the company owns, in every kind, goes with it (the company's own record
 * included). A new kind of record gets both by declaring its owner.
 */
import { countOf } from "./count-of";
import type { EmulatorStore } from "./store";

/** What still blocks deleting `companyId` ("2 legal entities"), from the first guarded kind; else undefined. */
export function companyDeletionBlocker(store: EmulatorStore, companyId: string): string | undefined {
  for (const kind of store.kinds) {
    const guard = kind.ownership?.guard;
    if (!guard) continue;
    const blocking = store
      .records(kind)
      .of(companyId)
      .values()
      .filter((record) => guard.blocks?.(record) ?? true).length;
    if (blocking > 0) return countOf(blocking, guard.singular, guard.plural);
  }
  return undefined;
}

/**
 * Removes every record `companyId` owns from every kind; returns how many. Owners are resolved
 * for all kinds before anything is removed, so a record owned through a parent (a PNR through its
 * trip) goes with it.
 */
export function purgeCompany(store: EmulatorStore, companyId: string): number {
  const doomed = store.kinds.map((kind) => {
    const collection = store.records(kind);
    return {
      collection,
      ids: collection
        .of(companyId)
        .entries()
        .map(([id]) => id),
    };
  });
  let removed = 0;
  for (const { collection, ids } of doomed) for (const id of ids) if (collection.delete(id)) removed++;
  return removed;
}
