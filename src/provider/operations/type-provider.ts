/**
 * Builds the provider of one type (check, diff, create, read, update, delete) from a
 * {@link ResourceDefinition}, in the shape of Pulumi's dynamic provider interface. Both hosts
 * serve it: the dynamic host as it is, the plugin host translated to the provider protocol.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { isNotFound } from "../../client";
import { checkInputs } from "../planning/check";
import { parseImportId } from "../model/import-id";
import { ADOPT_INPUT, inputKeysOf, type ResourceDefinition, type Values } from "../model/definition";
import { diffDeclared, settledInputs, withKeptValues } from "../planning/diff";
import { declaredForm, recordedForm } from "../model/keyed-inputs";
import { recordedWithNames } from "../model/key-names";
import { warnIfCompanyMissing } from "./missing-parent";
import { PartialCreateError } from "../create/partial-create-error";
import type { InFlightSlot } from "../create/in-flight-record";
import { assertRecordedTypes } from "../model/recorded-inputs";
import { normalizeObserved, normalizingSchema } from "../model/normalize";
import { type ContextFactory, contextOf, type ResourceContext, warnRun } from "../model/resource-context";
import type { Run } from "../model/run";
import { extraReplaces, preflightFailures } from "../planning/preflight";
import { leftInDoubt, safeCreate } from "../create/safe-create";
import { CreateJournal, type ResourceRef } from "./create-journal";
import { encodeMeta, metaOf, valuesOf } from "../model/codec";
import { withoutUndefined } from "../model/values";
import { vendorFailures } from "../planning/vendor-check";
import { updateRefusal } from "../planning/update-refusal";
import { runDuplicateFailures } from "../planning/run-duplicates";
import { idsBeforeCreate } from "./ids-before-create";
import { leftToAnotherWriter, overlapBeforeUpdate, writtenMarks } from "./overlap";

/** A diff with the declared inputs it found changed, which a host may report one by one. */
export interface TypeDiff extends pulumi.dynamic.DiffResult {
  /** The changed inputs (top-level names), unknown new values included. */
  changed: string[];
}

