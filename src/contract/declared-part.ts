/**
 * The part of a value the vendor's request schema declares: what a full-replacement write may send
 * back of an object it read. An answer may carry properties the request schema does not declare
 * (the answer's schema is open, or the platform added one since the documents were published);
 * the strict request check refuses them, so a read-then-PUT keeps only what the request declares.
 */
import { vendorOperation } from "./operations";
import { strictSchema } from "./strict-schema";
import type { JsonSchema } from "./vendor-documents";

/**
 * `value` with only the properties the request schema of `method` on the concrete `path` declares,
 * at every depth: an undeclared property of a closed object is left out, an open or free-form
 * object is kept whole, and arrays are walked item by item. Properties an alternative (`oneOf`,
 * `anyOf`) declares count when that alternative can match (a discriminator the value contradicts
 * rules its alternative out). `value` itself when the vendor documents no body there.
 */
export function vendorDeclaredPart<T>(method: string, path: string, value: T): T {
  const operation = vendorOperation(method, path);
  if (!operation?.request) return value;
  const root = strictSchema(operation.document, operation.request.schema);
  return declaredPart(value, [root], definitionsOf(root)) as T;
}

type Definitions = Readonly<Record<string, JsonSchema>>;

function definitionsOf(root: JsonSchema): Definitions {
  return isObject(root.$defs) ? (root.$defs as Definitions) : {};
}

function declaredPart(value: unknown, schemas: readonly JsonSchema[], defs: Definitions): unknown {
  if (Array.isArray(value)) {
    const items = shapes(schemas, value, defs).flatMap((shape) =>
      isObject(shape.items) ? [shape.items] : [],
    );
    return items.length === 0 ? value : value.map((item) => declaredPart(item, items, defs));
  }
  if (!isObject(value)) return value;
  const matching = shapes(schemas, value, defs);
  const declared = new Map<string, JsonSchema[]>();
  for (const shape of matching) {
    if (!isObject(shape.properties)) continue;
    for (const [key, sub] of Object.entries(shape.properties)) {
      if (isObject(sub)) declared.set(key, [...(declared.get(key) ?? []), sub]);
    }
  }
  const closed = matching.some(
    (shape) => shape.unevaluatedProperties === false || shape.additionalProperties === false,
  );
  const mapped = matching.flatMap((shape) =>
    isObject(shape.additionalProperties) ? [shape.additionalProperties] : [],
  );
  const kept: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    const subschemas = declared.get(key) ?? mapped;
    if (subschemas.length > 0) kept[key] = declaredPart(member, subschemas, defs);
    else if (!closed) kept[key] = member;
  }
  return kept;
}

/**
 * The schema nodes that shape `value`: each schema with its references resolved, its `allOf`
 * members, and the `oneOf`/`anyOf` alternatives that do not contradict a constant of `value`.
 */
function shapes(schemas: readonly JsonSchema[], value: unknown, defs: Definitions): JsonSchema[] {
  const found: JsonSchema[] = [];
  const visit = (schema: JsonSchema, depth: number): void => {
    if (depth > 32) return;
    found.push(schema);
    if (typeof schema.$ref === "string") {
      const target = defs[schema.$ref.slice("#/$defs/".length)];
      if (target) visit(target, depth + 1);
    }
    for (const member of list(schema.allOf)) visit(member, depth + 1);
    for (const alternative of [...list(schema.oneOf), ...list(schema.anyOf)]) {
      if (admits(alternative, value)) visit(alternative, depth + 1);
    }
  };
  for (const schema of schemas) visit(schema, 0);
  return found;
}

/** Whether `value` can match `alternative` as far as its constants and enums say. */
function admits(alternative: JsonSchema, value: unknown): boolean {
  if (!isObject(value) || !isObject(alternative.properties)) return true;
  const required: unknown[] = Array.isArray(alternative.required) ? alternative.required : [];
  return Object.entries(alternative.properties).every(([key, sub]) => {
    if (!isObject(sub)) return true;
    const member = value[key];
    if (member === undefined) return !("const" in sub && required.includes(key));
    if ("const" in sub) return sub.const === member;
    if (Array.isArray(sub.enum)) return sub.enum.includes(member);
    return true;
  });
}

function list(value: unknown): JsonSchema[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
