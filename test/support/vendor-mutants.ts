/**
 * Valid samples and one-defect mutants of vendor request bodies, from the resolved JSON Schema of
 * the contract module (`vendorRequestSchema`). Shared by the differential tests: the emulator's
 * (each mutant is refused with 400) and the provider's (each mutant fails `check` at its path).
 *
 * A mutant breaks the schema in exactly one way, at one place of a valid sample: a required
 * property dropped, a value of the wrong type, an enum value that does not exist, a string that
 * breaks its format, or an undeclared property. Places are every object of the sample (the top
 * level, every object below it, and the first element of every array), so every depth is covered.
 */

/** A JSON Schema node. */
export type SchemaNode = { [keyword: string]: unknown };

/** A path inside a JSON value. */
export type ValuePath = (string | number)[];

/** The kinds of defect a mutant carries. */
export type DefectKind = "required" | "type" | "enum" | "format" | "undeclared";

/** One defective body and where its defect is. */
export interface Mutant {
  kind: DefectKind;
  /** Where the defect is in the body: the dropped, retyped or added property. */
  path: ValuePath;
  body: unknown;
  /** `kind at path`, for test names and reports. */
  label: string;
}

const MAX_DEPTH = 8;

/** Values that satisfy each string format the vendor documents use. */
const FORMAT_SAMPLES: Record<string, string> = {
  uuid: "4974a66b-7493-4f41-908c-58ba81093947",
  email: "someone@example.com",
  date: "2026-11-23",
  "date-time": "2026-11-23T19:58:10Z",
  byte: "aGVsbG8=",
  uri: "https://example.com/",
};

/** A value that breaks each string format. */
const FORMAT_BREAKERS: Record<string, string> = {
  uuid: "not-a-uuid",
  email: "not an e-mail",
  date: "23/11/2026",
  "date-time": "yesterday",
  byte: "not base64!",
  uri: "not a uri",
};

/** Resolves `$ref`s into the schema's `$defs` (and `allOf` of one member). */
export function resolve(root: SchemaNode, node: SchemaNode): SchemaNode {
  let current = node;
  for (let hops = 0; hops < 32; hops++) {
    if (typeof current.$ref === "string" && current.$ref.startsWith("#/$defs/")) {
      const target = (root.$defs as Record<string, SchemaNode> | undefined)?.[current.$ref.slice(8)];
      if (!target) throw new Error(`unresolvable ${current.$ref}`);
      const { $ref: _ref, ...siblings } = current;
      current = merged(target, siblings);
    } else if (Array.isArray(current.allOf) && current.allOf.length === 1) {
      const { allOf, ...siblings } = current;
      current = merged(allOf[0] as SchemaNode, siblings);
    } else return current;
  }
  throw new Error("reference loop");
}

/** `base` with `extra`'s keywords, their `properties` and `required` combined. */
function merged(base: SchemaNode, extra: SchemaNode): SchemaNode {
  const out: SchemaNode = { ...base, ...extra };
  if (base.properties || extra.properties)
    out.properties = { ...(base.properties as object), ...(extra.properties as object) };
  if (base.required || extra.required)
    out.required = [
      ...new Set([...((base.required ?? []) as string[]), ...((extra.required ?? []) as string[])]),
    ];
  return out;
}

/** The single type a node declares (`["string", "null"]` counts as `string`). */
function typeOf(node: SchemaNode): string | undefined {
  const type = node.type;
  if (Array.isArray(type)) return type.find((t) => t !== "null") as string | undefined;
  if (typeof type === "string") return type;
  if (node.properties) return "object";
  if (node.items) return "array";
  return undefined;
}

/** The alternative a sample takes in a `oneOf`/`anyOf` (the first). */
function alternative(node: SchemaNode): SchemaNode | undefined {
  const list = (node.oneOf ?? node.anyOf) as SchemaNode[] | undefined;
  return Array.isArray(list) && list.length > 0 ? list[0] : undefined;
}

/**
 * A valid sample of `node`: every declared property set (to the depth limit, past which only
 * required ones), the vendor's `example` where it fits, format-valid strings, the first enum value.
 */