/** What an import read: the object's inputs as the platform holds them, and its outputs. */
export interface ImportedObject {
  id: string;
  inputs: Values;
  outs: Values;
}

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
  journal: CreateJournal = new CreateJournal(),
): TypeProvider {
  const props = propertyViewsOf(definition);
  const context: ContextFactory = () => contextOf(run);

  return {
    // Configuration is held by the runtime; nothing per type.
    async configure() {},

    async check(olds: Values, news: Values, name?: string, resource?: ResourceRef) {
      const checked = checkInputs(definition.inputs, valuesOf(news));
      // The vendor's schemas judge the bodies once the inputs pass their own schema.
      const vendor =
        checked.failures.length === 0
          ? vendorFailures(definition, withoutUndefined(checked.inputs as I))
          : [];
      const duplicates =
        checked.failures.length === 0 && name !== undefined
          ? runDuplicateFailures(run, definition, name, checked.inputs)
          : [];
      const result = { ...checked, failures: [...checked.failures, ...vendor, ...duplicates] };
      // A create in flight when the provider ended may have made the object the platform's checks
      // would now find taken: its create settles it (adopted, or refused naming it), not the preview.
      const ref = resource ?? resourceOf(definition.type, news);
      const leftInFlight =
        ref !== undefined &&
        definition.recovery.strategy !== "idempotent" &&
        journal.slot(ref).left()?.type === definition.type;
      const failures = [
        ...result.failures,
        ...(leftInFlight
          ? []
          : await preflightFailures(definition, context, result, news, props.declaredInputsAmong(olds))),
      ];
      // The bookkeeping inputs (`codec.ts`) are kept: they are recorded and reach diff.
      const known =
        failures.length === 0 ? await idsBeforeCreate(definition, context, olds, result.inputs as I) : {};
      // Keyed lists by name (the platform's names of the ids they hold) once the inputs are valid.
      const recorded =
        failures.length === 0
          ? await recordedWithNames(definition, context, result.inputs, olds)
          : props.inputsAsRecorded(result.inputs);
      const inputs = withoutUndefined({ ...internalOf(news), ...known, ...recorded });
      // Unknown values known to stay are recorded as they are, so the engine's own diff of the inputs
      // (which `preview --diff` shows) does not list them as changing when `up` finds them unchanged.
      return { inputs: withKeptValues(definition, olds, inputs), failures };
    },

    async diff(id: string, olds: Values, news: Values) {
      run.noteSeen(definition.type, id);
      const settled = settledInputs(definition, olds, news);
      const declared = withProven(definition, props.declaredInputsAmong(olds), olds, settled);
      const { changed, replaces } = diffDeclared(definition, declared, settled);
      replaces.push(...extraReplaces(definition, declared, settled, replaces));
      // An update in place the platform would refuse now (by its clock) fails the preview.
      if (changed.length > 0 && replaces.length === 0) {
        const refusal = await updateRefusal(definition, context(), olds, settled);
        if (refusal !== undefined) throw new Error(refusal);
      }
      return {
        changes: changed.length > 0,
        changed,
        replaces,
        deleteBeforeReplace:
          replaces.length > 0 && definition.capabilities?.replacement?.deleteBeforeReplace === true,
      };
    },

    async create(inputProps: Values, resource?: ResourceRef) {
      const ref = resource ?? resourceOf(definition.type, inputProps);
      const slot = ref === undefined ? undefined : journal.slot(ref);
      // Cleared once the answer was handed back to the engine (the host answers in the same turn),
      // or at once when the create failed knowing it made nothing; kept while the outcome is unknown.
      const clearAfterAnswer = () => setImmediate(() => slot?.clear());
      try {
        const result = await createObject(definition, context, props, inputProps, slot);
        clearAfterAnswer();
        return result;
      } catch (error) {
        if (error instanceof PartialCreateError) clearAfterAnswer();
        else if (!leftInDoubt(error)) slot?.clear();
        throw error;
      }
    },

    async read(id: string, recorded?: Values) {
      return readObject(definition, context, props, id, recorded);
    },

    async import(importId: string) {
      const ctx = { ...context(), importing: true };
      const { id, inputs: known } = await parseImportId(definition, importId, ctx);
      const found = await definition.read(ctx, id, known as I);
      if (!found) return undefined;
      const schema = normalizingSchema(definition, found.observed);
      const observed = normalizeObserved(schema, found.observed, undefined);
      const inputs = withoutUndefined({ ...observed, ...(known as Partial<I>) }) as I;
      return { id, inputs, outs: props.outputPropsOf(inputs, found.state, undefined) };
    },

    async update(id: string, olds: Values, news: Values) {
      const inputs = props.parseNewInputs(news);
      const recordedOutputs = props.outputsOnRecord(olds);
      const ctx = context();
      const replaced = await overlapBeforeUpdate(definition, ctx, id, olds);
      const state = await definition.update(ctx, id, inputs, props.inputsOnRecord(id, olds), recordedOutputs);
      const outs = props.outputPropsOf(inputs, props.withKeptOutputs(state, olds), news);
      return { outs: { ...outs, ...writtenMarks(definition, inputs), ...replaced } };
    },

    async delete(id: string, recorded: Values) {
      const ctx = context();
      if (await leftToAnotherWriter(definition, ctx, id, recorded)) return;
      try {
        await definition.delete(ctx, id, props.inputsOnRecord(id, recorded));
      } catch (error) {
        if (!isNotFound(error, definition.notFoundCodes)) throw error;
      }
    },
  };
}

/**
 * The recorded inputs with the new values of the inputs the recorded outputs prove unchanged
 * (`provenByOutputs`) where none is recorded, so the diff counts them unchanged.
 */
function withProven<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  declared: I,
  recorded: Values,
  news: Values,
): I {
  const proven = definition.capabilities?.diff?.provenByOutputs?.(recorded, news) ?? [];
  const filled: Values = { ...declared };
  for (const key of proven) if (filled[key] === undefined && news[key] !== undefined) filled[key] = news[key];
  return filled as I;
}

