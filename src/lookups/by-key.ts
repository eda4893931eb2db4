/**
 * A lookup for every type of the registry that has a natural key, derived from its definition
 * rather than written per type: `getCostCenter({ companyId, externalId })`,
 * `getOffice({ companyId, legalEntityId, name })`, `getPartnerPublicKey({ companyId, kid })`, each
 * with its `...Output` twin. A type's keys are the keys its create lookup recovers by (`externalId`,
 * `name`, `kid`) that its inputs hold; its parents are the parent ids it is replaced on; its objects
 * are listed by its inventory, the one `export` and `reconcile` read. A type without a natural key
 * is named in {@link WITHOUT_LOOKUP} with the reason, and a type that is neither fails on import.
 * The same spec gives each lookup's provider function ({@link keyedFunctions}), which runs the
 * same search with the client the plugin host hands it.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { apiPath, type TravelClient } from "../client";
import type { ArgsOf } from "../provider/model/args";
import type { LookupKey } from "../provider/model/create-lookup";
import { ADOPT_INPUT, inputKeysOf, type ResourceDefinition, type Values } from "../provider/model/definition";
import type { ProviderFunction } from "../provider/model/provider-function";
import { type Entity, type Inventory, isOptOut } from "../provider/model/tenant-facts";
import type * as resources from "../resources";
import { definitions, type ResourceType } from "../resources/registry";
import { exactlyOne } from "./lookup-error";
import { type Lookup, lookupPair, type OutputLookup, oneKeyOf, requiredArg } from "./lookup";
import { providerFunctionOf } from "./provider-function-of";
import { replaceOnOf } from "../provider/model/replace-rules";

/**
 * The types with no lookup by key, and why (the company has {@link getCompany}, a group's roles
 * {@link getUserGroup} and {@link getRole}).
 */
export const WITHOUT_LOOKUP = {
  Company: "found by getCompany (by externalId or name)",
  CompanyFeatures: "a setting of its company, addressed by the company id",
  CompanyConfig: "a setting of its company, addressed by the company id and its kind",
  PerTripServiceCharge: "a setting of its company, addressed by the company id",
  CustomFieldOrder: "a setting of its company, addressed by the company id",
  OptionGroup: "one per arm: the arm's optionGroupId names it",
  UserGroupRoles: "the roles of a user group: getUserGroup finds the group and getRole each role",
  ApiUser: "the platform lists API users by clientId only, with no name or key to search by",
  TenantKey: "the platform has no call that reads it",
} as const satisfies Partial<Record<ResourceType, string>>;

/** The types with a lookup by key. */
export type KeyedType = Exclude<ResourceType, keyof typeof WITHOUT_LOOKUP>;

/** The parent ids a keyed lookup takes. */
const PARENT_IDS = ["companyId", "legalEntityId", "customFieldId"] as const;
type ParentId = (typeof PARENT_IDS)[number];

/** The natural keys: those a create lookup recovers an object by. */
const KEYS = ["externalId", "name", "kid"] as const satisfies readonly LookupKey["by"][];
type KeyName = (typeof KEYS)[number];

/** The Args of type `T`, derived from its definition's input schema as its Args interface is. */
type ArgsOfType<T extends KeyedType> = ArgsOf<(typeof resources)[`${Uncapitalize<T>}Resource`]["inputs"]>;

/** Arguments of a keyed lookup: the parents, and exactly one of the keys (a second one throws). */
export type KeyedLookupArgs<A> = { [P in Extract<keyof A, ParentId>]: string } & {
  [K in Extract<keyof A, KeyName>]?: string;
};

/** A platform object as read: its id and its fields, typed as the resource's inputs. */
export type PlatformObject<A> = { id: string } & {
  [K in Exclude<keyof A, "adoptId" | ParentId>]?: pulumi.Unwrap<A[K]>;
};

/** `getCostCenter`, `getCostCenterOutput`, ... for every keyed type. */
export type KeyedLookups = {
  [T in KeyedType as `get${T}`]: Lookup<KeyedLookupArgs<ArgsOfType<T>>, PlatformObject<ArgsOfType<T>>>;
} & {
  [T in KeyedType as `get${T}Output`]: OutputLookup<
    KeyedLookupArgs<ArgsOfType<T>>,
    PlatformObject<ArgsOfType<T>>
  >;
};

/** What a keyed lookup reads off a definition. */
interface KeyedSpec {
  type: string;
  /** The type's input schema: the fields of what the lookup finds. */
  inputs: z.ZodObject<z.ZodRawShape>;
  parents: readonly ParentId[];
  keys: readonly KeyName[];
  /** Keys the platform compares without case (a custom field's name). */
  caseInsensitive: ReadonlySet<string>;
  inventory: Inventory;
}

/** The keyed spec of `definition`, or an error naming the type and what it lacks. */
function keyedSpec(definition: ResourceDefinition<Values, Values>): KeyedSpec {
  const { type } = definition;
  const inventory = definition.capabilities?.tenant?.inventory;
  const fail = (why: string) =>
    new Error(
      `${type} has no lookup: ${why}; give it one or name it in WITHOUT_LOOKUP (src/lookups/by-key.ts)`,
    );
  if (definition.recovery.strategy !== "natural-key") throw fail("its create recovery has no natural key");
  if (inventory === undefined || isOptOut(inventory))
    throw fail("its objects cannot be listed (no inventory)");
  const inputs = inputKeysOf(definition);
  const keys = KEYS.filter((key) => inputs.includes(key));
  const parents = PARENT_IDS.filter((id) => replaceOnOf(definition).includes(id));
  if (keys.length === 0) throw fail(`its inputs hold none of ${KEYS.join(", ")}`);
  if (!parents.includes("companyId")) throw fail("it is not under a company");
  const caseInsensitive = new Set(
    (definition.capabilities?.uniqueness?.uniqueInputs ?? [])
      .filter((rule) => rule.caseInsensitive === true)
      .map((rule) => rule.input),
  );
  return { type, inputs: definition.inputs, parents, keys, caseInsensitive, inventory };
}

