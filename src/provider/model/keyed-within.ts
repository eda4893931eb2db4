/**
 * A keyed input (`keyed-inputs.ts`) whose value is an object holding keyed arrays at any depth
 * (`schemas/keyed-by.ts`): a company config's `profileColors` by `title`, its tiers by `tier`. Each
 * such array is recorded as a map by its key, so `pulumi preview --diff` reads
 * `~ PROFILE_TIER_GOLD_COLOR: { ~ color: … }` instead of `~ [0]: { ~ color: … }`. An array whose
 * order counts also records each item's `place` (`"first"`, `"after <key>"`), so a reordering is
 * still a change and `up` sends the items in the program's order; an unordered one
 * (`schemas/unordered.ts`) does not.
 */
import type { z } from "zod";
import { keyFieldOf } from "../../schemas/keyed-by";
import { isUnordered } from "../../schemas/unordered";
import type { KeyedInput } from "./keyed-inputs";
import { defOf, WRAPPERS } from "./normalize";
import { containsUnknown } from "./unknown-values";
import type { Values } from "./values";

const FIRST = "first";
const AFTER = "after ";
const PLACE = "place";

const isPlainObject = (value: unknown): value is Values =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The map form of `list`, keyed by `field`; undefined when a key is missing, unknown or repeated. */
function toMap(
  list: readonly unknown[],
  field: string,
  ordered: boolean,
  element: z.ZodType,
): Values | undefined {
  const map: Values = {};
  let before: string | undefined;
  for (const item of list) {
    if (!isPlainObject(item)) return undefined;
    const { [field]: key, ...rest } = item;
    if (typeof key !== "string" || containsUnknown(key) || Object.hasOwn(map, key)) return undefined;
    const entry = convert(element, rest, true) as Values;
    map[key] = ordered ? { ...entry, [PLACE]: before === undefined ? FIRST : `${AFTER}${before}` } : entry;
    before = key;
  }
  return map;
}

/** The list a map written by {@link toMap} stands for; undefined when it wrote no such map. */
function fromMap(map: Values, field: string, ordered: boolean, element: z.ZodType): unknown[] | undefined {
  if (!Object.values(map).every(isPlainObject)) return undefined;
  let keys = Object.keys(map).sort();
  if (ordered) {
    const next = new Map<string, string>();
    for (const key of keys) {
      const place = (map[key] as Values)[PLACE];
      const after =
        place === FIRST
          ? ""
          : typeof place === "string" && place.startsWith(AFTER)
            ? place.slice(AFTER.length)
            : undefined;
      if (after === undefined || next.has(after)) return undefined;
      next.set(after, key);
    }
    keys = [];
    for (let key = next.get(""); key !== undefined; key = next.get(key)) keys.push(key);
    if (keys.length !== next.size) return undefined;
  }
  return keys.map((key) => {
    const { [PLACE]: _place, ...rest } = map[key] as Values;
    return { [field]: key, ...(convert(element, ordered ? rest : map[key], false) as Values) };
  });
}

/**
 * `value` with each keyed array `schema` declares inside it as its map (`recording`), or each such
 * map as its array (not `recording`). Values of other shapes, and unknown ones, are kept.
 */
function convert(schema: z.ZodType, value: unknown, recording: boolean): unknown {
  if (containsUnknown(value) && !isPlainObject(value) && !Array.isArray(value)) return value;
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return convert(def.innerType, value, recording);
  switch (def.type) {
    case "lazy":
      return def.getter ? convert(def.getter(), value, recording) : value;
    case "pipe":
      return def.in ? convert(def.in, value, recording) : value;
    case "object": {
      if (!isPlainObject(value)) return value;
      const out: Values = {};
      for (const [key, item] of Object.entries(value)) {
        const inner = def.shape?.[key] ?? def.catchall;
        out[key] = inner ? convert(inner, item, recording) : item;
      }
      return out;
    }
    case "record": {
      if (!isPlainObject(value) || !def.valueType) return value;
      const valueType = def.valueType;
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, convert(valueType, item, recording)]),
      );
    }
    case "array": {
      const field = keyFieldOf(schema);
      const element = def.element;
      if (!element) return value;
      const ordered = !isUnordered(schema);
      if (field !== undefined && recording && Array.isArray(value))
        return toMap(value, field, ordered, element) ?? value;
      if (field !== undefined && !recording && isPlainObject(value))
        return fromMap(value, field, ordered, element) ?? value;
      return Array.isArray(value) ? value.map((item) => convert(element, item, recording)) : value;
    }
    default:
      return value;
  }
}

/**
 * The keyed input of an object input whose schema, given all the inputs (a config's `kind`),
 * `schemaOf` tells (undefined while it is unknown: the value is then recorded as it is). `keys`
 * names the keys for the docs, such as "a profile color's `title`".
 */
export function keyedWithin(schemaOf: (values: Values) => z.ZodType | undefined, keys: string): KeyedInput {
  return {
    toRecorded(value, _names, values) {
      const schema = values && schemaOf(values);
      return schema && isPlainObject(value) ? (convert(schema, value, true) as Values) : undefined;
    },
    fromRecorded(map, values) {
      const schema = values && schemaOf(values);
      return schema ? convert(schema, map, false) : undefined;
    },
    reads: (name) =>
      `The arrays inside \`${name}\` whose items have a key (${keys}) are keyed by it: ` +
      `an item added reads \`+ <key>: {…}\`, one removed \`- <key>: {…}\`, one changed \`~ <key>: {…}\` with only what changed in it; ` +
      `where the order counts, each item also shows its \`place\` (\`"first"\`, \`"after <key>"\`).`,
  };
}