export function validSample(root: SchemaNode, node: SchemaNode = root, depth = 0): unknown {
  const schema = resolve(root, node);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as SchemaNode[]).map((member) => validSample(root, member, depth));
    const { allOf: _allOf, ...own } = schema;
    return Object.assign({}, Object.keys(own).length > 0 ? validSample(root, own, depth) : {}, ...parts);
  }
  const variant = alternative(schema);
  if (variant && !schema.properties) return validSample(root, variant, depth);
  switch (typeOf(schema)) {
    case "string":
      if (typeof schema.format === "string" && FORMAT_SAMPLES[schema.format])
        return FORMAT_SAMPLES[schema.format];
      return typeof schema.example === "string" ? schema.example : "sample";
    case "integer":
      return typeof schema.example === "number" && Number.isInteger(schema.example) ? schema.example : 1;
    case "number":
      return typeof schema.example === "number" ? schema.example : 1.5;
    case "boolean":
      return true;
    case "array":
      return depth >= MAX_DEPTH ? [] : [validSample(root, (schema.items ?? {}) as SchemaNode, depth + 1)];
    case "object":
      return objectSample(root, schema, depth);
    default:
      return "sample";
  }
}

function objectSample(root: SchemaNode, schema: SchemaNode, depth: number): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, SchemaNode>;
  const required = new Set((schema.required ?? []) as string[]);
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    if (resolve(root, property).readOnly === true) continue;
    if (depth >= MAX_DEPTH && !required.has(key)) continue;
    out[key] = validSample(root, property, depth + 1);
  }
  const variant = alternative(schema);
  if (variant) Object.assign(out, validSample(root, variant, depth + 1));
  return out;
}

/** `value` with `path` set to `replacement`, or removed when `replacement` is `REMOVE`. */
export function withValueAt(value: unknown, path: ValuePath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...ValuePath];
  const copy: Record<string | number, unknown> = Array.isArray(value)
    ? ([...value] as unknown as Record<number, unknown>)
    : { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && replacement === REMOVE) delete copy[head];
  else copy[head] = withValueAt(copy[head], rest, replacement);
  return copy;
}

/** Marks a property to remove in {@link withValueAt}. */
export const REMOVE = Symbol("remove");

/** A value of another JSON type than `type`. */
function wrongTypeFor(type: string | undefined): unknown {
  return type === "string" ? 12345 : "wrong type";
}

/** Every one-defect mutant of `sample` (a valid sample of `root`). */
export function mutantsOf(root: SchemaNode, sample: unknown): Mutant[] {
  const mutants: Mutant[] = [];
  const add = (kind: DefectKind, path: ValuePath, replacement: unknown) =>
    mutants.push({
      kind,
      path,
      body: withValueAt(sample, path, replacement),
      label: `${kind} at ${label(path)}`,
    });
  const visit = (node: SchemaNode, value: unknown, path: ValuePath): void => {
    const schema = resolve(root, node);
    if (Array.isArray(value)) {
      if (value.length > 0) visit((schema.items ?? {}) as SchemaNode, value[0], [...path, 0]);
      return;
    }
    if (value === null || typeof value !== "object") return;
    const properties = (schema.properties ?? {}) as Record<string, SchemaNode>;
    // A free-form object (no declared properties) takes anything; a union's alternatives are open.
    if (Object.keys(properties).length === 0) return;
    const required = new Set((schema.required ?? []) as string[]);
    add("undeclared", [...path, "zzUndeclaredProperty"], "x");
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const property = properties[key];
      if (!property) continue;
      const resolved = resolve(root, property);
      const at = [...path, key];
      if (required.has(key)) add("required", at, REMOVE);
      if (typeOf(resolved) !== undefined || resolved.enum) add("type", at, wrongTypeFor(typeOf(resolved)));
      if (Array.isArray(resolved.enum) && resolved.enum.every((item) => typeof item === "string"))
        add("enum", at, "NOT_A_VENDOR_VALUE");
      if (typeof resolved.format === "string" && FORMAT_BREAKERS[resolved.format])
        add("format", at, FORMAT_BREAKERS[resolved.format]);
      visit(resolved, child, at);
    }
  };
  visit(root, sample, []);
  return mutants;
}

/** A path as people write it: `address.addressLines[0]`. */
export function label(path: ValuePath): string {
  if (path.length === 0) return "(body)";
  return path.map((key, i) => (typeof key === "number" ? `[${key}]` : i === 0 ? key : `.${key}`)).join("");
}
