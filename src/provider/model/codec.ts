/**
 * The codec of a resource's property maps: the one place that knows how the provider's own
 * bookkeeping is written beside a resource's inputs and outputs in the engine's property maps
 * (keys that begin with `__`, kept that way so state written by every release still reads).
 *
 * A provider decodes a property map as it receives it, into the declared values and a typed
 * {@link Meta}, and encodes the meta it answers with; no other code reads or writes a `__` key.
 *
 * | meta              | key                  | written by                      | kept in        |
 * | ----------------- | -------------------- | ------------------------------- | -------------- |
 * | `stack`           | `__stack`            | the dynamic host's program; the plugin from the URN | inputs |
 * | `idsBeforeCreate` | `__idsBeforeCreate`  | check, for a set-difference create | inputs      |
 * | `armId`           | `__armId`            | an OptionGroup's program (dynamic host) | inputs  |
 * | `resource`        | `__resource`         | the dynamic host's program (project and name) | inputs |
 * | `lastWritten`     | `__lastWritten`      | create and update of a type that detects overlap | state only |
 * | `replacedValue`   | `__replacedValue`    | an update that replaced another writer's value | state only |
 * | `engine`          | any other `__` key   | the engine and the dynamic provider (`__provider`) | carried as is |
 */
import type { Values } from "./values";

/** The provider's bookkeeping about one resource, decoded. */
export interface Meta {
  /** The stack whose resource this is (the company-delete check reads its checkpoint). */
  stack?: string | undefined;
  /** The ids a set-difference collection held when the resource was first checked. */
  idsBeforeCreate?: readonly string[] | undefined;
  /** An OptionGroup's arm's engine id, as the program knows it (a string, or unknown at preview). */
  armId?: unknown;
  /**
   * The resource's project and name (dynamic host: its create is told neither), which key its
   * record of a create in flight (`operations/create-journal.ts`).
   */
  resource?: { project: string; name: string } | undefined;
  /** The declared values this stack last wrote (overlap detection). */
  lastWritten?: Values | undefined;
  /** Another writer's value that this stack's last update replaced (overlap detection). */
  replacedValue?: unknown;
  /** Keys the engine or the dynamic provider adds (`__provider`), carried unchanged. */
  engine?: Values | undefined;
}

/** A property map decoded: the declared values, and the bookkeeping beside them. */
export interface Decoded {
  values: Values;
  meta: Meta;
}

/** The key of each meta field in a property map; fields kept in the state's outputs only are marked. */
const KEYS = {
  stack: { key: "__stack", stateOnly: false },
  idsBeforeCreate: { key: "__idsBeforeCreate", stateOnly: false },
  armId: { key: "__armId", stateOnly: false },
  resource: { key: "__resource", stateOnly: false },
  lastWritten: { key: "__lastWritten", stateOnly: true },
  replacedValue: { key: "__replacedValue", stateOnly: true },
} as const satisfies Record<Exclude<keyof Meta, "engine">, { key: string; stateOnly: boolean }>;

type MetaField = keyof typeof KEYS;
const FIELDS = Object.keys(KEYS) as MetaField[];

/** True for a key of a property map that holds bookkeeping rather than a declared value. */
export function isMetaKey(key: string): boolean {
  return key.startsWith("__");
}

/** `props` decoded into its declared values and its meta. */
export function decode(props: Values | undefined): Decoded {
  const values: Values = {};
  const meta: Meta = {};
  const engine: Values = {};
  for (const [key, value] of Object.entries(props ?? {})) {
    if (!isMetaKey(key)) {
      values[key] = value;
      continue;
    }
    const field = FIELDS.find((name) => KEYS[name].key === key);
    if (field === undefined || !readField(meta, field, value)) engine[key] = value;
  }
  if (Object.keys(engine).length > 0) meta.engine = engine;
  return { values, meta };
}

/** The meta of `props` (its declared values left out). */
export function metaOf(props: Values | undefined): Meta {
  return decode(props).meta;
}

/** The declared values of `props` (its meta left out). */
export function valuesOf(props: Values | undefined): Values {
  return decode(props).values;
}

/**
 * `meta` as property-map entries: every field for a state (`"state"`), or without the fields kept
 * in the state's outputs only, for inputs (`"inputs"`).
 */
export function encodeMeta(meta: Meta, form: "state" | "inputs" = "state"): Values {
  const out: Values = { ...meta.engine };
  for (const field of FIELDS) {
    const value = meta[field];
    if (value === undefined || (form === "inputs" && KEYS[field].stateOnly)) continue;
    out[KEYS[field].key] = value;
  }
  return out;
}

/** `values` with `meta` beside them, as a property map. */
export function encode(values: Values, meta: Meta, form: "state" | "inputs" = "state"): Values {
  return { ...encodeMeta(meta, form), ...values };
}

/**
 * Sets `field` of `meta` from a recorded value; false when the value does not have the field's
 * shape (a hand edit), which is then carried as it is, like the engine's keys.
 */
function readField(meta: Meta, field: MetaField, value: unknown): boolean {
  switch (field) {
    case "stack":
      if (typeof value !== "string") return false;
      meta.stack = value;
      return true;
    case "idsBeforeCreate":
      if (!Array.isArray(value) || !value.every((id) => typeof id === "string")) return false;
      meta.idsBeforeCreate = value;
      return true;
    case "resource": {
      const { project, name } = (value ?? {}) as { project?: unknown; name?: unknown };
      if (typeof project !== "string" || typeof name !== "string") return false;
      meta.resource = { project, name };
      return true;
    }
    case "lastWritten":
      if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
      meta.lastWritten = value as Values;
      return true;
    case "armId":
    case "replacedValue":
      meta[field] = value;
      return true;
  }
}
