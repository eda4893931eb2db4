/**
 * Valid samples and one-defect mutants of a vendor request body, generated from the resolved
 * schema (`vendorRequestSchema`): the material of both differential tests, the
 * emulator's (each mutant is refused with 400 naming its path) and the provider's (each mutant
 * fails `check` at its property path). A sample sets every declared property the client may send
 * (so that defects can be planted at every depth); a mutant breaks it in exactly one way at one
 * place: a required property dropped, a value of the wrong type, an enum value that does not
 * exist, a string that breaks its format, or an undeclared property. The places are every object
 * of the sample: the top level, every object below it, and the first element of every array.
 */
import { randomUUID } from "node:crypto";

/** A JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [keyword: string]: unknown };

/** A path inside a JSON value. */
export type ValuePath = (string | number)[];

/** The shape of a generated value: what each place must be, for planting defects. */
export type Shape =
  | { kind: "object"; properties: Record<string, Shape>; required: string[] }
  | {
      kind: "array";
      items: Shape;
      /** The vendor wrote `items` but no `type`: no type to break. */ untyped?: true;
    }
  | { kind: "scalar"; type: string; enum?: unknown[]; format?: string }
  | { kind: "any" };

type ObjectShape = Extract<Shape, { kind: "object" }>;

/** A generated valid value and its shape. */
export interface Sample {
  value: Json;
  shape: Shape;
}

/** The kinds of defect a mutant carries. */
export type Defect = "required" | "type" | "enum" | "format" | "undeclared";

/** A body with exactly one defect, and where. */
export interface Mutant {
  defect: Defect;
  /** Where the defect is in the body: the dropped, retyped or added property, or array element. */
  path: ValuePath;
  body: Json;
  /** `defect at path`, for test names and reports. */
  label: string;
}

const FORMAT_SAMPLES: Record<string, () => string> = {
  uuid: () => randomUUID(),
  email: () => "sample@example.com",
  date: () => "2026-11-23",
  "date-time": () => "2026-11-23T19:58:10Z",
  byte: () => "c2FtcGxl",
  uri: () => "https://example.com/",
};

/**
 * Realistic strings for properties the documents type as plain strings but describe as codes or
 * addresses (a currency, a country, an email): the platform checks them, so a sample must be one.
 */
const NAMED_SAMPLES: [RegExp, () => string][] = [
  [/currency/i, () => "USD"],
  [/^(regionCode|countryCode|isoCountryCode|loyaltyBlockedCountries|countries)$/, () => "US"],
  [/domains?$/i, () => "example.com"],
  [/(e-?mail|SenderAddress)/i, () => "sample@example.com"],
  // Unique per sample: the platform keeps external ids unique within a collection.
  [/^externalId$/, () => `ext-${randomUUID()}`],
];

/** A value that breaks each format (of the format's own JSON type). */
const BROKEN_FORMATS: Record<string, Json> = {
  uuid: "not-a-uuid",
  email: "not-an-email",
  date: "23/11/2026",
  "date-time": "yesterday",
  byte: "not base64!",
  uri: "not a uri",
  integer: 1.5,
};

const WRONG_TYPES: Record<string, Json> = {
  string: 12345,
  integer: "not-an-integer",
  number: "not-a-number",
  boolean: "not-a-boolean",
  object: "not-an-object",
  array: "not-an-array",
};

/** A valid sample of `schema` (a resolved schema, its components under `$defs`). */
export function vendorSample(schema: Schema): Sample {
  const defs = (schema.$defs ?? {}) as Record<string, Schema>;
  return sampleOf(effective(schema, defs), defs, { seen: [], depth: 0 }, "");
}

/**
 * Every one-defect mutant of `sample` (its value may have been edited since: only the places it
 * still holds are mutated): in every object, each required property dropped, each property of the
 * wrong type, each enum given a value it does not list, each formatted string broken (in the
 * first element too, for an array of scalars), and a property the schema does not declare.
 */