/** Reads the object `id`: its declared inputs as the platform holds them, and its outputs. */
async function readObject<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  context: ContextFactory,
  props: PropertyViews<I, S>,
  id: string,
  recorded: Values | undefined,
) {
  const declared = props.inputsOnRecord(id, recorded);
  const ctx = context();
  const found = await definition.read(ctx, id, declared);
  if (!found) {
    await warnIfCompanyMissing(definition.type, id, declared, ctx);
    return {};
  }
  // Only declared inputs are observed, at every depth, in the program's form (`normalize.ts`): a
  // field set outside the program must not become an input, or the next update would clear it
  // (the platform's PUT is a full replacement).
  const observed = withoutUndefined({
    ...pickKeys(
      normalizeObserved(normalizingSchema(definition, declared), found.observed, declared),
      Object.keys(declared),
    ),
    ...pickAdopt(declared),
  }) as I;
  const outs = props.outputPropsOf(observed, props.withKeptOutputs(found.state, recorded), recorded);
  // Inputs handed back here lose their secret marking: keep the recorded (encrypted) ones.
  const secretInputs: readonly string[] = definition.capabilities?.secrets?.secretInputs ?? [];
  return secretInputs.length > 0
    ? { id, props: outs }
    : {
        id,
        props: outs,
        inputs: {
          ...internalInputsOf(recorded ?? {}),
          ...(await recordedWithNames(definition, () => ctx, observed, recorded ?? {})),
        },
      };
}

/** How one type's engine props map to its declared inputs and back to outputs: views named by what they return. */
interface PropertyViews<I extends Values, S extends Values> {
  /** Inputs as the engine records them: keyed lists as maps, which `preview --diff` shows by name. */
  inputsAsRecorded(inputs: Values): Values;
  /** The declared inputs among props (keyed lists back as lists), unchecked: the olds of `check`. */
  declaredInputsAmong(props: Values | undefined): I;
  /** The declared inputs of a state's props, their types checked (a hand-edited state fails clearly). */
  inputsOnRecord(id: string, props: Values | undefined): I;
  /** Validated inputs of new props; throws naming the first invalid property. */
  parseNewInputs(props: Values): I;
  /**
   * Outputs echo the inputs, bookkeeping ones of `props` included (`codec.ts`): read gets the outputs
   * only, and hands the internal inputs back from them so that a refresh keeps them.
   */
  outputPropsOf(inputs: I, state: S, props: Values | undefined): Values;
  /**
   * Secret outputs are write-once (returned by the platform only at creation or rotation), and
   * kept outputs are invisible to read: keep them.
   */
  withKeptOutputs(state: S, previous: Values | undefined): S;
  /** The outputs among a state's props. */
  outputsOnRecord(props: Values): Partial<S>;
}

function propertyViewsOf<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
): PropertyViews<I, S> {
  const inputKeys = inputKeysOf(definition);
  const declaredInputsAmong = (props: Values | undefined): I => {
    const clean = declaredForm(definition.capabilities?.diff?.keyedInputs, valuesOf(props));
    return Object.fromEntries(
      inputKeys.filter((key) => clean[key] !== undefined).map((key) => [key, clean[key]]),
    ) as I;
  };
  return {
    inputsAsRecorded: (inputs) => recordedForm(definition.capabilities?.diff?.keyedInputs, inputs),
    declaredInputsAmong,
    inputsOnRecord(id, props) {
      const declared = declaredInputsAmong(props);
      const shape = definition.inputs.shape as Record<string, z.ZodType>;
      assertRecordedTypes(definition.type, id, shape, declared);
      return declared;
    },
    parseNewInputs(props) {
      const result = checkInputs(
        definition.inputs,
        declaredForm(definition.capabilities?.diff?.keyedInputs, valuesOf(props)),
      );
      if (result.failures.length > 0) {
        const first = result.failures[0];
        throw new Error(`invalid inputs for ${definition.type}: ${first?.property}: ${first?.reason}`);
      }
      return withoutUndefined(result.inputs as I);
    },
    outputPropsOf: (inputs, state, props) =>
      withoutUndefined({ ...internalOf(props ?? {}), ...inputs, ...state }),
    withKeptOutputs(state, previous) {
      const kept: Values = { ...state };
      for (const key of [
        ...(definition.capabilities?.secrets?.secretOutputs ?? []),
        ...(definition.capabilities?.outputRules?.keptOutputs ?? []),
      ])
        if (kept[key] === undefined && previous?.[key] !== undefined) kept[key] = previous[key];
      return kept as S;
    },
    outputsOnRecord: (recorded) =>
      Object.fromEntries(
        definition.outputs.filter((key) => recorded[key] !== undefined).map((key) => [key, recorded[key]]),
      ) as Partial<S>,
  };
}