/** Words for the parents searched under: `in company 8f…, legalEntityId 2a…`. */
const scopeOf = (ids: Record<string, string>) =>
  `in company ${ids.companyId}${Object.entries(ids)
    .filter(([name]) => name !== "companyId")
    .map(([name, id]) => `, ${name} ${id}`)
    .join("")}`;

/** The search of a keyed type: its objects under the parents, those whose key holds the value. */
function keyedSearch(spec: KeyedSpec) {
  const lookupName = `get${spec.type}`;
  return async (client: TravelClient, args: object): Promise<Entity> => {
    const ids = Object.fromEntries(spec.parents.map((id) => [id, requiredArg(lookupName, args, id)]));
    const { key, value } = oneKeyOf(lookupName, args, spec.keys);
    const companyId = ids.companyId ?? "";
    const company = { ...(await client.get<Values>(apiPath`/v2/companies/${companyId}`)), id: companyId };
    const listed = await spec.inventory.list({ client, company }, { ...ids, companyId });
    const same = spec.caseInsensitive.has(key)
      ? (held: unknown) => typeof held === "string" && held.toLowerCase() === value.toLowerCase()
      : (held: unknown) => held === value;
    const found = listed.filter((object) => same(object[key]));
    return exactlyOne({ type: spec.type, key, value, scope: scopeOf(ids) }, found);
  };
}

/** A parent id or a type in words: `legalEntityId` → `legal entity`, `CostCenter` → `cost center`. */
const words = (name: string) =>
  name
    .replace(/Id$/, "")
    .replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`)
    .trim();

/** Names as code, in words: `` `externalId` or `name` ``. */
const codeWords = (names: readonly string[], conjunction: "or" | "and") => {
  const quoted = names.map((name) => `\`${name}\``);
  return quoted.length <= 1
    ? (quoted[0] ?? "")
    : `${quoted.slice(0, -1).join(", ")} ${conjunction} ${quoted.at(-1)}`;
};

/**
 * The provider function of a keyed type: its arguments are the parent ids and the keys (exactly
 * one given), its result the object's id, its parents and its inputs (but `adoptId`) as read.
 */
function keyedFunction(spec: KeyedSpec, search: ReturnType<typeof keyedSearch>): ProviderFunction {
  const id = z.string().min(1);
  const parents = Object.fromEntries(
    spec.parents.map((name) => [name, id.describe(`The id of the ${words(name)} it belongs to.`)]),
  );
  const fields = Object.entries(spec.inputs.shape)
    .filter(([name]) => name !== ADOPT_INPUT && !(spec.parents as readonly string[]).includes(name))
    .map(([name, schema]) => [name, z.optional(schema)]);
  const keys = codeWords(spec.keys, "or");
  const exactlyOneKey = spec.keys.length > 1 ? ` (give exactly one of ${keys})` : "";
  return providerFunctionOf(
    {
      name: `get${spec.type}`,
      description:
        `The ${spec.type} under ${codeWords(spec.parents, "and")} whose ${keys} is the one given${exactlyOneKey}. ` +
        `Fails, naming the search, unless exactly one ${spec.type} matches.`,
      args: z.strictObject({
        ...parents,
        ...Object.fromEntries(spec.keys.map((key) => [key, id.optional()])),
      }),
      result: z.object({
        id: z.string().describe(`The platform's id of the ${words(spec.type)}.`),
        ...parents,
        ...Object.fromEntries(fields),
      }),
    },
    async (client, args: Values) => ({ ...(await search(client, args)), ...parentIdsOf(spec, args) }),
  );
}

/** The parent ids `args` gives. */
const parentIdsOf = (spec: KeyedSpec, args: Values): Values =>
  Object.fromEntries(spec.parents.map((name) => [name, args[name]]));

/** The lookups and the provider functions of every keyed type of the registry. */
function keyedLookups(): { lookups: KeyedLookups; functions: ProviderFunction[] } {
  const lookups: Record<string, unknown> = {};
  const functions: ProviderFunction[] = [];
  for (const definition of Object.values(definitions)) {
    if (definition.type in WITHOUT_LOOKUP) continue;
    const spec = keyedSpec(definition);
    const search = keyedSearch(spec);
    const { lookup, output } = lookupPair(search);
    lookups[`get${definition.type}`] = lookup;
    lookups[`get${definition.type}Output`] = output;
    functions.push(keyedFunction(spec, search));
  }
  return { lookups: lookups as KeyedLookups, functions };
}

const keyed = keyedLookups();

/** Every lookup by key, derived from the registry (see the module's comment). */
export const lookupsByKey: KeyedLookups = keyed.lookups;

/** The provider function of every lookup by key, in the registry's order. */
export const keyedFunctions: readonly ProviderFunction[] = keyed.functions;
