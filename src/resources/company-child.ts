/**
 * The pattern most organization resources share: an object created with a POST under a company
 * (and possibly a legal entity), then read, replaced and deleted by id. A spec names the
 * collection, the writable fields and how the platform shapes ids; this module turns it into a
 * {@link ResourceDefinition}. Changing a parent id replaces the object.
 */
import { z } from "zod";
import { apiPath, listElements, listPosted, type TravelClient } from "../client";
import {
  adoptIdField,
  type CreateLookup,
  defineResource,
  type Inventory,
  type LookupCandidate,
  type LookupKey,
  type ParentIds,
  type ResourceDefinition,
  type Values,
} from "../provider/kit";
import { entityIdSchema, platformIdSchema } from "../schemas/common";
import { companyResource } from "./company";
import { readUnlessGone } from "./gone";
import { readEach } from "./read-each";
import { observe } from "./observe";
import { replaceWhole, replacementBody } from "./replace-whole";

/** Parent ids a child resource can have. */
export type ParentKey = "companyId" | "legalEntityId";

/** How a resource type maps onto the platform. */
export interface CompanyChildSpec<F extends z.ZodRawShape> {
  /** Type name; each host derives its token from it. */
  type: string;
  /** Parents, outermost first; each is a required input that forces replacement. */
  parents: readonly ParentKey[];
  /**
   * The platform's error code for this object not found (`COST_CENTER_NOT_FOUND`). Its parents'
   * codes are read off their definitions: a removed parent takes its children with it.
   */
  notFoundCode: string;
  /**
   * The parent below the company, for an object under another object (an office under its legal
   * entity): that parent's definition. Its id output is the last of `parents`, and a manifest
   * entry names it by the key of its entry (`legalEntity: acme-us`).
   */
  within?: InnerParentDefinition | undefined;
  /** Writable fields, named as the platform names them. */
  fields: F;
  /** Path of the collection for the given parent ids (POST creates here). */
  collectionPath(parents: Record<ParentKey, string>): string;
  /** Name of the output holding the object's id, such as `legalEntityId`. */
  idOutput: string;
  /**
   * How the PUT body carries the id: a plain string, the `{ id }` wrapper, or not at all (the
   * vendor's update request declares no id, as `UpdateGradeRequest`).
   */
  idShape: "string" | "wrapped" | "none";
  /** Replace by deleting first (for names that must be unique). */
  deleteBeforeReplace?: boolean;
  /**
   * Fields the platform accepts on create only and never returns: a PUT does not carry them,
   * refresh keeps the declared value, and changing one replaces the object.
   */
  createOnly?: readonly (keyof F & string)[];
  /**
   * How to list the collection: when a create's outcome is unknown (see `provider/create/safe-create.ts`),
   * and for `export` and `reconcile`. Default: `GET` of the collection path with `externalId`,
   * `pageNumber` and `pageSize`.
   */
  listing?: ChildListing;
  /** The tenant manifest's section of these objects, such as `costCenters`. */
  section: string;
}

/** How the create lookup lists a collection. */
export type ChildListing =
  | { method: "GET" }
  | {
      /** `POST <path>` with `searchText` and `paginationParams`; the objects are under `key`. */
      method: "POST";
      path(parents: Record<ParentKey, string>): string;
      key: string;
    };

/** Every object of a collection listing, filtered by `key` (when given) where the listing can filter. */
async function listReferences(
  client: TravelClient,
  listing: ChildListing,
  collectionPath: string,
  parents: Record<ParentKey, string>,
  key?: LookupKey,
): Promise<LookupCandidate[]> {
  const items =
    listing.method === "GET"
      ? await listElements(client, collectionPath, key?.by === "externalId" ? { externalId: key.value } : {})
      : await listPosted(
          client,
          listing.path(parents),
          listing.key,
          key?.by === "name" ? { searchText: key.value } : {},
        );
  return items.map((item) => ({ id: item.id, name: item.name }));
}

/** What a child reads off the definition of its parent below the company. */
export type InnerParentDefinition = Pick<
  ResourceDefinition<Values, Values>,
  "type" | "notFoundCodes" | "capabilities"
>;

const parentIdSchema = platformIdSchema("an id");

/** An object as the platform returns it, read leniently. */
const anyObject = z.record(z.string(), z.unknown());

/** The parent id inputs, documented once. */
const parentFields = {
  /** The company it belongs to; changing it replaces the object. */
  companyId: parentIdSchema,
  /** The legal entity it belongs to; changing it replaces the object. */
  legalEntityId: parentIdSchema,
};

