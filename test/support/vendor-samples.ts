/**
 * Valid samples and one-defect mutants of a vendor request body, generated from the resolved
 * schema (`vendorRequestSchema`): the material of the differential tests (issue 20, item 4). A
 * sample sets every declared property (so that defects can be planted at every depth); a mutant
 * breaks it in exactly one way at one place.
 */
import { randomUUID } from "node:crypto";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [keyword: string]: unknown };

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
  /** The JSON path of the defect inside the body. */
  path: (string | number)[];
  body: Json;
}

const FORMAT_SAMPLES: Record<string, () => string> = {
  uuid: () => randomUUID(),
  email: () => "sample@example.com",
  date: () => "2026-11-23",
  "date-time": () => "2026-11-23T19:58:10Z",
  byte: () => "c2FtcGxl",
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

const BROKEN_FORMATS: Record<string, string> = {
  uuid: "not-a-uuid",
  email: "not-an-email",
  date: "23/11/2026",
  "date-time": "yesterday",
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
  return sampleOf(effective(schema, defs), defs, [], "");
}

/**
 * Every one-defect mutant of `sample`: at the top level, one object down, and in the first
 * element of an array (also one object down), each required property dropped, each property of
 * the wrong type, each enum given a value it does not list, each uuid, email, date or date-time
 * broken, and a property the schema does not declare.
 */
export function vendorMutants(sample: Sample): Mutant[] {
  const mutants: Mutant[] = [];
  for (const [path, shape] of objectPlaces(sample.shape, [], 2)) {
    const value = at(sample.value, path) as Record<string, Json>;
    const mutate = (
      defect: Defect,
      where: (string | number)[],
      change: (parent: Json[] | Record<string, Json>) => void,
    ) => {
      const body = structuredClone(sample.value);
      change(at(body, where.slice(0, -1)) as Json[] | Record<string, Json>);
      mutants.push({ defect, path: where, body });
    };
    for (const key of shape.required.filter((name) => name in value)) {
      mutate("required", [...path, key], (parent) => delete (parent as Record<string, Json>)[key]);
    }
    for (const [key, property] of Object.entries(shape.properties)) {
      if (!(key in value)) continue;
      const set = (defect: Defect, where: (string | number)[], replacement: Json | undefined) => {
        if (replacement === undefined) return;
        mutate(
          defect,
          where,
          (parent) => ((parent as Record<string | number, Json>)[where.at(-1) as string] = replacement),
        );
      };
      set("type", [...path, key], wrongType(property));
      // An array of scalars is broken in its first element too (`companyRoles.0`).
      const items =
        property.kind === "array" && property.items.kind === "scalar" && (value[key] as Json[]).length > 0;
      const leaf = items && property.kind === "array" ? property.items : property;
      const place = items ? [...path, key, 0] : [...path, key];
      if (items) set("type", place, wrongType(leaf));
      if (leaf.kind !== "scalar") continue;
      if (leaf.enum) set("enum", place, "NOT_A_LISTED_VALUE");
      if (leaf.format) set("format", place, BROKEN_FORMATS[leaf.format]);
    }
    mutate(
      "undeclared",
      [...path, "zzUndeclared"],
      (parent) => ((parent as Record<string, Json>).zzUndeclared = 1),
    );
  }
  return mutants;
}

function wrongType(shape: Shape): Json | undefined {
  if (shape.kind === "any" || (shape.kind === "array" && shape.untyped)) return undefined;
  if (shape.kind === "scalar") return WRONG_TYPES[shape.type];
  return WRONG_TYPES[shape.kind];
}

/** The object places of a shape within `hops` steps (a property, or an array's first element). */
function objectPlaces(
  shape: Shape,
  path: (string | number)[],
  hops: number,
): [(string | number)[], Extract<Shape, { kind: "object" }>][] {
  if (shape.kind === "array") return hops > 0 ? objectPlaces(shape.items, [...path, 0], hops - 1) : [];
  if (shape.kind !== "object") return [];
  const places: [(string | number)[], Extract<Shape, { kind: "object" }>][] = [[path, shape]];
  if (hops === 0) return places;
  for (const [key, property] of Object.entries(shape.properties))
    places.push(...objectPlaces(property, [...path, key], hops - 1));
  return places;
}

function at(value: Json, path: readonly (string | number)[]): Json {
  return path.reduce<Json>((node, key) => (node as Record<string | number, Json>)[key] as Json, value);
}

/**
 * A sample of `schema`, the value of property `name`; `seen` holds the components on the way
 * down (recursion stops there).
 */
function sampleOf(schema: Schema, defs: Record<string, Schema>, seen: string[], name: string): Sample {
  if ("const" in schema)
    return { value: schema.const as Json, shape: { kind: "scalar", type: typeof schema.const } };
  if (Array.isArray(schema.enum)) {
    const type = typeof schema.type === "string" ? schema.type : "string";
    return { value: schema.enum[0] as Json, shape: { kind: "scalar", type, enum: schema.enum } };
  }
  // The vendor writes a few arrays with `items` and no `type` (ExternalEndpoint.responseAttributes):
  // they are arrays, as src/schemas/company-settings.ts (generated) reads them, but their type
  // cannot be broken against the documents.
  const untyped = schema.type === undefined && "items" in schema;
  switch (untyped ? "array" : schema.type) {
    case "array": {
      const itemSchema = (schema.items ?? {}) as Schema;
      const ref = referenceOf(itemSchema);
      // An array of a component already on the way down stays empty (a tree, not a loop).
      if (ref !== undefined && seen.includes(ref))
        return { value: [], shape: { kind: "array", items: { kind: "any" } } };
      const items = sampleOf(
        effective(itemSchema, defs, seen),
        defs,
        ref === undefined ? seen : [...seen, ref],
        name,
      );
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
  return objectSample(schema, defs, seen);
}

function objectSample(schema: Schema, defs: Record<string, Schema>, seen: string[]): Sample {
  const required = (schema.required ?? []) as string[];
  const value: Record<string, Json> = {};
  const properties: Record<string, Shape> = {};
  for (const [key, property] of Object.entries(schema.properties as Record<string, Schema>)) {
    const ref = referenceOf(property);
    // A component already on the way down is set only where required (a tree, not a loop).
    if (ref !== undefined && seen.includes(ref) && !required.includes(key)) continue;
    const sample = sampleOf(
      effective(property, defs, seen),
      defs,
      ref === undefined ? seen : [...seen, ref],
      key,
    );
    value[key] = sample.value;
    properties[key] = sample.shape;
  }
  return { value, shape: { kind: "object", properties, required } };
}

function scalarSample(schema: Schema, name: string): Sample {
  const type = schema.type as string;
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
function effective(schema: Schema, defs: Record<string, Schema>, seen: string[] = []): Schema {
  let node = schema;
  for (let ref = referenceOf(node); ref !== undefined; ref = referenceOf(node)) {
    const { $ref: _ref, ...rest } = node;
    node = { ...(defs[ref] ?? {}), ...rest };
  }
  const parts = [...((node.allOf ?? []) as Schema[]), withoutComposition(node)];
  const alternative = ((node.oneOf ?? node.anyOf) as Schema[] | undefined)?.[0];
  if (alternative) parts.push(alternative);
  if (parts.length === 1) return node;
  return parts.map((part) => effective(part, defs, seen)).reduce(merge);
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
