/**
 * The one rule for what a state records of the platform's answer, driven by a resource's input
 * schema: only the properties the schema declares (at every depth), arrays the schema marks
 * unordered (`schemas/unordered.ts`) as sets in the program's order, and an omitted value equal to
 * its explicit empty form (false, 0, "", [], {}: protobuf-style answers leave those out). Read
 * applies it to what it observed, diff to both sides; no resource repeats it.
 */
import type { z } from "zod";
import { isUnordered } from "../../schemas/unordered";
import type { ResourceDefinition } from "./definition";
import { jsonEqual, type Values } from "./values";
import { UNKNOWN } from "./unknown-values";

/** How {@link normalizeValue} treats properties the program did not declare. */
interface Mode {
  /**
   * Read: inside a declared object keep only the properties the program declared there (the
   * provider owns exactly those, at every depth, as it does at the top). Diff: keep every
   * property the schema declares, so a property the program stopped declaring shows as a change.
   */
  readonly ownedOnly: boolean;
}

/** A zod schema's definition, as far as the normalizer reads it. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: readonly z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
  defaultValue?: unknown;
}

/** The definition of a zod schema. */
export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Schema types that wrap one inner schema of the same structure. */
export const WRAPPERS = new Set([
  "optional",
  "nullable",
  "default",
  "prefault",
  "readonly",
  "catch",
  "nonoptional",
]);

/** True for the values an answer may leave out to mean the same: false, 0, "", [] and {}. */
export function isEmptyForm(value: unknown): boolean {
  if (value === false || value === 0 || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  if (value !== null && typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

const isPlainObject = (value: unknown): value is Values =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** A canonical text of a JSON value: keys sorted at every depth. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isPlainObject(value))
    return `{${Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "undefined";
}

/**
 * `value` as `schema` declares it, next to `declared` (the program's value at the same place):
 * undeclared properties dropped, unordered arrays in the order of `declared` (unmatched items
 * after, in a canonical order), an omitted value equal to a declared empty form or default taken
 * as that form.
 */
function normalizeValue(schema: z.ZodType, value: unknown, declared: unknown, mode: Mode): unknown {
  const def = defOf(schema);
  if (value === undefined) {
    if (declared === undefined || declared === UNKNOWN) return undefined;
    if (isEmptyForm(declared) || (def.type === "default" && jsonEqual(def.defaultValue, declared)))
      return declared;
    return undefined;
  }
  if (value === UNKNOWN) return value;
  if (WRAPPERS.has(def.type) && def.innerType) return normalizeValue(def.innerType, value, declared, mode);
  switch (def.type) {
    case "lazy":
      return def.getter ? normalizeValue(def.getter(), value, declared, mode) : value;
    case "pipe": {
      const structural = def.in && defOf(def.in).type !== "transform" ? def.in : def.out;
      return structural ? normalizeValue(structural, value, declared, mode) : value;
    }
    case "object":
      return normalizeObject(def, value, declared, mode);
    case "record":
      return normalizeRecord(def, value, declared, mode);
    case "array":
      return normalizeArray(schema, def, value, declared, mode);
    case "union":
      return normalizeUnion(def, value, declared, mode);
    default:
      return value;
  }
}

function normalizeObject(def: Def, value: unknown, declared: unknown, mode: Mode): unknown {
  if (!isPlainObject(value)) return value;
  const mine = isPlainObject(declared) ? declared : undefined;
  const open = def.catchall !== undefined && defOf(def.catchall).type !== "never";
  const keys = new Set([
    ...Object.keys(def.shape ?? {}),
    // An open object keeps the undeclared properties the program gave it.
    ...(open && mine ? Object.keys(mine) : []),
  ]);
  const out: Values = {};
  for (const key of keys) {
    if (mode.ownedOnly && mine !== undefined && mine[key] === undefined) continue;
    const schema = def.shape?.[key] ?? def.catchall;
    if (schema === undefined) continue;
    const item = normalizeValue(schema, value[key], mine?.[key], mode);
    if (item !== undefined) out[key] = item;
  }
  return out;
}

function normalizeRecord(def: Def, value: unknown, declared: unknown, mode: Mode): unknown {
  if (!isPlainObject(value) || def.valueType === undefined) return value;
  const mine = isPlainObject(declared) ? declared : {};
  const out: Values = {};
  for (const key of new Set([...Object.keys(value), ...Object.keys(mine)])) {
    const item = normalizeValue(def.valueType, value[key], mine[key], mode);
    if (item !== undefined) out[key] = item;
  }
  return out;
}

function normalizeArray(schema: z.ZodType, def: Def, value: unknown, declared: unknown, mode: Mode): unknown {
  if (!Array.isArray(value) || def.element === undefined) return value;
  const element = def.element;
  const mine = Array.isArray(declared) ? declared : [];
  if (!isUnordered(schema))
    return value.map((item, index) => normalizeValue(element, item, mine[index], mode));
  // A set: each declared item takes the answered item equal to it, in the program's order.
  const pool: unknown[] = [...(value as unknown[])];
  const ordered: unknown[] = [];
  for (const want of mine) {
    const index = pool.findIndex((item) => jsonEqual(normalizeValue(element, item, want, mode), want));
    if (index < 0) continue;
    ordered.push(want);
    pool.splice(index, 1);
  }
  const rest = pool
    .map((item) => normalizeValue(element, item, undefined, mode))
    .map((item) => ({ item, key: canonical(item) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ item }) => item);
  return [...ordered, ...rest];
}

function normalizeUnion(def: Def, value: unknown, declared: unknown, mode: Mode): unknown {
  for (const option of def.options ?? []) {
    const normalized = normalizeValue(option, value, declared, mode);
    if (option.safeParse(normalized).success) return normalized;
  }
  return value;
}

/** The schema a definition's values are normalized by: its `normalizedBy`, else its inputs. */
export function normalizingSchema<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  values: Values,
): z.ZodType {
  return definition.capabilities?.diff?.normalizedBy?.(values) ?? definition.inputs;
}

/**
 * What read records of an answer: `observed` (the platform's view of the declared inputs) as the
 * input schema declares it, inside each object only the properties the program declared there
 * (`declared`, the recorded inputs), unordered arrays in the program's order, omitted empty forms
 * as declared. Without `declared` (an import), every property the schema declares is kept.
 */
export function normalizeObserved(inputs: z.ZodType, observed: Values, declared: Values | undefined): Values {
  return normalizeValue(inputs, observed, declared, { ownedOnly: true }) as Values;
}

/**
 * What an import records of `observed` (a read of an object no program declares yet): every input
 * the definition's normalizing schema declares, at every depth, sets in one canonical order.
 * `pulumi import` and `export` both write this.
 */
export function importedInputs<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  observed: Values,
): Values {
  return normalizeObserved(normalizingSchema(definition, observed), observed, undefined);
}

/**
 * `olds` and `news` in the form a diff compares: undeclared properties dropped, unordered arrays
 * in one order, an omitted empty form equal to its explicit form on either side.
 */
export function comparable(inputs: z.ZodType, olds: Values, news: Values): { olds: Values; news: Values } {
  const mode = { ownedOnly: false };
  const oldForm = normalizeValue(inputs, olds, news, mode) as Values;
  return { olds: oldForm, news: normalizeValue(inputs, news, oldForm, mode) as Values };
}
