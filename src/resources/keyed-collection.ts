/**
 * The archetype of a keyed collection: the entries of one platform object that a resource
 * converges to the declared ones (a group's roles by role id, an option group's options by name, a
 * company's custom-field order). The resource's id is the object's; create and update both read the
 * entries the platform holds and send what makes them the declared ones, so repeating a create is
 * harmless (its recovery is `idempotent`); read observes the declared entries (every entry when
 * importing); delete removes what the resource declared, or nothing where the platform keeps every
 * entry.
 */
import type { z } from "zod";
import type { TravelClient } from "../client";
import {
  defineResource,
  type ResourceCapabilities,
  type ResourceDefinition,
  type Values,
} from "../provider/kit";
import { readUnlessGone } from "./gone";

/** What a keyed collection declares; `E` is one entry as the platform holds it. */
export interface KeyedCollection<I extends Values, S extends Values, E> {
  /** Type name; never rename it. */
  type: string;
  /** The input schema (a zod object). */
  inputs: z.ZodObject<z.ZodRawShape> & z.ZodType<I>;
  /** The not-found codes that mean the object (or its parent) is gone. */
  notFoundCodes: readonly string[];
  /** The resource's id: the object whose entries it holds (one resource per object). */
  idOf(inputs: I): string;
  /** The outputs of the resource `id`. */
  stateOf(id: string): S;
  /** The entries the object `id` holds now. */
  entries(client: TravelClient, declared: I, id: string): Promise<E[]>;
  /**
   * Sends what turns `current` into the entries `inputs` declares; `previous` are the inputs on
   * record (on update), so entries this resource no longer declares go and others stay.
   */
  converge(client: TravelClient, inputs: I, id: string, current: E[], previous?: I): Promise<void>;
  /** Removes the entries `declared` put in `id` (nothing where the platform keeps every entry). */
  clear(client: TravelClient, declared: I, id: string): Promise<void>;
  /** The inputs the platform holds: the declared entries found in `current`, or every one when `importing`. */
  observe(current: E[], declared: I, id: string, importing: boolean): I;
  /** The capabilities the type opts into. */
  capabilities?: ResourceCapabilities<I, S> | undefined;
}

/** Declares a keyed collection's resource from `spec`. */
export function defineKeyedCollection<
  I extends Values,
  S extends Values,
  E,
  Schema extends z.ZodType = z.ZodType,
>(spec: KeyedCollection<I, S, E> & { inputs: Schema }): ResourceDefinition<I, S> & { inputs: Schema } {
  return defineResource<I, S, Schema>({
    type: spec.type,
    inputs: spec.inputs,
    outputs: [],
    notFoundCodes: spec.notFoundCodes,
    // A convergence from the entries the object holds: repeating the create is harmless.
    recovery: { strategy: "idempotent" },
    async create({ client }, inputs, created) {
      const id = spec.idOf(inputs);
      await spec.converge(client, inputs, id, await spec.entries(client, inputs, id));
      // Known only once converged: a lost answer is settled by converging again (idempotent).
      created(id);
      return { id, state: spec.stateOf(id) };
    },
    async read({ client, importing }, id, declared) {
      const current = await readUnlessGone(spec.notFoundCodes, () => spec.entries(client, declared, id));
      if (!current) return undefined;
      return { observed: spec.observe(current, declared, id, importing === true), state: spec.stateOf(id) };
    },
    async update({ client }, id, news, olds) {
      await spec.converge(client, news, id, await spec.entries(client, news, id), olds);
      return spec.stateOf(id);
    },
    async delete({ client }, id, declared) {
      await spec.clear(client, declared, id);
    },
    capabilities: spec.capabilities,
  });
}
