/**
 * The operations of one resource type (check, diff, create, read, update, delete, import) over
 * decoded records (`model/recorded.ts`): inputs, outputs and meta apart, never a property map.
 * `type-provider.ts` decodes what a host hands in and encodes what these answer.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { isNotFound } from "../../client";
import { checkInputs } from "../planning/check";
import { parseImportId } from "../model/import-id";
import { ADOPT_INPUT, type ResourceDefinition, type Values } from "../model/definition";
import { diffDeclared, settledInputs, withKeptValues } from "../planning/diff";
import { declaredForm, recordedForm } from "../model/keyed-inputs";
import { recordedWithNames } from "../model/key-names";
import { warnIfCompanyMissing } from "./missing-parent";
import { assertRecordedTypes } from "../model/recorded-inputs";
import { importedInputs, normalizeObserved, normalizingSchema } from "../model/normalize";
import { type ContextFactory, contextOf, type ResourceContext, warnRun } from "../model/resource-context";
import type { Run } from "../model/run";
import { extraReplaces, preflightFailures } from "../planning/preflight";
import { leftInDoubt, safeCreate } from "../create/safe-create";
import type { InFlightSlot } from "../create/in-flight-record";
import { CreateJournal, type ResourceRef } from "./create-journal";
import { PartialCreate } from "../create/partial-create-error";
import type { Created } from "../model/custom-operations";
import type { Decoded, Meta, Recorded } from "../model/recorded";
import { pickKeys, withoutUndefined } from "../model/values";
import { vendorFailures } from "../planning/vendor-check";
import { updateRefusal } from "../planning/update-refusal";
import { runDuplicateFailures } from "../planning/run-duplicates";
import { idsBeforeCreate } from "./ids-before-create";

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

/** What a read found: the state, and the inputs to record (none where they hold secrets). */
export interface ReadOutcome {
  id: string;
  state: Decoded;
  inputs?: Decoded | undefined;
}

/** The operations of one type over decoded records; `I` and `S` are its inputs and outputs. */
export interface TypeOperations<I extends Values = Values, S extends Values = Values> {
  /**
   * Checks `news`; `name`, the resource's name where the host knows it (the plugin, from the URN),
   * also compares its unique values with the other resources the run checked. The inputs come
   * back as the engine records them (keyed lists as maps).
   */
  check(
    olds: Recorded<I, S>,
    news: Decoded,
    name?: string,
    resource?: ResourceRef,
  ): Promise<{ inputs: Decoded; failures: pulumi.dynamic.CheckFailure[] }>;
  diff(id: string, olds: Recorded<I, S>, news: Decoded): Promise<TypeDiff>;
  /**
   * Creates the object. `resource` names the resource (the plugin, from the URN; on the dynamic
   * host the meta holds it): its create in flight is then recorded in the journal
   * (`create-journal.ts`) until the answer was handed back.
   */
  create(news: Decoded, resource?: ResourceRef): Promise<Created>;
  /** Undefined when the object is gone. */
  read(id: string, recorded: Recorded<I, S>): Promise<ReadOutcome | undefined>;
  update(id: string, olds: Recorded<I, S>, news: Decoded): Promise<{ state: Decoded }>;
  delete(id: string, recorded: Recorded<I, S>): Promise<void>;
  /**
   * Reads the object `importId` names (the type's import id, `import-id.ts`) to import it: every
   * input the platform holds becomes an input, so a program declaring them previews no changes.
   * Undefined when there is no such object; throws naming the form when the id lacks it.
   */
  import(importId: string): Promise<ImportedObject | undefined>;
}

