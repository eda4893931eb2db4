/**
 * The edge between a host and the operations of one type: the provider a host drives, in the
 * shape of Pulumi's dynamic provider interface. Each method decodes the property maps it receives
 * once (`model/recorded.ts`), calls the typed operations (`type-operations.ts`) and encodes their
 * answer once. The dynamic host serves it as it is, the plugin host translated to the protocol.
 */
import type * as pulumi from "@pulumi/pulumi";
import { PartialCreate, PartialCreateError } from "../create/partial-create-error";
import { decode } from "../model/codec";
import { inputKeysOf, type ResourceDefinition, type Values } from "../model/definition";
import { pickKeys } from "../model/values";
import { declaredForm } from "../model/keyed-inputs";
import { type Decoded, encodeInputs, encodeState, type Recorded } from "../model/recorded";
import type { Run } from "../model/run";
import type { CreateJournal, ResourceRef } from "./create-journal";
import { type ImportedObject, type TypeDiff, type TypeOperations, typeOperations } from "./type-operations";

export type { ImportedObject, TypeDiff } from "./type-operations";

/**
 * A provider with every method the engine may call: Pulumi's dynamic provider interface with its
 * values typed, and an import.
 */
export interface TypeProvider extends Required<pulumi.dynamic.ResourceProvider> {
  /**
   * Checks `news`; `name`, the resource's name where the host knows it (the plugin, from the URN),
   * also compares its unique values with the other resources the run checked.
   */
  check: (
    olds: Values,
    news: Values,
    name?: string,
    resource?: ResourceRef,
  ) => Promise<{ inputs: Values; failures: pulumi.dynamic.CheckFailure[] }>;
  diff: (id: string, olds: Values, news: Values) => Promise<TypeDiff>;
  /**
   * Creates the object of `inputs`. `resource` names the resource (the plugin, from the URN; the
   * dynamic host records it in the inputs): its create in flight is then recorded in the journal
   * (`create-journal.ts`) until the answer was handed back.
   */
  create: (inputs: Values, resource?: ResourceRef) => Promise<{ id: string; outs: Values }>;
  read: (id: string, props?: Values) => Promise<{ id?: string; props?: Values; inputs?: Values }>;
  update: (id: string, olds: Values, news: Values) => Promise<{ outs: Values }>;
  delete: (id: string, props: Values) => Promise<void>;
  /**
   * Reads the object `importId` names (the type's import id, `import-id.ts`) to import it: every
   * input the platform holds becomes an input, so a program declaring them previews no changes.
   * Undefined when there is no such object; throws naming the form when the id lacks it.
   */
  import: (importId: string) => Promise<ImportedObject | undefined>;
}

/** The provider the engine drives for one resource type, in `run`; creates in flight go in `journal`. */
export function buildTypeProvider<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  run: Run,
  journal?: CreateJournal,
): TypeProvider {
  return providerOf(definition, typeOperations(definition, run, journal));
}

/** `operations` behind the property maps a host hands over: decoded on the way in, encoded on the way out. */
export function providerOf<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  operations: TypeOperations<I, S>,
): TypeProvider {
  const recorded = (props: Values | undefined) => decodeRecorded(definition, props);
  return {
    // Configuration is held by the runtime; nothing per type.
    async configure() {},

    async check(olds, news, name, resource) {
      const { inputs, failures } = await operations.check(recorded(olds), decode(news), name, resource);
      return { inputs: encodeInputs(inputs.values, inputs.meta), failures };
    },

    diff: (id, olds, news) => operations.diff(id, recorded(olds), decode(news)),

    async create(news, resource) {
      try {
        const { id, state } = await operations.create(decode(news), resource);
        return { id, outs: encodeState(state.values, state.meta) };
      } catch (error) {
        if (!(error instanceof PartialCreate)) throw error;
        const { values, meta } = error.state;
        throw new PartialCreateError(error.id, encodeState(values, meta), error.cause);
      }
    },

    async read(id, props) {
      const found = await operations.read(id, recorded(props));
      if (found === undefined) return {};
      const { state, inputs } = found;
      return {
        id: found.id,
        props: encodeState(state.values, state.meta),
        ...(inputs && { inputs: encodeInputs(inputs.values, inputs.meta) }),
      };
    },

    async update(id, olds, news) {
      const { state } = await operations.update(id, recorded(olds), decode(news));
      return { outs: encodeState(state.values, state.meta) };
    },

    delete: (id, props) => operations.delete(id, recorded(props)),

    import: (importId) => operations.import(importId),
  };
}

/** `props`, a property map of `definition`'s resource, decoded into a {@link Recorded}. */
export function decodeRecorded<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  props: Values | undefined,
): Recorded<I, S> {
  const { values, meta }: Decoded = decode(props);
  const declared = declaredForm(definition.capabilities?.diff?.keyedInputs, values);
  return {
    inputs: pickKeys(declared, inputKeysOf(definition)) as Partial<I>,
    outputs: pickKeys(values, definition.outputs) as Partial<S>,
    meta,
    asRecorded: values,
  };
}
