/**
 * Overlap between writers of one setting (two stacks declaring the same company's features, a
 * person editing it): the platform keeps no version or author, so a stack records in its state,
 * apart from the outputs a refresh overwrites, the values it last wrote (`Meta.lastWritten`).
 * A type that others may write too takes {@link overlapGuard}'s create, update and delete (a
 * company's setting: `resources/company-setting.ts`). Before its update the live value is read and
 * compared with them:
 *
 * - equal: nobody else wrote it; the update proceeds.
 * - different: someone else wrote it since. The update proceeds with a warning naming both
 *   values (a change by hand is corrected, as drift is), and records the value it replaced
 *   (`Meta.replacedValue`).
 * - different again, and equal to the value the last update replaced: someone writes it back on
 *   every run, as a second stack declaring it does. The update still proceeds (a person repeating
 *   an edit looks the same, and a preview cannot know what the update's read will find, so
 *   failing here would make `up` do what its preview did not show), with a warning that names the
 *   overlap, both values and what to do. Two stacks may still take turns, but never silently.
 *
 * Before a delete, a value someone else wrote since is left as it is, with a warning naming it
 * ({@link leftToAnotherWriter}): a stack's destroy never removes or resets another writer's value.
 *
 * docs/reliability.md ("Two writers of one setting") says what this can and cannot detect.
 */
import { diffDeclared } from "../planning/diff";
import { ADOPT_INPUT, type ResourceDefinition } from "../model/definition";
import { type ResourceContext, warnRun } from "../model/resource-context";
import { jsonEqual, type Values } from "../model/values";
import type { Meta } from "../model/codec";
import type { CustomOperations } from "../model/custom-operations";
import { normalizeObserved, normalizingSchema } from "../model/normalize";

/**
 * The create, update and delete of a setting other writers may hold too: each records what this
 * stack wrote, an update first warns of a value someone else wrote since, and a delete leaves such
 * a value as it is.
 */
export function overlapGuard<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
): Required<Pick<CustomOperations<I, S>, "create" | "update" | "delete">> {
  return {
    async create(_ctx, { inputs }, next) {
      const created = await next();
      return {
        ...created,
        state: { ...created.state, meta: { ...created.state.meta, ...writtenMeta(inputs) } },
      };
    },
    async update(ctx, { id, recorded, news }, next) {
      const replaced = await overlapBeforeUpdate(definition, ctx, id, recorded.meta);
      const state = await next();
      return { ...state, meta: { ...state.meta, ...writtenMeta(news), ...replaced } };
    },
    async delete(ctx, { id, recorded }, next) {
      if (!(await leftToAnotherWriter(definition, ctx, id, recorded.meta))) await next();
    },
  };
}

/** The meta recording that this stack wrote `inputs`. */
function writtenMeta(inputs: Values): Meta {
  return { lastWritten: Object.fromEntries(Object.entries(inputs).filter(([key]) => key !== ADOPT_INPUT)) };
}

/**
 * Reads the live value of `id` before an update and compares it with what this stack last wrote
 * (`recorded`, the meta on record). Returns the meta to keep beside the new
 * {@link writtenMeta}: the value replaced, when someone else wrote it. Warns of a value someone
 * else wrote, and louder when they wrote back the value this stack's last update replaced.
 */
async function overlapBeforeUpdate<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  ctx: ResourceContext,
  id: string,
  recorded: Meta,
): Promise<Meta> {
  const overlap = await writtenElsewhere(definition, ctx, id, recorded);
  if (overlap === undefined) return {};
  const { written, live } = overlap;
  if (jsonEqual(recorded.replacedValue, live)) {
    await warnRun(
      ctx,
      `${definition.type} ${id}: another writer declares this setting: the value this stack replaced at its ` +
        `last up was written back (this stack wrote ${show(written)}; the platform holds ${show(live)}). This up ` +
        "writes the declared values again, and the two writers will take turns on every run. Declare it in one " +
        "stack only: remove it from the other program (or `pulumi state delete <urn>` there, which keeps the " +
        "platform's value).",
    );
    return { replacedValue: live };
  }
  await warnRun(
    ctx,
    `${definition.type} ${id}: someone else changed this setting since this stack last wrote it ` +
      `(this stack wrote ${show(written)}; the platform holds ${show(live)}). This up writes the declared ` +
      "values again. If another stack declares the same setting, declare it in one stack only; the next up " +
      "that finds the other's value written back says so.",
  );
  return { replacedValue: live };
}

/**
 * Before a delete of a setting: true, after a warning naming it, when the platform holds a value
 * this stack did not write last (another stack or a person wrote it since), so the delete leaves
 * it as it is rather than remove or reset what another writer owns. A value this stack wrote
 * last, or a state that records none (an earlier release), is deleted as before.
 */
async function leftToAnotherWriter<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  ctx: ResourceContext,
  id: string,
  recorded: Meta,
): Promise<boolean> {
  const overlap = await writtenElsewhere(definition, ctx, id, recorded);
  if (overlap === undefined) return false;
  await warnRun(
    ctx,
    `${definition.type} ${id}: left as it is: someone else wrote this setting since this stack last wrote it ` +
      `(this stack wrote ${show(overlap.written)}; the platform holds ${show(overlap.live)}), so removing it ` +
      "from this stack does not remove or reset it. If no other stack declares it, delete it there by hand.",
  );
  return true;
}

/**
 * The values this stack last wrote (`recorded`) and the platform's values of the same fields, when
 * they differ; undefined when they do not, when the state records nothing to compare with (an
 * earlier release), or when the object is gone. A field the answer leaves out, at any depth, is no
 * evidence of another writer (the vendor's answers may omit optional fields): only values the
 * platform shows are compared.
 */
async function writtenElsewhere<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  ctx: ResourceContext,
  id: string,
  recorded: Meta,
): Promise<{ written: Values; live: Values } | undefined> {
  const written = recorded.lastWritten;
  if (written === undefined) return undefined;
  const found = await definition.read(ctx, id, written as I);
  if (!found) return undefined;
  // The answer in the program's form, as a read puts it (unordered arrays in one order, ...).
  const observed = normalizeObserved(normalizingSchema(definition, written), found.observed, written);
  const live = Object.fromEntries(Object.keys(written).map((key) => [key, observed[key]] as const));
  const shown = shownBy(written, live) as Values;
  return diffDeclared(definition, shown, live).changed.length === 0 ? undefined : { written, live };
}

/** `written` without the object fields, at any depth, that `live` leaves out. */
function shownBy(written: unknown, live: unknown): unknown {
  if (!isPlainObject(written) || !isPlainObject(live)) return written;
  return Object.fromEntries(
    Object.entries(written)
      .filter(([key]) => live[key] !== undefined)
      .map(([key, value]) => [key, shownBy(value, live[key])]),
  );
}

function isPlainObject(value: unknown): value is Values {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const show = (values: Values) => JSON.stringify(values);
