/**
 * List inputs recorded as maps, so that `pulumi preview --diff` reads their changes by name.
 *
 * The dynamic-provider host of `@pulumi/pulumi` sends the engine no detailed diff (only whether
 * something changed and what forces a replacement), so the CLI renders a change by diffing the
 * recorded inputs itself, and it diffs a list by position: removing option `P-400` from
 * `[P-100 … P-500]` and adding `P-600` shows `[3] "P-400" => "P-500"`, `[4] "P-500" => "P-600"`.
 * It diffs a map by key, so `check` hands the engine such lists as maps (`- P-400`, `+ P-600`),
 * and every other method reads them back as the lists the definition works with. State written
 * before (lists) is read the same way.
 *
 * Where a list holds ids of platform objects, the definition names them (`key-names.ts`): the map
 * is then keyed by each object's name, and each entry keeps its id in its value, so the map alone
 * gives back the list. Maps keyed by id (state written before) read back the same list.
 */
import { containsUnknown } from "./unknown-values";
import type { Values } from "./values";

/** The platform's name of each id a keyed list may hold: id → name. */
export type KeyNames = ReadonlyMap<string, string>;

/** The platform's names of the ids each named keyed input holds, by input. */
export type InputKeyNames = { readonly [input: string]: KeyNames | undefined };

/** How one list input (or an input holding keyed lists, `keyed-within.ts`) is recorded as a map and read back. */
export interface KeyedInput {
  /**
   * The map form of a valid value, or undefined when it has none (a key unknown at preview, unless
   * `names` is given). With `names`, keyed by {@link entryLabels}, each entry keeping its key.
   * `values` are all the inputs.
   */
  toRecorded(value: unknown, names?: KeyNames, values?: Values): Values | undefined;
  /**
   * The value a recorded map (by key or by name) stands for, or undefined when this wrote no such
   * map. `values` are all the recorded inputs.
   */
  fromRecorded(map: Values, values?: Values): unknown;
  /** How a change of input `name` reads in `preview --diff`, in Markdown (the resource docs). */
  reads(name: string): string;
}

/** List inputs recorded as maps, by input name. */
export type KeyedInputs = { readonly [key: string]: KeyedInput | undefined };

