/**
 * The resource calls of the provider protocol, in plain terms: what the engine asks (check, diff,
 * create, read, update, delete, each with a preview where the protocol has one) answered by the
 * runtime's provider of the type, with the protocol's own duties on top:
 *
 * - values cross the wire with their secrets wrapped (`wire-values.ts`);
 * - a diff names each changed input and whether it replaces, so the engine needs no diff of its own;
 * - a create or an update previews its outputs: inputs known, an update's other outputs kept as
 *   recorded unless the definition says the update changes them (`changedByUpdate`), so a resource
 *   fed by them is not shown replaced when `up` only updates;
 * - a read with nothing recorded is an import: the id is the type's import id (`import-id.ts`), or
 *   the object's own id, found among the companies the credentials can see (`bare-id.ts`);
 * - a diff or an update given the import id of the object read (`pulumi do patch`) acts on the
 *   object's own id (`recorded-id.ts`).
 */
import type { ResourceDefinition } from "../../model/definition";
import { inputKeysOf } from "../../model/definition";
import { UNKNOWN } from "../../model/unknown-values";
import { type Values, withoutUndefined } from "../../model/values";
import { changedPaths, type PathChange } from "./keyed-diff-paths";
import type { DefinitionRegistry, ProviderRuntime } from "../../operations/runtime";
import type { ResourceRef } from "../../operations/create-journal";
import { fromWire, toWire } from "./wire-values";
import { urnParts } from "./urn";
import { importIdForRead } from "./bare-id";
import { recordedObjectId } from "./recorded-id";
import { typeListing } from "./type-listing";

/** How an input or output changed, as the protocol's `PropertyDiff.Kind` names it. */
export type ChangeKind = "ADD" | "ADD_REPLACE" | "DELETE" | "DELETE_REPLACE" | "UPDATE" | "UPDATE_REPLACE";

/** A diff as the protocol takes it. */
export interface PluginDiff {
  changes: boolean;
  replaces: string[];
  deleteBeforeReplace: boolean;
  /** The top-level properties that changed (the engine's `diffs`). */
  changed: string[];
  /** Where each changed: the property, or the paths into a keyed list's entries. */
  detailedDiff: Record<string, ChangeKind>;
}

/** A check failure as the protocol takes it. */
export interface PluginCheckFailure {
  property: string;
  reason: string;
}

/** What a read found: nothing (the object is gone), or its id, outputs and inputs. */
export type PluginRead = { id: string; properties: Values; inputs: Values } | undefined;

/** The resource calls of the plugin over `runtime`, for the types of `definitions`. */
export function pluginResources(definitions: DefinitionRegistry, runtime: ProviderRuntime) {
  const typeOf = (type: string) => {
    const definition = definitions[type];
    if (!definition)
      throw new Error(
        `pulumi-travel does not know resource type travel:index:${type}; the installed plugin is older than the program or state (upgrade it)`,
      );
    return { definition, provider: runtime.runtimeProvider(type) };
  };
  const listing = typeListing(definitions);
  const client = async () => (await runtime.context()).client;

  return {
    async check(type: string, oldsWire: Values, newsWire: Values, urn = "") {
      const { definition, provider } = typeOf(type);
      const olds = fromWire(oldsWire);
      const news = fromWire(newsWire);
      const result = await provider.check(
        olds.values,
        news.values,
        urnParts(urn)?.name,
        resourceRefOf(urn, type),
      );
      // Keyed lists stay maps, by name, as on the dynamic host: the engine shows the detailed
      // diff's paths into them (`keyed-diff-paths.ts`).
      return {
        inputs: toWire(result.inputs ?? {}, secretsOf(definition, news.secrets)),
        failures: (result.failures ?? []) as PluginCheckFailure[],
      };
    },

    async diff(
      type: string,
      id: string,
      oldsWire: Values,
      newsWire: Values,
      oldInputsWire: Values = {},
    ): Promise<PluginDiff> {
      const { definition, provider } = typeOf(type);
      const olds = fromWire(oldsWire).values;
      const news = fromWire(newsWire).values;
      // The recorded inputs hold the keyed maps (the outputs echo the lists).
      const oldInputs = fromWire(oldInputsWire).values;
      const objectId = await recordedObjectId(definition, id, olds, runtime.context);
      const { changed, replaces = [], deleteBeforeReplace } = await provider.diff(objectId, olds, news);
      const detailedDiff: Record<string, ChangeKind> = {};
      for (const key of changed) {
        const kind = olds[key] === undefined ? "ADD" : news[key] === undefined ? "DELETE" : "UPDATE";
        const replacing = replaces.includes(key);
        // A keyed list recorded as a map on both sides: the entries that changed, by name.
        const paths = keyedPaths(definition, key, oldInputs[key] ?? olds[key], news[key]);
        if (paths === undefined) detailedDiff[key] = replacing ? `${kind}_REPLACE` : kind;
        else
          for (const [path, change] of Object.entries(paths))
            detailedDiff[path] = replacing ? `${change}_REPLACE` : change;
      }
      return {
        changes: changed.length > 0 || replaces.length > 0,
        replaces,
        deleteBeforeReplace: deleteBeforeReplace === true,
        changed,
        detailedDiff,
      };
    },

    async create(type: string, newsWire: Values, preview: boolean, urn = "") {
      const { definition, provider } = typeOf(type);
      const news = fromWire(newsWire);
      const secrets = secretsOf(definition, news.secrets);
      if (preview) {
        const unknowns = Object.fromEntries(outputNamesOf(definition).map((name) => [name, UNKNOWN]));
        return { id: "", properties: toWire({ ...unknowns, ...news.values }, secrets) };
      }
      const resource = resourceRefOf(urn, type);
      const { id, outs } = await provider.create(
        news.values,
        resource && { ...resource, secretInputs: news.secrets },
      );
      return { id, properties: toWire(withIdOutput(definition, id, outs), secrets) };
    },

    async read(type: string, id: string, propertiesWire: Values, inputsWire: Values): Promise<PluginRead> {
      const { definition, provider } = typeOf(type);
      const recorded = fromWire(propertiesWire);
      const recordedInputs = fromWire(inputsWire);
      const secrets = secretsOf(definition, recorded.secrets, recordedInputs.secrets);
      if (Object.keys(recorded.values).length === 0 && Object.keys(recordedInputs.values).length === 0) {
        const imported = await provider.import(await importIdForRead(definitions, listing, client, type, id));
        if (!imported) return undefined;
        return {
          id: imported.id,
          properties: toWire(withIdOutput(definition, imported.id, imported.outs), secrets),
          inputs: toWire(imported.inputs, secrets),
        };
      }
      const found = await provider.read(id, recorded.values);
      const properties = found.props ?? {};
      if (Object.keys(properties).length === 0) return undefined;
      // The inputs as check records them (keyed lists by name), or as the outputs echo them.
      const inputs = inputsAmong(definition, found.inputs ?? properties);
      return {
        id: found.id ?? id,
        properties: toWire(withIdOutput(definition, found.id ?? id, properties), secrets),
        inputs: toWire(inputs, secrets),
      };
    },

    async update(type: string, id: string, oldsWire: Values, newsWire: Values, preview: boolean) {
      const { definition, provider } = typeOf(type);
      const olds = fromWire(oldsWire);
      const news = fromWire(newsWire);
      const secrets = secretsOf(definition, olds.secrets, news.secrets);
      if (preview) {
        const changing =
          definition.capabilities?.update?.changedByUpdate?.(
            inputsAmong(definition, olds.values),
            news.values,
          ) ?? [];
        const kept = Object.fromEntries(
          outputNamesOf(definition).map((name) => [
            name,
            changing.includes(name) ? UNKNOWN : olds.values[name],
          ]),
        );
        return { properties: toWire(withoutUndefined({ ...kept, ...news.values }), secrets) };
      }
      const objectId = await recordedObjectId(definition, id, olds.values, runtime.context);
      const { outs } = await provider.update(objectId, olds.values, news.values);
      return { properties: toWire(withIdOutput(definition, objectId, outs), secrets) };
    },

    async delete(type: string, id: string, propertiesWire: Values) {
      const { provider } = typeOf(type);
      await provider.delete(id, fromWire(propertiesWire).values);
    },
  };
}

