/**
 * The objects of a type as the plugin lists them, for the protocol's `List` and for the search
 * behind a bare id (`bare-id.ts`): each type's inventory, the listing `export` and `reconcile` read
 * (`model/tenant-facts.ts`), under a company, or under each object of its parent type (offices under
 * legal entities, arms under custom fields), each object named by the id `pulumi import` takes
 * (`model/import-id.ts`). Nothing here lists on its own: the platform's listings are the
 * inventories', paged by the client's paginator; the companies the credentials can see are
 * `GET /v2/companies`, paged the same way.
 */
import { z } from "zod";
import { apiPath, itemsUnder, listEach, type TravelClient } from "../../../client";
import { importIdFrom, importIdOf, ownIdOf, parentIdsOf } from "../../model/import-id";
import {
  type Entity,
  type Inventory,
  type InventoryContext,
  isOptOut,
  type OptOut,
  type ParentIds,
} from "../../model/tenant-facts";
import type { Values } from "../../model/values";
import type { DefinitionRegistry } from "../../operations/runtime";

/** The inputs a type's `List` takes (the schema's `listInputs`): parent ids, by name. */
export interface ListInputs {
  /** Inputs every listing needs (`companyId`), none for the companies themselves. */
  required: readonly string[];
  /** Parent ids below the company that narrow the listing (`legalEntityId` of offices). */
  optional: readonly string[];
}

/** One listed object: the id `Read` and `pulumi import` take, the resource's id, and its name. */
export interface ListedObject {
  /** The import id (`<companyId>/<costCenterId>`). */
  importId: string;
  /** The object's id as the resource records it (what `create` prints). */
  id: string;
  /** Its name, where the listing gives one. */
  name?: string | undefined;
  /** The ids it was listed under: its company and its parents. */
  parents: ParentIds;
}

/** What {@link listInputsOf} reads off a definition. */
type ListedDefinition = DefinitionRegistry[string];

/** The company is the root: a type not replaced on a company id is listed as the companies are. */
const COMPANY_ID = "companyId";

/**
 * The inputs `List` takes for `definition`: the company, and its parent ids below the company,
 * optional; or why the type cannot be listed (its inventory opts out).
 */
export function listInputsOf(definition: ListedDefinition): ListInputs | OptOut {
  const inventory = definition.capabilities?.tenant?.inventory;
  if (inventory === undefined) return { omitted: "its definition declares no inventory" };
  if (isOptOut(inventory)) return inventory;
  const parents = parentIdsOf(definition);
  if (!parents.includes(COMPANY_ID)) return { required: [], optional: [] };
  return { required: [COMPANY_ID], optional: parents.filter((name) => name !== COMPANY_ID) };
}

/** One company as `GET /v2/companies` lists it. */
const listedCompany = z.looseObject({ id: z.string(), name: z.string().optional() });

/** Every company the client's credentials can see, page by page (`GET /v2/companies`). */
export async function* visibleCompanies(client: TravelClient): AsyncGenerator<Entity, void, undefined> {
  yield* listEach(client, {
    path: "/v2/companies",
    shape: "offsetQuery",
    ...itemsUnder("elements", listedCompany),
  });
}

/** An object and the ids it was listed under. */
interface Found {
  entity: Entity;
  parents: ParentIds;
}