function isPlainObject(value: unknown): value is Values {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A list of objects with a unique string `field`, recorded as a map from that field to the rest of
 * each object: `[{ name: "P-600", description: "x" }]` is `{ "P-600": { description: "x" } }`. The
 * list read back is ordered by key, as the map compares (order in the list carries no meaning).
 * `namedBy` says what names the definition gives the keys (`"role name"`), for the docs.
 */
export function byField(field: string, namedBy?: string): KeyedInput {
  return {
    toRecorded(list, names) {
      if (!Array.isArray(list) || !list.every(isPlainObject)) return undefined;
      const keys = list.map((item) => item[field]);
      if (names) {
        const labels = entryLabels(keys, names);
        return labels && (Object.fromEntries(list.map((item, index) => [labels[index], item])) as Values);
      }
      const map: Values = {};
      for (const item of list) {
        const { [field]: key, ...rest } = item;
        if (typeof key !== "string" || containsUnknown(key) || Object.hasOwn(map, key)) return undefined;
        map[key] = rest;
      }
      return map;
    },
    fromRecorded(map) {
      const keys = Object.keys(map).sort();
      if (!keys.every((key) => isPlainObject(map[key]))) return undefined;
      // An entry keyed by name holds its key; one keyed by the key itself does not.
      return keys.map((key) => {
        const entry = map[key] as Values;
        return Object.hasOwn(entry, field) ? { ...entry } : { [field]: key, ...entry };
      });
    },
    reads: (name) => {
      const key = namedBy === undefined ? `<${field}>` : `<${namedBy}>`;
      const by = namedBy === undefined ? `\`${field}\`` : `the ${namedBy} (the platform's, for \`${field}\`)`;
      return (
        `\`${name}\` is keyed by ${by}: an entry added reads \`+ ${key}: {…}\`, one removed \`- ${key}: {…}\`, ` +
        `and one changed \`~ ${key}: {…}\` with only what changed in it. The order of the list is no change; the output lists the entries by \`${field}\`.`
      );
    },
  };
}

const FIRST = "first";
const AFTER = "after ";

/**
 * A list of unique strings whose order is its meaning, recorded as a map from each entry to the
 * one before it (`"first"`, `"after <entry>"`): moving one entry changes at most three lines of
 * the diff, where positions would change every line between its old and new place. Keyed by name,
 * each entry is `{ place, [idField]: <entry> }` with `place` naming the entry before it by name.
 */
export function inOrder(idField = "id"): KeyedInput {
  return {
    toRecorded(list, names) {
      if (!Array.isArray(list)) return undefined;
      if (names) {
        const labels = entryLabels(list, names);
        if (!labels) return undefined;
        const map: Values = {};
        labels.forEach((label, index) => {
          const place = index === 0 ? FIRST : `${AFTER}${labels[index - 1] as string}`;
          map[label] = { place, [idField]: list[index] as unknown };
        });
        return map;
      }
      const map: Values = {};
      for (const [index, item] of list.entries()) {
        if (typeof item !== "string" || containsUnknown(item) || Object.hasOwn(map, item)) return undefined;
        map[item] = index === 0 ? FIRST : `${AFTER}${list[index - 1] as string}`;
      }
      return map;
    },
    fromRecorded(map) {
      const entries = Object.values(map);
      if (entries.length > 0 && entries.every(isPlainObject)) return fromNamedOrder(map, idField);
      return fromOrder(map);
    },
    reads: (name) =>
      `\`${name}\` is recorded as each entry, by the name of the object it names, and its place ` +
      `(\`place: "first"\`, \`"after <name>"\`): moving one entry reads as at most three lines, such as ` +
      `\`~ <name>: { ~ place: "after <a>" => "first" }\`, an entry added \`+ <name>: {…}\` and one removed \`- <name>: {…}\`. ` +
      `An entry whose object is new in the same preview reads \`#<n> (new)\` (its place in the list) until \`up\` creates it.`,
  };
}

/** The list an order map keyed by name stands for: each entry's `idField`, in `place` order. */
function fromNamedOrder(map: Values, idField: string): unknown[] | undefined {
  const places: Values = {};
  for (const [label, entry] of Object.entries(map)) {
    const { place, [idField]: item } = entry as Values;
    if (typeof place !== "string" || item === undefined) return undefined;
    places[label] = place;
  }
  return fromOrder(places)?.map((label) => (map[label] as Values)[idField]);
}

/** The list an order map (`{ <entry>: "first" | "after <entry>" }`) stands for. */
function fromOrder(map: Values): string[] | undefined {
  const next = new Map<string, string>();
  for (const [item, place] of Object.entries(map)) {
    if (typeof place !== "string") return undefined;
    const before = place === FIRST ? "" : place.startsWith(AFTER) ? place.slice(AFTER.length) : undefined;
    if (before === undefined || next.has(before)) return undefined;
    next.set(before, item);
  }
  const list: string[] = [];
  // Each entry has one place, so the walk from the first entry cannot loop.
  for (let item = next.get(""); item !== undefined; item = next.get(item)) list.push(item);
  return list.length === next.size ? list : undefined;
}

/**
 * The label each key of a list is recorded under, given the platform's `names`: its name when no
 * other key of the list has that name; `<name> (<key>)` when two do (two entries are never merged);
 * the key itself when the platform has no name for it (never a guessed one); and `#<n> (new)` for a
 * key unknown at preview (an object created in the same run), `n` its place in the list, from 1.
 * Undefined when a key repeats or is not a string.
 */
export function entryLabels(keys: readonly unknown[], names: KeyNames): string[] | undefined {
  const held = new Map<string, number>();
  for (const key of keys) {
    const name = typeof key === "string" ? names.get(key) : undefined;
    if (name !== undefined) held.set(name, (held.get(name) ?? 0) + 1);
  }
  const labels = keys.map((key, index) => {
    if (containsUnknown(key)) return `#${index + 1} (new)`;
    if (typeof key !== "string") return undefined;
    const name = names.get(key);
    if (name === undefined) return key;
    return held.get(name) === 1 ? name : `${name} (${key})`;
  });
  if (labels.some((label) => label === undefined)) return undefined;
  return new Set(labels).size === labels.length ? (labels as string[]) : undefined;
}

/**
 * `values` with each keyed list input in its recorded (map) form, where it has one: keyed by the
 * names `names` holds for the input, else by the keys themselves.
 */
export function recordedForm(
  keyed: KeyedInputs | undefined,
  values: Values,
  names: InputKeyNames = {},
): Values {
  if (!keyed) return values;
  const out = { ...values };
  for (const [key, codec] of Object.entries(keyed)) {
    const value = out[key];
    if (!codec || value === undefined) continue;
    const map = codec.toRecorded(value, names[key], values);
    if (map !== undefined) out[key] = map;
  }
  return out;
}

/**
 * `values` with each keyed input recorded as a map read back as its list. Lists (state written
 * before keyed inputs, or a list with an unknown key) and maps this did not write are kept as they
 * are: the recorded-type check then names a damaged one.
 */
export function declaredForm(keyed: KeyedInputs | undefined, values: Values): Values {
  if (!keyed) return values;
  const out = { ...values };
  for (const [key, codec] of Object.entries(keyed)) {
    const value = out[key];
    if (!codec || !isPlainObject(value)) continue;
    const list = codec.fromRecorded(value, values);
    if (list !== undefined) out[key] = list;
  }
  return out;
}