export function vendorMutants(sample: Sample): Mutant[] {
  const mutants: Mutant[] = [];
  const add = (defect: Defect, path: ValuePath, replacement: Json | undefined) =>
    mutants.push({
      defect,
      path,
      body: withValueAt(sample.value, path, replacement),
      label: `${defect} at ${label(path)}`,
    });
  const retype = (place: ValuePath, of: Shape) => {
    const wrong = wrongType(of);
    if (wrong !== undefined) add("type", place, wrong);
  };
  for (const [path, shape, value] of objectPlaces(sample.shape, sample.value, [])) {
    for (const key of shape.required.filter((name) => name in value))
      add("required", [...path, key], undefined);
    for (const [key, property] of Object.entries(shape.properties)) {
      if (!(key in value)) continue;
      retype([...path, key], property);
      // An array of scalars is broken in its first element too (`companyRoles.0`).
      const element =
        property.kind === "array" && property.items.kind === "scalar" && (value[key] as Json[]).length > 0
          ? property.items
          : undefined;
      const leaf = element ?? property;
      const place = element ? [...path, key, 0] : [...path, key];
      if (element) retype(place, element);
      if (leaf.kind !== "scalar") continue;
      if (leaf.enum?.every((item) => typeof item === "string")) add("enum", place, "NOT_A_LISTED_VALUE");
      const format = leaf.format === undefined ? undefined : BROKEN_FORMATS[leaf.format];
      if (format !== undefined) add("format", place, format);
    }
    add("undeclared", [...path, "zzUndeclared"], 1);
  }
  return mutants;
}

/** `value` with the value at `path` replaced by `replacement`, or removed when it is undefined. */
export function withValueAt(value: Json, path: ValuePath, replacement: Json | undefined): Json {
  const key = path.at(-1);
  if (key === undefined) throw new Error("withValueAt needs a path inside the value");
  const copy = structuredClone(value);
  const parent = at(copy, path.slice(0, -1)) as Record<string | number, Json>;
  if (replacement === undefined) delete parent[key];
  else parent[key] = replacement;
  return copy;
}

/** A path as people write it: `address.addressLines[0]`. */
export function label(path: ValuePath): string {
  if (path.length === 0) return "(body)";
  return path.map((key, i) => (typeof key === "number" ? `[${key}]` : i === 0 ? key : `.${key}`)).join("");
}

function wrongType(shape: Shape): Json | undefined {
  if (shape.kind === "any" || (shape.kind === "array" && shape.untyped)) return undefined;
  if (shape.kind === "scalar") return WRONG_TYPES[shape.type];
  return WRONG_TYPES[shape.kind];
}

/**
 * Every object place of `value` (of `shape`) with its path: itself, the objects below it, and the
 * first element of each array.
 */
function objectPlaces(
  shape: Shape,
  value: Json,
  path: ValuePath,
): [ValuePath, ObjectShape, Record<string, Json>][] {
  if (shape.kind === "array")
    return Array.isArray(value) && value.length > 0
      ? objectPlaces(shape.items, value[0] as Json, [...path, 0])
      : [];
  if (shape.kind !== "object" || value === null || typeof value !== "object" || Array.isArray(value))
    return [];
  const places: [ValuePath, ObjectShape, Record<string, Json>][] = [[path, shape, value]];
  for (const [key, property] of Object.entries(shape.properties))
    if (key in value) places.push(...objectPlaces(property, value[key] as Json, [...path, key]));
  return places;
}

function at(value: Json, path: readonly (string | number)[]): Json {
  return path.reduce<Json>((node, key) => (node as Record<string | number, Json>)[key] as Json, value);
}

/**
 * How deep a recursive component is sampled: a component already on the way down (a tree of
 * designations, of fare category infos) is expanded again until a value this deep.
 */
const RECURSION_DEPTH = 8;

/** Where a value is sampled: the components on the way down and its depth in the body. */
interface Way {
  seen: string[];
  depth: number;
}

/** Whether component `ref` would close a loop here, past the recursion depth. */
function loops(way: Way, ref: string | undefined): boolean {
  return ref !== undefined && way.seen.includes(ref) && way.depth >= RECURSION_DEPTH;
}

/** The way one step down, through component `ref` if any. */
function below(way: Way, ref: string | undefined): Way {
  return { seen: ref === undefined ? way.seen : [...way.seen, ref], depth: way.depth + 1 };
}

/** A sample of `schema`, the value of property `name`, at `way`. */
function sampleOf(schema: Schema, defs: Record<string, Schema>, way: Way, name: string): Sample {
  if ("const" in schema)
    return { value: schema.const as Json, shape: { kind: "scalar", type: typeof schema.const } };
  if (Array.isArray(schema.enum)) {
    const type = typeOf(schema) ?? "string";
    return { value: schema.enum[0] as Json, shape: { kind: "scalar", type, enum: schema.enum } };
  }
  // The vendor writes a few arrays with `items` and no `type` (ExternalEndpoint.responseAttributes):
  // they are arrays, as src/schemas/company-settings.ts (generated) reads them, but their type
  // cannot be broken against the documents.
  const untyped = schema.type === undefined && "items" in schema;
  switch (untyped ? "array" : typeOf(schema)) {
    case "array": {
      const itemSchema = (schema.items ?? {}) as Schema;
      const ref = referenceOf(itemSchema);
      // Past the recursion depth, an array of a component on the way down stays empty.
      if (loops(way, ref)) return { value: [], shape: { kind: "array", items: { kind: "any" } } };
      const items = sampleOf(effective(itemSchema, defs), defs, below(way, ref), name);
      const count = Math.max(1, typeof schema.minItems === "number" ? schema.minItems : 1);
      return {
        value: Array.from({ length: count }, () => structuredClone(items.value)),
        shape: { kind: "array", items: items.shape, ...(untyped ? { untyped } : {}) },
      };
    }
    case "string":
    case "integer":
    case "number":
    case "boolean":
      return scalarSample(schema, name);
  }
  if (schema.properties === undefined)
    return {
      value: {},
      shape: schema.type === "object" ? { kind: "object", properties: {}, required: [] } : { kind: "any" },
    };
  return objectSample(schema, defs, way);
}

