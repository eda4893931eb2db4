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
 */
import { containsUnknown } from "./unknown-values";
import type { Values } from "./values";

/** How one list input is recorded as a map and read back. */
export interface KeyedInput {
  /** The map form of a valid list, or undefined when it has none (a key unknown at preview). */
  toRecorded(list: readonly unknown[]): Values | undefined;
  /** The list a recorded map stands for, or undefined when the map is not one this wrote. */
  fromRecorded(map: Values): unknown[] | undefined;
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
 */
export function byField(field: string): KeyedInput {
  return {
    toRecorded(list) {
      const map: Values = {};
      for (const item of list) {
        if (!isPlainObject(item)) return undefined;
        const { [field]: key, ...rest } = item;
        if (typeof key !== "string" || containsUnknown(key) || Object.hasOwn(map, key)) return undefined;
        map[key] = rest;
      }
      return map;
    },
    fromRecorded(map) {
      const keys = Object.keys(map).sort();
      if (!keys.every((key) => isPlainObject(map[key]))) return undefined;
      return keys.map((key) => ({ [field]: key, ...(map[key] as Values) }));
    },
    reads: (name) =>
      `\`${name}\` is keyed by \`${field}\`: an entry added reads \`+ <${field}>: {…}\`, one removed \`- <${field}>: {…}\`, ` +
      `and one changed \`~ <${field}>: {…}\` with only what changed in it. The order of the list is no change; the output lists the entries by \`${field}\`.`,
  };
}

const FIRST = "first";
const AFTER = "after ";

/**
 * A list of unique strings whose order is its meaning, recorded as a map from each entry to the
 * one before it (`"first"`, `"after <entry>"`): moving one entry changes at most three lines of
 * the diff, where positions would change every line between its old and new place.
 */
export function inOrder(): KeyedInput {
  return {
    toRecorded(list) {
      const map: Values = {};
      for (const [index, item] of list.entries()) {
        if (typeof item !== "string" || containsUnknown(item) || Object.hasOwn(map, item)) return undefined;
        map[item] = index === 0 ? FIRST : `${AFTER}${list[index - 1] as string}`;
      }
      return map;
    },
    fromRecorded(map) {
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
    },
    reads: (name) =>
      `\`${name}\` is recorded as each entry and the one before it (\`"first"\`, \`"after <entry>"\`): ` +
      `moving one entry reads as at most three lines, such as \`~ <entry>: "after <a>" => "first"\`, ` +
      `an entry added \`+ <entry>: "after <a>"\` and one removed \`- <entry>: …\`.`,
  };
}

/** `values` with each keyed list input in its recorded (map) form, where it has one. */
export function recordedForm(keyed: KeyedInputs | undefined, values: Values): Values {
  if (!keyed) return values;
  const out = { ...values };
  for (const [key, codec] of Object.entries(keyed)) {
    const value = out[key];
    if (!codec || !Array.isArray(value)) continue;
    const map = codec.toRecorded(value);
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
    const list = codec.fromRecorded(value);
    if (list !== undefined) out[key] = list;
  }
  return out;
}