/** `create`: takes over `adoptId` when given, else creates through {@link safeCreate}. */
async function createObject<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  context: ContextFactory,
  props: PropertyViews<I, S>,
  inputProps: Values,
  inFlight: InFlightSlot | undefined,
): Promise<{ id: string; outs: Values }> {
  const inputs = props.parseNewInputs(inputProps);
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
    const adoption = definition.capabilities?.adoption;
    const state = adoption?.adopt
      ? await adoption.adopt(ctx, adoptId, inputs)
      : await definition.update(ctx, adoptId, inputs, owned);
    return {
      id: adoptId,
      outs: { ...props.outputPropsOf(inputs, state, inputProps), ...writtenMarks(definition, inputs) },
    };
  }
  let createdId: string | undefined;
  try {
    const { id, state } = await safeCreate(
      definition,
      ctx,
      inputs,
      (id) => {
        createdId = id;
      },
      { inFlight },
    );
    return {
      id,
      outs: { ...props.outputPropsOf(inputs, state, inputProps), ...writtenMarks(definition, inputs) },
    };
  } catch (error) {
    // The partial state keeps the engine's bookkeeping (the dynamic provider): without it the
    // engine cannot load the provider to refresh or delete the object later.
    if (createdId === undefined) throw error;
    throw new PartialCreateError(
      createdId,
      await partialState(definition, ctx, createdId, inputs, inputProps),
      error,
    );
  }
}

/**
 * What the platform holds of an object whose create stopped half way, so the next `up` sees the
 * difference and finishes it. When it cannot be read, the inputs stand in for it and a warning
 * says to refresh.
 */
async function partialState<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  ctx: ResourceContext,
  id: string,
  inputs: I,
  props: Values,
): Promise<Values> {
  try {
    const found = await definition.read(ctx, id, inputs);
    if (found)
      return withoutUndefined({
        ...internalOf(props),
        ...found.observed,
        ...found.state,
        ...pickAdopt(inputs),
      });
  } catch (error) {
    await warnRun(
      ctx,
      `${definition.type} ${id} was created but could not be read back (${
        error instanceof Error ? error.message : String(error)
      }); run \`pulumi refresh\` before the next \`pulumi up\` so the state shows what the platform holds.`,
    );
  }
  return withoutUndefined({ ...internalOf(props), ...inputs });
}

function pickKeys<T extends Values>(values: T, keys: readonly string[]): T {
  return Object.fromEntries(Object.entries(values).filter(([key]) => keys.includes(key))) as T;
}

function pickAdopt(declared: Values): Values {
  return declared[ADOPT_INPUT] === undefined ? {} : { [ADOPT_INPUT]: declared[ADOPT_INPUT] };
}

/** The resource a dynamic resource's inputs name (its stack, project and name), if they do. */
function resourceOf(type: string, inputProps: Values): ResourceRef | undefined {
  const { stack, resource } = metaOf(inputProps);
  return stack === undefined || resource === undefined ? undefined : { stack, type, ...resource };
}

/** The bookkeeping of `props` (`codec.ts`, the engine's own keys included), as property-map entries. */
function internalOf(props: Values): Values {
  return encodeMeta(metaOf(props));
}

/** The bookkeeping of `props` that is kept in inputs: the state-only entries left out. */
function internalInputsOf(props: Values): Values {
  return encodeMeta(metaOf(props), "inputs");
}
