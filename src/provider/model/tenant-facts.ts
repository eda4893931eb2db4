/**
 * What a resource definition declares about the tenant around it: the manifest section its entries
 * live in, and how `export` and `reconcile` list its objects on the platform. The consumers
 * (`manifest/`, `tenant/`, `cli/`) walk the registry for these facts instead of keeping their own
 * copies; a type one of them leaves out says why, in words (`test/cli/registry-coverage.test.ts`).
 */
import type { z } from "zod";
import type { TravelClient } from "../../client";
import type { Values } from "./values";

/** A platform object as read: its id and every field the platform returned. */
export type Entity = { id: string } & Record<string, unknown>;

/** Why a consumer leaves a type out, for the person reading the docs or a failing test. */
export interface OptOut {
  readonly omitted: string;
}

/** The ids an object is listed under: its company, and the parent inputs its inventory names. */
export type ParentIds = Readonly<{ companyId: string } & Record<string, string>>;

/** What an inventory's `list` gets. */
export interface InventoryContext {
  client: TravelClient;
  /** The company being read, as the platform returned it (its roles decide some listings). */
  company: Entity;
}

/** How the objects of a type are found under their parent. */
export interface Inventory {
  /**
   * The type whose objects are the parents, and the parent ids each parent object gives (such as
   * `{ legalEntityId }`), or undefined to skip that parent. Absent: the objects are under the company.
   */
  parent?:
    | {
        type: string;
        ids(parent: Entity): Record<string, string> | undefined;
      }
    | undefined;
  /** Every object under `parents` (`companyId` and the parent's ids), each read whole. */
  list(ctx: InventoryContext, parents: ParentIds): Promise<Entity[]>;
  /**
   * Every object under `parents` as the listing gives it (its id, and its name where listed),
   * without reading each: enough to name the objects that block a company's deletion. Absent: `list`.
   */
  references?(ctx: InventoryContext, parents: ParentIds): Promise<Entity[]>;
  /**
   * What the listed objects are, for people, when they are not objects of this type that a
   * resource makes: `UserGroupRoles` lists the user groups (made outside stacks) it assigns roles
   * to. A company's deletion names them as going with it, whatever the stack holds.
   */
  objects?: string | undefined;
  /**
   * True when the platform refuses to delete a company while objects of this type remain under
   * it (400 `COMPANY_NOT_EMPTY`), so none of them ever goes with a company's deletion.
   */
  blocksCompanyDeletion?: boolean | undefined;
  /**
   * How `reconcile --delete` deletes an object no resource owns; or why `reconcile` does not list
   * these objects (settings of the company, such as a config, which exist with it).
   */
  reconcile: { deletePath(parents: ParentIds, object: Entity): string } | OptOut;
}

/**
 * The manifest section of a type. A section of plain entries (company children) also says how an
 * entry maps to the resource's inputs and back, so the manifest and `export` need nothing else;
 * any other section has a codec of its own (`manifest/sections/`, keyed by type), unless the type
 * is declared inside the entries of its parent's section (`partOf`).
 */
export interface ManifestSection {
  /** The key of the section in the manifest document, such as `costCenters`. */
  section: string;
  /**
   * The type whose entries hold these objects (an arm is declared inside its custom field's entry):
   * that type's codec declares, validates and exports them too.
   */
  partOf?: string | undefined;
  /** For plain entries: the fields an entry holds and how it names its parent. */
  entries?:
    | {
        /** The writable fields an entry takes (parents left out). */
        fields: z.ZodRawShape;
        /** The fields `export` writes: those the platform returns (create-only fields left out). */
        exported: readonly string[];
        /**
         * A parent below the company, named in an entry by the manifest key of the parent's own
         * entry (`legalEntity: acme-us`), given to the resource as `input` (`legalEntityId`).
         */
        parent?: { type: string; input: string; entryKey: string } | undefined;
      }
    | undefined;
}

/**
 * How the objects of a type that belong to the caller's TMC, not to a company (API users), are
 * listed: `reconcile` lists those the stack does not hold, which other stacks may own.
 */
export interface TmcInventory {
  /** What the listing holds, for people: `API users of the TMC`. */
  describe: string;
  /** Every id of the caller's TMC. */
  listIds(client: TravelClient): Promise<string[]>;
  /** Removes one (`reconcile --delete <Type>:<id>`), such as revoking an API user. */
  remove(client: TravelClient, id: string): Promise<void>;
  /**
   * The ids a pending create of the type recorded, among its checked inputs, as listed when it was
   * checked (`operations/ids-before-create.ts`): `reconcile` names the ones that appeared since.
   */
  recordedIds?: ((inputs: Values) => readonly string[] | undefined) | undefined;
}

/** The facts every consumer of the registry reads. */
export interface TenantFacts {
  /** The tenant manifest's section holding the type's entries, or why it has none. */
  manifest: ManifestSection | OptOut;
  /** How `export` and `reconcile` list the type's objects under a company, or why they cannot. */
  inventory: Inventory | OptOut;
  /** For a type whose objects belong to the TMC rather than a company: how reconcile lists them. */
  tmcInventory?: TmcInventory | undefined;
}

/** True when `fact` is an opt-out. */
export function isOptOut(fact: object): fact is OptOut {
  return "omitted" in fact;
}

/** The parent id `key` an inventory was listed under; a missing one is a wiring error. */
export function parentId(parents: ParentIds, key: string): string {
  const id = parents[key];
  if (id === undefined) throw new Error(`listing needs the parent id ${key}, which the reader did not give`);
  return id;
}
