/**
 * Builds the object the engine calls (check, diff, create, read, update, delete) from a
 * {@link ResourceDefinition}. This is the real implementation behind the thin serialized provider.
 */
import type * as pulumi from "@pulumi/pulumi";
import { isNotFound } from "../client";
import { checkInputs } from "./check";
import {
  ADOPT_INPUT,
  inputKeysOf,
  type ResourceContext,
  type ResourceDefinition,
  type Values,
} from "./definition";
import { diffInputs } from "./diff";
import { PartialCreateError } from "./partial-create-error";
import { stripInternal, withoutUndefined } from "./values";

/** A provider with every method the engine may call. */
export type FullResourceProvider = Required<pulumi.dynamic.ResourceProvider>;

/** Supplies the API context lazily, at call time. */
export type ContextFactory = () => ResourceContext;

/** The provider the engine drives for one resource type. */
export function buildDynamicProvider<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  context: ContextFactory,
): FullResourceProvider {
  const inputKeys = inputKeysOf(definition);
  const declaredOf = (props: Values | undefined): I => {
    const clean = stripInternal(props);
    return Object.fromEntries(
      inputKeys.filter((key) => clean[key] !== undefined).map((key) => [key, clean[key]]),
    ) as I;
  };
  const parse = (props: Values): I => {
    const result = checkInputs(definition.inputs, stripInternal(props));
    if (result.failures.length > 0) {
      const first = result.failures[0];
      throw new Error(`invalid inputs for ${definition.type}: ${first?.property}: ${first?.reason}`);
    }
    return withoutUndefined(result.inputs as I);
  };
  const outputsOf = (inputs: I, state: S): Values => withoutUndefined({ ...inputs, ...state });

  return {
    async configure() {
      // Configuration is held by the runtime; nothing per type.
    },

    async check(_olds: Values, news: Values) {
      const result = checkInputs(definition.inputs, stripInternal(news));
      return { inputs: withoutUndefined(result.inputs), failures: result.failures };
    },

    async diff(_id: string, olds: Values, news: Values) {
      const { changed, replaces } = diffInputs(
        inputKeys,
        declaredOf(olds),
        stripInternal(news),
        definition.replaceOn,
      );
      return {
        changes: changed.length > 0,
        replaces,
        deleteBeforeReplace: replaces.length > 0 && definition.deleteBeforeReplace === true,
      };
    },

    async create(props: Values) {
      const inputs = parse(props);
      const ctx = context();
      const adoptId = inputs[ADOPT_INPUT];
      if (typeof adoptId === "string" && adoptId !== "") {
        const existing = await definition.read(ctx, adoptId, inputs);
        if (!existing) {
          throw new Error(
            `${definition.type}: adoptId ${adoptId} does not exist (or is not visible to these credentials)`,
          );
        }
        // Adoption takes ownership of the declared fields only: fields set outside the program stay.
        const owned = pickKeys(existing.observed, Object.keys(inputs));
        const state = await definition.update(ctx, adoptId, inputs, owned);
        return { id: adoptId, outs: outputsOf(inputs, state) };
      }
      let createdId: string | undefined;
      try {
        const { id, state } = await definition.create(ctx, inputs, (id) => {
          createdId = id;
        });
        return { id, outs: outputsOf(inputs, state) };
      } catch (error) {
        if (createdId !== undefined)
          throw new PartialCreateError(createdId, withoutUndefined({ ...inputs }), error);
        throw error;
      }
    },

    async read(id: string, props?: Values) {
      const declared = declaredOf(props);
      const found = await definition.read(context(), id, declared);
      if (!found) return {};
      const observed = withoutUndefined({ ...found.observed, ...pickAdopt(declared) });
      return { id, props: outputsOf(observed, found.state), inputs: observed };
    },

    async update(id: string, olds: Values, news: Values) {
      const inputs = parse(news);
      const state = await definition.update(context(), id, inputs, declaredOf(olds));
      return { outs: outputsOf(inputs, state) };
    },

    async delete(id: string, props: Values) {
      try {
        await definition.delete(context(), id, declaredOf(props));
      } catch (error) {
        if (!isNotFound(error, definition.notFoundCodes)) throw error;
      }
    },
  };
}

function pickKeys<T extends Values>(values: T, keys: readonly string[]): T {
  return Object.fromEntries(Object.entries(values).filter(([key]) => keys.includes(key))) as T;
}

function pickAdopt(declared: Values): Values {
  return declared[ADOPT_INPUT] === undefined ? {} : { [ADOPT_INPUT]: declared[ADOPT_INPUT] };
}