function objectSample(schema: Schema, defs: Record<string, Schema>, way: Way): Sample {
  const required = (schema.required ?? []) as string[];
  const value: Record<string, Json> = {};
  const properties: Record<string, Shape> = {};
  for (const [key, property] of Object.entries(schema.properties as Record<string, Schema>)) {
    const ref = referenceOf(property);
    // Past the recursion depth, a component on the way down is set only where required.
    if (loops(way, ref) && !required.includes(key)) continue;
    const resolved = effective(property, defs);
    // The client does not send what the vendor marks read-only.
    if (resolved.readOnly === true && !required.includes(key)) continue;
    const sample = sampleOf(resolved, defs, below(way, ref), key);
    value[key] = sample.value;
    properties[key] = sample.shape;
  }
  return { value, shape: { kind: "object", properties, required } };
}

function scalarSample(schema: Schema, name: string): Sample {
  const type = typeOf(schema) as string;
  const format = typeof schema.format === "string" ? schema.format : undefined;
  const shape: Shape = { kind: "scalar", type, ...(format !== undefined ? { format } : {}) };
  const example = schema.example;
  if (type === "string") {
    const named = NAMED_SAMPLES.find(([pattern]) => pattern.test(name))?.[1]();
    const value =
      format && FORMAT_SAMPLES[format]
        ? FORMAT_SAMPLES[format]()
        : (named ?? (typeof example === "string" ? example : "sample"));
    return { value, shape };
  }
  if (type === "boolean") return { value: typeof example === "boolean" ? example : true, shape };
  const minimum = typeof schema.minimum === "number" ? schema.minimum : undefined;
  const maximum = typeof schema.maximum === "number" ? schema.maximum : undefined;
  const fits = (n: unknown): n is number =>
    typeof n === "number" &&
    (type !== "integer" || Number.isInteger(n)) &&
    (minimum === undefined || n >= minimum) &&
    (maximum === undefined || n <= maximum);
  return { value: fits(example) ? example : (minimum ?? 1), shape };
}

/**
 * A schema with its references resolved and its composition merged: `allOf` parts, the node's
 * own keywords, then the first `oneOf`/`anyOf` alternative (a discriminator's constant wins).
 */
function effective(schema: Schema, defs: Record<string, Schema>): Schema {
  let node = schema;
  for (let ref = referenceOf(node); ref !== undefined; ref = referenceOf(node)) {
    const { $ref: _ref, ...rest } = node;
    node = { ...(defs[ref] ?? {}), ...rest };
  }
  const parts = [...((node.allOf ?? []) as Schema[]), withoutComposition(node)];
  const alternative = ((node.oneOf ?? node.anyOf) as Schema[] | undefined)?.[0];
  if (alternative) parts.push(alternative);
  if (parts.length === 1) return node;
  return parts.map((part) => effective(part, defs)).reduce(merge);
}

/** The one type a node declares (`["string", "null"]` counts as `string`). */
function typeOf(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== "null") as string | undefined;
  return typeof schema.type === "string" ? schema.type : undefined;
}

function withoutComposition(schema: Schema): Schema {
  const { allOf: _allOf, oneOf: _oneOf, anyOf: _anyOf, ...rest } = schema;
  return rest;
}

function merge(a: Schema, b: Schema): Schema {
  const properties = { ...((a.properties ?? {}) as Schema), ...((b.properties ?? {}) as Schema) };
  const required = [...new Set([...((a.required ?? []) as string[]), ...((b.required ?? []) as string[])])];
  const merged: Schema = { ...a, ...b, required };
  if (Object.keys(properties).length > 0) merged.properties = properties;
  return merged;
}

function referenceOf(schema: Schema): string | undefined {
  return typeof schema.$ref === "string" ? schema.$ref.slice("#/$defs/".length) : undefined;
}