/** The input schema of a company child with parents `P` and fields `F`. */
export type CompanyChildInputs<P extends ParentKey, F extends z.ZodRawShape> = z.ZodObject<
  Pick<typeof parentFields, P> & F & typeof adoptIdField,
  z.core.$strict
>;

/** Builds the resource definition of a company child. */
export function defineCompanyChild<P extends ParentKey, F extends z.ZodRawShape>(
  spec: CompanyChildSpec<F> & { parents: readonly P[] },
): Omit<ResourceDefinition<Values, Values>, "inputs"> & { inputs: CompanyChildInputs<P, F> } {
  const parentShape = Object.fromEntries(spec.parents.map((key) => [key, parentFields[key]])) as Pick<
    typeof parentFields,
    P
  >;
  const inputs: CompanyChildInputs<P, F> = z.strictObject({
    ...parentShape,
    ...spec.fields,
    ...adoptIdField,
  });
  const fieldKeys = Object.keys(spec.fields);
  const createOnly: readonly string[] = spec.createOnly ?? [];
  const replaceableKeys = fieldKeys.filter((key) => !createOnly.includes(key));
  const notFoundCodes = [
    ...new Set([spec.notFoundCode, ...companyResource.notFoundCodes, ...(spec.within?.notFoundCodes ?? [])]),
  ];
  const parentsOf = (values: Values) => parentIdsOf(spec.parents, values);
  const itemPath = (values: Values, id: string) => childPath(spec, values, id);
  const bodyOf = (values: Values): Values =>
    Object.fromEntries(fieldKeys.filter((key) => values[key] !== undefined).map((key) => [key, values[key]]));
  const stateOf = (id: string): Values => ({ [spec.idOutput]: id });
  const createRequest = (values: Values) =>
    ({ method: "POST", path: spec.collectionPath(parentsOf(values)), body: bodyOf(values) }) as const;
  const listing = spec.listing ?? { method: "GET" };
  const parent = innerParentOf(spec);
  const inventory = childInventory(spec, listing, notFoundCodes, parent);

  const defined = defineResource<Values, Values, CompanyChildInputs<P, F>>({
    type: spec.type,
    inputs,
    outputs: [],
    notFoundCodes,
    async create({ client }, values, created) {
      const { path, body } = createRequest(values);
      const { id } = await client.post(path, { body, schema: entityIdSchema });
      created(id);
      return { id, state: stateOf(id) };
    },
    async read({ client, importing }, id, declared) {
      const found = await readUnlessGone(notFoundCodes, () => client.get<Values>(itemPath(declared, id)));
      if (!found) return undefined;
      const kept = Object.fromEntries(createOnly.map((key) => [key, declared[key]]));
      const observed = {
        ...parentsOf(declared),
        ...observe(found, declared, replaceableKeys, importing),
        ...kept,
      };
      return { observed, state: stateOf(id) };
    },
    async update({ client }, id, news, olds) {
      await replaceWhole(client, itemPath(news, id), anyObject, (current) => {
        const body = replacementBody(current, news, olds, replaceableKeys);
        for (const key of createOnly) delete body[key];
        delete body.id;
        if (spec.idShape !== "none") body.id = spec.idShape === "wrapped" ? { id } : id;
        return body;
      });
      return stateOf(id);
    },
    async delete({ client }, id, declared) {
      await client.delete(itemPath(declared, id));
    },
    recovery: { strategy: "natural-key", lookup: childLookup(spec, listing, notFoundCodes) },
    capabilities: {
      replacement: {
        replaceOn: [...spec.parents, ...createOnly],
        deleteBeforeReplace: spec.deleteBeforeReplace,
      },
      uniqueness: {
        uniqueExternalIdWithin: spec.parents,
      },
      outputRules: {
        idOutput: spec.idOutput,
      },
      preview: {
        vendorRequests: (values) => [createRequest(values), ...adoptionRequests(values, itemPath)],
      },
      tenant: {
        manifest: {
          section: spec.section,
          entries: { fields: spec.fields, exported: replaceableKeys, parent },
        },
        inventory,
      },
    },
  });
  return defined;
}

/** Adoption replaces the object whole: `PUT <collection>/{adoptId}`, its path judged by the vendor. */
function adoptionRequests(values: Values, itemPath: (values: Values, id: string) => string) {
  return typeof values.adoptId === "string"
    ? [
        {
          method: "PUT" as const,
          path: itemPath(values, values.adoptId),
          body: undefined,
          idInput: "adoptId",
        },
      ]
    : [];
}

