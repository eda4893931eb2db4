/**
 * The compiled copy of a vendor schema: self-contained (the components it reaches under `$defs`)
 * and stricter than the document in two ways the document only implies:
 *
 * - **Closed objects.** Every object schema that declares properties refuses the ones it does not
 *   declare (`unevaluatedProperties: false`), at every depth: `address: { adressLines: [...] }`
 *   fails. `unevaluatedProperties` (JSON Schema 2020-12), not `additionalProperties`, so that
 *   properties declared by a `oneOf` alternative count. The alternatives of a schema that declares
 *   properties of its own stay open, as its own check covers them. An object the document leaves
 *   without properties (a free-form object) stays free-form.
 * - **Discriminators decide.** An OpenAPI `discriminator` with a `mapping` becomes one `oneOf`
 *   alternative per mapped value, each requiring the discriminating property to equal its value,
 *   so exactly one alternative can match.
 *
 * `x-` extensions are dropped; descriptions, titles and examples are kept for documentation (a
 * component without a title gets its key as title, so that messages can name it).
 * The documents themselves are never changed.
 */
import { type JsonSchema, type VendorDocumentName, vendorDocument } from "./vendor-documents";

const COMPONENT_PREFIX = "#/components/schemas/";
const SUBSCHEMA_KEYS = ["items", "not", "additionalProperties", "contains", "propertyNames"] as const;
const SUBSCHEMA_LIST_KEYS = ["oneOf", "anyOf", "allOf", "prefixItems"] as const;

const compiledComponents = new Map<string, JsonSchema>();
const openBranchesByDocument = new Map<VendorDocumentName, Set<string>>();

/**
 * The strict, self-contained copy of `schema` (a node of document `name`): `schema` itself at the
 * root, every component it reaches in `$defs`, references rewritten to `#/$defs/<Name>`. With
 * `openRoot`, the root object takes properties it does not declare (a form-encoded OAuth request:
 * RFC 6749 says the server ignores unrecognized parameters); nested objects stay closed.
 */
export function strictSchema(name: VendorDocumentName, schema: JsonSchema, openRoot = false): JsonSchema {
  const reached = new Set<string>();
  const root = strictNode(name, schema, reached, true);
  const defs: Record<string, JsonSchema> = {};
  const pending = [...reached];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next in defs) continue;
    defs[next] = strictComponent(name, next, reached);
    for (const found of reached) if (!(found in defs)) pending.push(found);
  }
  const { unevaluatedProperties, ...inlined } = inlineRoot(root, defs);
  const top =
    openRoot || unevaluatedProperties === undefined ? inlined : { ...inlined, unevaluatedProperties };
  return Object.keys(defs).length > 0 ? { ...top, $defs: defs } : top;
}

/**
 * A root that is only a reference (`{ $ref: "#/$defs/X" }`) becomes X itself, so the schema's
 * own properties sit at the top; X stays in `$defs` only when something else refers to it.
 */
function inlineRoot(root: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  const keys = Object.keys(root);
  if (keys.length !== 1 || typeof root.$ref !== "string") return root;
  const component = root.$ref.slice("#/$defs/".length);
  const target = defs[component];
  if (!target) return root;
  if (!referencesOf(Object.values(defs)).has(component)) delete defs[component];
  return target;
}

/** The strict copy of component `component` of document `name` (cached; its references noted). */
function strictComponent(name: VendorDocumentName, component: string, reached: Set<string>): JsonSchema {
  const key = `${name}:${component}`;
  let compiled = compiledComponents.get(key);
  if (!compiled) {
    const source = vendorDocument(name).components.schemas[component];
    if (!source) throw new Error(`vendor document ${name}: no schema ${component}`);
    // The title names the schema in messages; a component without one is named by its key.
    compiled = {
      title: component,
      ...strictNode(name, source, new Set(), !openBranches(name).has(component)),
    };
    compiledComponents.set(key, compiled);
  }
  for (const ref of referencesOf(compiled)) reached.add(ref);
  return compiled;
}

function strictNode(
  name: VendorDocumentName,
  node: JsonSchema,
  reached: Set<string>,
  close: boolean,
): JsonSchema {
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword.startsWith("x-") || keyword === "discriminator") continue;
    if (keyword === "$ref" && typeof value === "string") {
      out.$ref = renameReference(value, reached);
    } else if (keyword === "properties" && isSchema(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([property, sub]) => [property, strictChild(name, sub, reached)]),
      );
    } else if ((SUBSCHEMA_KEYS as readonly string[]).includes(keyword)) {
      out[keyword] = strictChild(name, value, reached);
    } else if ((SUBSCHEMA_LIST_KEYS as readonly string[]).includes(keyword) && Array.isArray(value)) {
      out[keyword] = value.map((sub: unknown) => strictChild(name, sub, reached));
    } else {
      out[keyword] = value;
    }
  }
  const discriminator = node.discriminator as
    { propertyName?: string; mapping?: Record<string, string> } | undefined;
  if (discriminator?.propertyName && discriminator.mapping) {
    out.oneOf = Object.entries(discriminator.mapping).map(([value, ref]) => ({
      properties: { [discriminator.propertyName as string]: { const: value } },
      required: [discriminator.propertyName],
      allOf: [{ $ref: renameReference(ref, reached) }],
    }));
  }
  if (close && closes(node)) out.unevaluatedProperties = false;
  return out;
}

function strictChild(name: VendorDocumentName, value: unknown, reached: Set<string>): unknown {
  return isSchema(value) ? strictNode(name, value, reached, true) : value;
}

/** Whether `node` is an object schema with declared shape (properties or alternatives). */
function closes(node: JsonSchema): boolean {
  if ("additionalProperties" in node || "unevaluatedProperties" in node) return false;
  if (isSchema(node.properties)) return true;
  return node.type === "object" && ["oneOf", "anyOf", "allOf"].some((keyword) => keyword in node);
}

/**
 * Components that are alternatives (`oneOf`/`anyOf`) of a schema declaring properties of its own:
 * they stay open, since their parent's closed check counts the parent's properties too.
 */
function openBranches(name: VendorDocumentName): Set<string> {
  let open = openBranchesByDocument.get(name);
  if (open) return open;
  open = new Set();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isSchema(node)) return;
    if (isSchema(node.properties)) {
      for (const keyword of ["oneOf", "anyOf"]) {
        for (const branch of (node[keyword] as JsonSchema[] | undefined) ?? []) {
          const ref = branch.$ref;
          if (typeof ref === "string" && ref.startsWith(COMPONENT_PREFIX))
            open.add(ref.slice(COMPONENT_PREFIX.length));
        }
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(vendorDocument(name).components.schemas);
  openBranchesByDocument.set(name, open);
  return open;
}

function renameReference(ref: string, reached: Set<string>): string {
  if (!ref.startsWith(COMPONENT_PREFIX)) throw new Error(`vendor document: unsupported reference ${ref}`);
  const component = ref.slice(COMPONENT_PREFIX.length);
  reached.add(component);
  return `#/$defs/${component}`;
}

/** The component names a compiled schema refers to. */
function referencesOf(node: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => referencesOf(item, found));
  else if (isSchema(node)) {
    for (const [keyword, value] of Object.entries(node)) {
      if (keyword === "$ref" && typeof value === "string") found.add(value.slice("#/$defs/".length));
      else referencesOf(value, found);
    }
  }
  return found;
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