/** The listing of the types of `definitions`. */
export function typeListing(definitions: DefinitionRegistry) {
  const definitionOf = (type: string) => {
    const definition = definitions[type];
    if (definition === undefined) throw new Error(`pulumi-travel does not know resource type ${type}`);
    return definition;
  };
  const inventoryOf = (type: string): Inventory => {
    const inputs = listInputsOf(definitionOf(type));
    if (isOptOut(inputs)) throw new Error(`travel:index:${type} cannot be listed: ${inputs.omitted}`);
    const inventory = definitionOf(type).capabilities?.tenant?.inventory;
    if (inventory === undefined || isOptOut(inventory)) throw new Error(`${type} has no inventory`);
    return inventory;
  };

  /** True when `parents` names no id other than `query` gives. */
  const agrees = (parents: ParentIds, query: Readonly<Record<string, string>>) =>
    Object.entries(query).every(([name, id]) => parents[name] === undefined || parents[name] === id);

  /**
   * The ids each object of `type` is listed under, narrowed by `query`: the company, or each
   * object of its parent type (the one `query` names by its id, without listing, or every one).
   */
  async function parentsOf(
    type: string,
    ctx: InventoryContext,
    query: Readonly<Record<string, string>>,
  ): Promise<ParentIds[]> {
    const { parent } = inventoryOf(type);
    if (parent === undefined) return [{ companyId: ctx.company.id }];
    const given = query[ownIdOf(definitionOf(parent.type))];
    const parentObjects: Found[] =
      given === undefined
        ? await objectsUnder(parent.type, ctx, query, "whole")
        : (await parentsOf(parent.type, ctx, query)).map((parents) => ({ entity: { id: given }, parents }));
    return parentObjects.flatMap(({ entity, parents }) => {
      const ids = parent.ids(entity);
      return ids === undefined ? [] : [{ ...parents, ...ids }];
    });
  }

  /** The objects of `type` under the company of `ctx`, narrowed by `query`; `whole` when a child needs their fields. */
  async function objectsUnder(
    type: string,
    ctx: InventoryContext,
    query: Readonly<Record<string, string>>,
    read: "whole" | "listed",
  ): Promise<Found[]> {
    const inventory = inventoryOf(type);
    const found: Found[] = [];
    for (const parents of await parentsOf(type, ctx, query)) {
      if (!agrees(parents, query)) continue;
      const listed =
        read === "listed" && inventory.references !== undefined
          ? await inventory.references(ctx, parents)
          : await inventory.list(ctx, parents);
      for (const entity of listed) found.push({ entity, parents });
    }
    return found;
  }

  /** `found` as a listed object of `type`, named by its import id. */
  function listedObject(type: string, { entity, parents }: Found): ListedObject {
    const definition = definitionOf(type);
    const form = importIdOf(definition);
    const values: Values = {
      [definition.capabilities?.outputRules?.idOutput ?? lastRequiredSegment(form.form)]: entity.id,
      ...entity,
      ...parents,
    };
    const built = importIdFrom(form, (name) => {
      const value = values[name];
      return typeof value === "string" ? value : undefined;
    });
    if ("missing" in built)
      throw new Error(
        `${type}: its listing gives ${entity.id} no ${built.missing} for the import id ${form.form}`,
      );
    const name = typeof entity.name === "string" ? entity.name : undefined;
    return { importId: built.id, id: entity.id, name, parents };
  }

  /** The company `companyId` as the platform returns it (a missing one fails with the platform's 404). */
  async function company(client: TravelClient, companyId: string): Promise<Entity> {
    return { ...(await client.get<Values>(apiPath`/v2/companies/${companyId}`)), id: companyId };
  }

  return {
    /**
     * Every object of `type` that `query` (its list inputs) names, each once, in the listing's
     * order; throws naming the input when `query` lacks a required one or holds one `List` does
     * not take.
     */
    async list(client: TravelClient, type: string, query: Values): Promise<ListedObject[]> {
      const inputs = listInputsOf(definitionOf(type));
      if (isOptOut(inputs)) throw new Error(`travel:index:${type} cannot be listed: ${inputs.omitted}`);
      const ids = listQuery(type, inputs, query);
      if (inputs.required.includes(COMPANY_ID)) {
        const ctx = { client, company: await company(client, ids.companyId ?? "") };
        return (await objectsUnder(type, ctx, ids, "listed")).map((found) => listedObject(type, found));
      }
      const out: ListedObject[] = [];
      for await (const listed of visibleCompanies(client)) {
        const ctx = { client, company: listed };
        for (const found of await objectsUnder(type, ctx, { companyId: listed.id }, "listed"))
          out.push(listedObject(type, found));
      }
      return out;
    },

    /** The objects of `type` under company `companyId` (no narrowing), for the search by id. */
    async under(client: TravelClient, type: string, companyId: string): Promise<ListedObject[]> {
      const ctx = { client, company: await company(client, companyId) };
      return (await objectsUnder(type, ctx, { companyId }, "listed")).map((found) =>
        listedObject(type, found),
      );
    },
  };
}

/** The listing of a registry's types. */
export type TypeListing = ReturnType<typeof typeListing>;

/** The last required segment of an import id form (`<companyId>/<groupId>` → `groupId`). */
function lastRequiredSegment(form: string): string {
  const required = form.split("[")[0] ?? "";
  return [...required.matchAll(/<(\w+)>/g)].at(-1)?.[1] ?? "";
}

/** `query` checked against `inputs`: each a non-empty string, the required ones present, no other. */
function listQuery(type: string, inputs: ListInputs, query: Values): Record<string, string> {
  const accepted = [...inputs.required, ...inputs.optional];
  const ids: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (!accepted.includes(name))
      throw new Error(
        `travel:index:${type} list: ${name} is not a list input (${accepted.length > 0 ? `it takes ${accepted.join(", ")}` : "it takes none"})`,
      );
    if (typeof value !== "string" || value === "")
      throw new Error(`travel:index:${type} list: ${name} must be a non-empty id`);
    ids[name] = value;
  }
  for (const name of inputs.required)
    if (ids[name] === undefined) throw new Error(`travel:index:${type} list: ${name} is required`);
  return ids;
}