/** The resource calls of the plugin. */
export type PluginResources = ReturnType<typeof pluginResources>;

/** The resource a URN names, of type `type`, or undefined. */
function resourceRefOf(urn: string, type: string): ResourceRef | undefined {
  const parts = urnParts(urn);
  return parts && { stack: parts.stack, project: parts.project, type, name: parts.name };
}

/** The definition's inputs among `values` (outputs echo the inputs). */
function inputsAmong(definition: ResourceDefinition<Values, Values>, values: Values): Values {
  const keys = inputKeysOf(definition);
  return Object.fromEntries(Object.entries(values).filter(([key]) => keys.includes(key)));
}

/**
 * The paths where keyed list input `key` changed, when both sides are recorded as maps (state
 * written before holds a list: the input is then reported whole).
 */
function keyedPaths(
  definition: ResourceDefinition<Values, Values>,
  key: string,
  olds: unknown,
  news: unknown,
): Record<string, PathChange> | undefined {
  const isMap = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);
  if (!definition.capabilities?.diff?.keyedInputs?.[key] || !isMap(olds) || !isMap(news)) return undefined;
  const paths = changedPaths(key, olds, news);
  return Object.keys(paths).length > 0 ? paths : undefined;
}

/** The outputs a resource of `definition` has besides its inputs: its declared outputs and id output. */
function outputNamesOf(definition: ResourceDefinition<Values, Values>): string[] {
  const idOutput = definition.capabilities?.outputRules?.idOutput;
  return [...new Set([...definition.outputs, ...(idOutput ? [idOutput] : [])])];
}

/**
 * `outs` with the id under its meaningful name (`costCenterId`): the dynamic host's classes bind
 * it to the engine id in the program; a plugin's outputs carry it.
 */
function withIdOutput(
  definition: ResourceDefinition<Values, Values>,
  id: string,
  outs: Values | undefined,
): Values {
  const out = { ...outs };
  const idOutput = definition.capabilities?.outputRules?.idOutput;
  if (idOutput !== undefined && out[idOutput] === undefined) out[idOutput] = id;
  return out;
}

/** The properties kept secret: those the definition declares, and any that arrived secret. */
function secretsOf(
  definition: ResourceDefinition<Values, Values>,
  ...arrived: ReadonlySet<string>[]
): Set<string> {
  return new Set([
    ...(definition.capabilities?.secrets?.secretInputs ?? []),
    ...(definition.capabilities?.secrets?.secretOutputs ?? []),
    ...arrived.flatMap((set) => [...set]),
  ]);
}