/** How a create whose outcome is unknown finds the object: by externalId, else by name. */
function childLookup<F extends z.ZodRawShape>(
  spec: CompanyChildSpec<F>,
  listing: ChildListing,
  notFoundCodes: readonly string[],
): CreateLookup<Values> {
  const fieldKeys = Object.keys(spec.fields);
  const parentsOf = (values: Values) => parentIdsOf(spec.parents, values);
  return {
    collection: {
      of: (values) => spec.collectionPath(parentsOf(values)),
      async ids({ client }, values) {
        const path = spec.collectionPath(parentsOf(values));
        return (await listReferences(client, listing, path, parentsOf(values))).map(
          (reference) => reference.id,
        );
      },
    },
    keyOf(values) {
      const externalId = fieldKeys.includes("externalId") ? values.externalId : undefined;
      if (typeof externalId === "string" && externalId !== "") return { by: "externalId", value: externalId };
      const name = values.name;
      return typeof name === "string" && name !== "" ? { by: "name", value: name } : undefined;
    },
    async find({ client }, values, key) {
      const references = await listReferences(
        client,
        listing,
        spec.collectionPath(parentsOf(values)),
        parentsOf(values),
        key,
      );
      if (key.by === "name") return references.filter((reference) => reference.name === key.value);
      // The listing filtered by externalId; each match is confirmed on the object itself.
      const confirmed: LookupCandidate[] = [];
      for (const reference of references) {
        const found = await readUnlessGone(notFoundCodes, () =>
          client.get<Values>(childPath(spec, values, reference.id)),
        );
        if (found?.externalId === key.value) confirmed.push(reference);
      }
      return confirmed;
    },
  };
}

/** The parent ids of `values` (inputs, or the ids an object was listed under). */
function parentIdsOf(parents: readonly ParentKey[], values: Readonly<Record<string, unknown>>) {
  return Object.fromEntries(parents.map((key) => [key, String(values[key])])) as Record<ParentKey, string>;
}

/** The path of the object `id` under the parents named in `values`. */
function childPath(
  spec: Pick<CompanyChildSpec<z.ZodRawShape>, "parents" | "collectionPath">,
  values: Readonly<Record<string, unknown>>,
  id: string,
) {
  return `${spec.collectionPath(parentIdsOf(spec.parents, values))}${apiPath`/${id}`}`;
}

/** A parent below the company: its type, its input, and the key a manifest entry names it by. */
type InnerParent = { type: string; input: ParentKey; entryKey: string };

/** The parent of `spec` below the company, whose id output is the last of its parents. */
function innerParentOf({ type, parents, within }: CompanyChildSpec<z.ZodRawShape>): InnerParent | undefined {
  if (within === undefined) return undefined;
  const input = parents[parents.length - 1];
  if (input === undefined || input !== within.capabilities?.outputRules?.idOutput)
    throw new Error(`${type}: its last parent ${input} is not the id output of ${within.type}`);
  const entryKey = `${within.type.charAt(0).toLowerCase()}${within.type.slice(1)}`;
  return { type: within.type, input, entryKey };
}

/** How `export` and `reconcile` list a company child: its listing, each object read whole. */
function childInventory<F extends z.ZodRawShape>(
  spec: CompanyChildSpec<F>,
  listing: ChildListing,
  notFoundCodes: readonly string[],
  parent: InnerParent | undefined,
): Inventory {
  const parentsOf = (ids: ParentIds) => parentIdsOf(spec.parents, ids);
  return {
    parent: parent && { type: parent.type, ids: (object) => ({ [parent.input]: object.id }) },
    async list({ client }, ids) {
      const collection = spec.collectionPath(parentsOf(ids));
      const listed = await listReferences(client, listing, collection, parentsOf(ids));
      return readEach(client, listed, (id) => childPath(spec, ids, id), notFoundCodes);
    },
    async references({ client }, ids) {
      const listed = await listReferences(
        client,
        listing,
        spec.collectionPath(parentsOf(ids)),
        parentsOf(ids),
      );
      return listed.map(({ id, name }) => (name === undefined ? { id } : { id, name }));
    },
    reconcile: { deletePath: (ids, object) => childPath(spec, ids, object.id) },
    // The platform refuses to delete a company that still has children of its directories
    // (400 COMPANY_NOT_EMPTY; an office's legal entity refuses it in the office's place).
    blocksCompanyDeletion: true,
  };
}