/** The operations of `definition`'s type in `run`; creates in flight are recorded in `journal`. */
export function typeOperations<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  run: Run,
  journal: CreateJournal = new CreateJournal(),
): TypeOperations<I, S> {
  const context: ContextFactory = () => contextOf(run);
  /** The slot of the resource `resource` or `meta` names, for a create that is not idempotent. */
  const slotOf = (resource: ResourceRef | undefined, meta: Meta) => {
    const ref = resource ?? resourceOf(definition.type, meta);
    return ref === undefined || definition.recovery.strategy === "idempotent"
      ? undefined
      : journal.slot(ref, run.client.baseUrl);
  };
  const keyed = definition.capabilities?.diff?.keyedInputs;
  const custom = definition.capabilities?.custom;

  return {
    async check(olds, news, name, resource) {
      const checked = checkInputs(definition.inputs, news.values);
      const valid = checked.failures.length === 0;
      // The vendor's schemas judge the bodies once the inputs pass their own schema.
      const failures = [
        ...checked.failures,
        ...(valid ? vendorFailures(definition, withoutUndefined(checked.inputs as I)) : []),
        ...(valid && name !== undefined ? runDuplicateFailures(run, definition, name, checked.inputs) : []),
      ];
      // A create in flight when the provider ended may have made the object the platform's checks
      // would now find taken: its create settles it (adopted, or refused naming it), not the preview.
      const leftInFlight = slotOf(resource, news.meta)?.left()?.type === definition.type;
      if (!leftInFlight)
        failures.push(
          ...(await preflightFailures(
            definition,
            context,
            { ...checked, failures },
            news.values,
            olds.inputs,
          )),
        );
      const inputs = checked.inputs as I;
      const ok = failures.length === 0;
      const meta: Meta = {
        ...news.meta,
        ...(ok ? await idsBeforeCreate(definition, context, olds, inputs) : {}),
      };
      // Keyed lists by name (the platform's names of the ids they hold) once the inputs are valid.
      const values = ok
        ? await recordedWithNames(definition, context, inputs, olds.asRecorded)
        : recordedForm(keyed, inputs);
      // Unknown values known to stay are recorded as they are, so the engine's own diff of the inputs
      // (which `preview --diff` shows) does not list them as changing when `up` finds them unchanged.
      return { inputs: { values: withKeptValues(definition, olds, { values, meta }), meta }, failures };
    },

    async diff(id, olds, news) {
      run.noteSeen(definition.type, id);
      const settled = settledInputs(definition, olds, news);
      const declared = withProven(definition, olds, settled);
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

    async create(news, resource) {
      const ctx = context();
      const request = { inputs: parsedInputs(definition, news.values), meta: news.meta };
      const slot = slotOf(resource, news.meta);
      const next = () => createObject(definition, ctx, request.inputs, request.meta, slot);
      // Cleared once the answer was handed back to the engine (the host answers in the same turn),
      // or at once when the create failed knowing it made nothing; kept while the outcome is unknown.
      const clearAfterAnswer = () => setImmediate(() => slot?.clear());
      try {
        const created = await (custom?.create ? custom.create(ctx, request, next) : next());
        clearAfterAnswer();
        return created;
      } catch (error) {
        if (error instanceof PartialCreate) clearAfterAnswer();
        else if (!leftInDoubt(error)) slot?.clear();
        throw error;
      }
    },

    async read(id, recorded) {
      return readObject(definition, context(), id, recorded);
    },

    async import(importId) {
      const ctx = { ...context(), importing: true };
      const { id, inputs: known } = await parseImportId(definition, importId, ctx);
      const found = await definition.read(ctx, id, known as I);
      if (!found) return undefined;
      const observed = importedInputs(definition, found.observed);
      const inputs = withoutUndefined({ ...observed, ...(known as Partial<I>) }) as I;
      return { id, inputs, outs: withoutUndefined({ ...inputs, ...found.state }) };
    },

    async update(id, recorded, news) {
      const ctx = context();
      const request = { id, recorded, news: parsedInputs(definition, news.values) };
      const next = async () => {
        const olds = inputsOnRecord(definition, id, recorded);
        const state = await definition.update(ctx, id, request.news, olds, recorded.outputs);
        const values = { ...request.news, ...withKeptOutputs(definition, state, recorded.outputs) };
        return { values, meta: news.meta };
      };
      return { state: custom?.update ? await custom.update(ctx, request, next) : await next() };
    },

    async delete(id, recorded) {
      const ctx = context();
      const next = async () => {
        try {
          await definition.delete(ctx, id, inputsOnRecord(definition, id, recorded));
        } catch (error) {
          if (!isNotFound(error, definition.notFoundCodes)) throw error;
        }
      };
      return custom?.delete ? custom.delete(ctx, { id, recorded }, next) : next();
    },
  };
}

/** The declared inputs on record, their types checked (a hand-edited state fails clearly). */
function inputsOnRecord<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  id: string,
  recorded: Recorded<I, S>,
): I {
  const shape = definition.inputs.shape as Record<string, z.ZodType>;
  assertRecordedTypes(definition.type, id, shape, recorded.inputs);
  return recorded.inputs as I;
}

