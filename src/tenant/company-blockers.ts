/**
 * The objects that keep a company from being deleted: those under it whose inventory says the
 * platform refuses the company's deletion while they remain (400 `COMPANY_NOT_EMPTY`: cost
 * centers, departments, grades, legal entities and their offices). A company's delete reads them
 * as it starts, once the stack's own have been deleted (the engine deletes a company's dependents
 * first), so any left are objects no resource of the stack declares. With the company's
 * `forceDestroy` they are deleted, children before parents; without it the delete fails before its
 * `DELETE`, naming each with the commands that adopt or remove it. The registry is handed in, so
 * this module loads no resource (and no Pulumi).
 */
import type { TravelClient } from "../client";
import { inventoryOf, readTenantSnapshot, type TenantRegistry } from "./read-tenant";

/** An object under a company that keeps it from being deleted. */
export interface BlockingObject {
  type: string;
  id: string;
  name?: string | undefined;
  /** Its `pulumi import` id: the parent ids it is replaced on, then its own id. */
  importId: string;
  /** The platform path that deletes it. */
  deletePath: string;
}

/** What a blocking type declares beyond its tenant facts: the parent ids its import id names. */
export type BlockerRegistry = Readonly<
  Record<
    string,
    TenantRegistry[string] & {
      readonly capabilities?:
        | { readonly replacement?: { readonly replaceOn?: readonly string[] | undefined } | undefined }
        | undefined;
    }
  >
>;

const IMPORT_PARENTS = ["companyId", "legalEntityId", "customFieldId"];

/** The objects under `companyId` that block its deletion, parents first; none when it is gone. */
export async function companyBlockers(
  client: TravelClient,
  companyId: string,
  registry: BlockerRegistry,
): Promise<BlockingObject[]> {
  const blocking = Object.fromEntries(
    Object.entries(registry).filter(
      ([, definition]) => inventoryOf(definition.capabilities?.tenant)?.blocksCompanyDeletion === true,
    ),
  );
  const snapshot = await readTenantSnapshot(client, companyId, blocking, undefined, { listedOnly: true });
  if (snapshot === undefined) return [];
  return Object.entries(snapshot.objects).flatMap(([type, objects]) => {
    const definition = blocking[type];
    const inventory = inventoryOf(definition?.capabilities?.tenant);
    if (definition === undefined || inventory === undefined || "omitted" in inventory.reconcile) return [];
    const { reconcile } = inventory;
    const parents = IMPORT_PARENTS.filter((name) =>
      (definition.capabilities?.replacement?.replaceOn ?? []).includes(name),
    );
    return objects.map(({ entity, parents: ids }) => ({
      type,
      id: entity.id,
      name: typeof entity.name === "string" ? entity.name : undefined,
      importId: [...parents.map((name) => ids[name] ?? ""), entity.id].join("/"),
      deletePath: reconcile.deletePath(ids, entity),
    }));
  });
}

/** Deletes `blockers` (as {@link companyBlockers} lists them), children before their parents. */
export async function deleteBlockers(
  client: TravelClient,
  blockers: readonly BlockingObject[],
): Promise<void> {
  for (const blocker of [...blockers].reverse()) await client.delete(blocker.deletePath);
}

const named = ({ type, id, name }: BlockingObject) =>
  `${type} ${id}${name === undefined ? "" : ` "${name}"`}`;

/**
 * The error of a company's delete that `blockers` refuse: each one with the commands that adopt
 * or delete it, and `forceDestroy` as the way to delete them all with the company. `beforeFirstDelete`
 * when it stops the run before anything under the company is deleted (and says how a run that does
 * not delete the company, a targeted one, goes on).
 */
export function blockedDeletionError(
  companyId: string,
  blockers: readonly BlockingObject[],
  beforeFirstDelete = false,
): Error {
  const outcome = beforeFirstDelete
    ? "nothing under it was deleted, and the company stays:"
    : "the company stays, with what is still under it:";
  return new Error(
    [
      `Company ${companyId} cannot be deleted: it still has ${blockers.length} object(s) no resource of this stack ` +
        `declares, and the platform refuses to delete a company that has them; ${outcome}`,
      ...blockers.map(
        (blocker) =>
          `  ${named(blocker)}: adopt it (pulumi import travel:index:${blocker.type} <name> ${blocker.importId}, ` +
          `or declare it with adoptId: "${blocker.id}"), or delete it (pulumi-travel reconcile --delete ${blocker.type}:${blocker.id})`,
      ),
      "Or set forceDestroy: true on the Company and run pulumi up, then destroy again: the company's delete " +
        "then deletes them with it.",
      ...(beforeFirstDelete
        ? [
            "If this run does not delete the company (a `pulumi destroy --target` or `pulumi up --target` of objects " +
              "under it: the provider cannot tell), run it again with TRAVEL_DESTROY_PRECHECK=off.",
          ]
        : []),
    ].join("\n"),
  );
}

/** The lines of a company's deletion warning naming the blockers `forceDestroy` deletes. */
export function forcedLines(blockers: readonly BlockingObject[]): string[] {
  return blockers.map((blocker) => `  ${named(blocker)} (forceDestroy)`);
}