/** Validated new inputs (keyed lists a check recorded as maps, as lists); throws naming the first invalid property. */
function parsedInputs<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  values: Values,
): I {
  const result = checkInputs(
    definition.inputs,
    declaredForm(definition.capabilities?.diff?.keyedInputs, values),
  );
  if (result.failures.length > 0) {
    const first = result.failures[0];
    throw new Error(`invalid inputs for ${definition.type}: ${first?.property}: ${first?.reason}`);
  }
  return withoutUndefined(result.inputs as I);
}

/**
 * The recorded inputs with the new values of the inputs the recorded outputs prove unchanged
 * (`provenByOutputs`) where none is recorded, so the diff counts them unchanged.
 */
function withProven<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  recorded: Recorded<I, S>,
  news: Values,
): Partial<I> {
  const proven = definition.capabilities?.diff?.provenByOutputs?.(recorded, news) ?? [];
  const filled: Values = { ...recorded.inputs };
  for (const key of proven) if (filled[key] === undefined && news[key] !== undefined) filled[key] = news[key];
  return filled as Partial<I>;
}

/**
 * Secret outputs are write-once (returned by the platform only at creation or rotation), and kept
 * outputs are invisible to read: keep the recorded ones.
 */
function withKeptOutputs<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  state: S,
  recorded: Partial<S> | undefined,
): S {
  const kept: Values = { ...state };
  for (const key of [
    ...(definition.capabilities?.secrets?.secretOutputs ?? []),
    ...(definition.capabilities?.outputRules?.keptOutputs ?? []),
  ])
    if (kept[key] === undefined && recorded?.[key] !== undefined) kept[key] = recorded[key];
  return kept as S;
}

/** Reads the object `id`: its declared inputs as the platform holds them, and its outputs. */
async function readObject<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  ctx: ResourceContext,
  id: string,
  recorded: Recorded<I, S>,
): Promise<ReadOutcome | undefined> {
  const declared = inputsOnRecord(definition, id, recorded);
  const found = await definition.read(ctx, id, declared);
  if (!found) {
    await warnIfCompanyMissing(definition.type, id, declared, ctx);
    return undefined;
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
  const state = {
    values: { ...observed, ...withKeptOutputs(definition, found.state, recorded.outputs) },
    meta: recorded.meta,
  };
  // Inputs handed back here lose their secret marking: keep the recorded (encrypted) ones.
  const secretInputs: readonly string[] = definition.capabilities?.secrets?.secretInputs ?? [];
  if (secretInputs.length > 0) return { id, state };
  const inputs = await recordedWithNames(definition, () => ctx, observed, recorded.asRecorded);
  return { id, state, inputs: { values: inputs, meta: recorded.meta } };
}

/** `create`: takes over `adoptId` when given, else creates through {@link safeCreate}. */
async function createObject<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  ctx: ResourceContext,
  inputs: I,
  meta: Meta,
  inFlight: InFlightSlot | undefined,
): Promise<Created> {
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
    return { id: adoptId, state: { values: { ...inputs, ...state }, meta } };
  }
  let createdId: string | undefined;
  try {
    const { id, state } = await safeCreate(
      definition,
      ctx,
      inputs,
      (id) => {
        createdId = id;
        // Claimed as soon as the id is known: a record settled meanwhile never takes it.
        ctx.run.claim(definition.type, id);
      },
      { inFlight },
    );
    return { id, state: { values: { ...inputs, ...state }, meta } };
  } catch (error) {
    // The partial state keeps the engine's bookkeeping (the dynamic provider): without it the
    // engine cannot load the provider to refresh or delete the object later.
    if (createdId === undefined) throw error;
    const values = await partialState(definition, ctx, createdId, inputs);
    throw new PartialCreate(createdId, { values, meta }, error);
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
): Promise<Values> {
  try {
    const found = await definition.read(ctx, id, inputs);
    if (found) return { ...found.observed, ...found.state, ...pickAdopt(inputs) };
  } catch (error) {
    await warnRun(
      ctx,
      `${definition.type} ${id} was created but could not be read back (${
        error instanceof Error ? error.message : String(error)
      }); run \`pulumi refresh\` before the next \`pulumi up\` so the state shows what the platform holds.`,
    );
  }
  return inputs;
}

function pickAdopt(declared: Values): Values {
  return declared[ADOPT_INPUT] === undefined ? {} : { [ADOPT_INPUT]: declared[ADOPT_INPUT] };
}

/** The resource a dynamic resource's meta names (its stack, project and name), if it does. */
function resourceOf(type: string, meta: Meta): ResourceRef | undefined {
  const { stack, resource } = meta;
  return stack === undefined || resource === undefined ? undefined : { stack, type, ...resource };
}
