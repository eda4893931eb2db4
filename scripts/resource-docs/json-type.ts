/**
 * A short, readable type of a JSON Schema node for the resource pages' tables (`string`,
 * `"ORG" | "TMC"`, `{ type, value? }[]`), from zod's `z.toJSONSchema` of an input schema. A
 * schema zod lifts into `$defs` (a recursive one, such as `z.json()`) is resolved, never printed
 * by its generated name.
 */
import { z } from "zod";

/** The parts of a JSON Schema the pages read. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  default?: unknown;
  format?: string;
  description?: string;
}

/**
 * The JSON Schema of what `schema` accepts (zod's input side): a schema zod cannot express reads
 * as any value, and a schema used twice is written out twice (only a recursive one is in `$defs`).
 */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any", reused: "inline" }) as JsonSchema;
}

/** The members of any JSON value, as `z.json()` declares it. */
const JSON_VALUE_MEMBERS = ["array", "boolean", "null", "number", "object", "string"];

/** True for the schema of any JSON value (`z.json()`). */
export function isJsonValue(schema: JsonSchema): boolean {
  const members = (schema.anyOf ?? schema.oneOf)?.map((member) => member.type);
  return (
    members !== undefined &&
    members.every((type) => typeof type === "string") &&
    [...members].sort().join() === JSON_VALUE_MEMBERS.join()
  );
}

/** How an object of JSON values reads (any object the platform defines, passed on as given). */
const JSON_OBJECT = "JSON object";

const wrap = (text: string) => (text.includes(" ") && text !== JSON_OBJECT ? `(${text})` : text);

/** Renders schemas, resolving `$ref`s into `defs`. */
class TypeWriter {
  constructor(private readonly defs: Record<string, JsonSchema>) {}

  text(schema: JsonSchema | boolean | undefined, depth: number, resolving: readonly string[] = []): string {
    if (schema === undefined || schema === true) return "any";
    if (schema === false) return "never";
    if (schema.$ref) return this.reference(schema.$ref, depth, resolving);
    if (isJsonValue(schema)) return "JSON value";
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
    const union = schema.anyOf ?? schema.oneOf;
    if (union) return union.map((member) => this.text(member, depth, resolving)).join(" | ");
    if (schema.allOf) return schema.allOf.map((member) => this.text(member, depth, resolving)).join(" & ");
    const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
    if (type === "array") return `${wrap(this.text(schema.items, depth, resolving))}[]`;
    if (type === "object") return this.object(schema, depth, resolving);
    if (type === undefined) return "any";
    return schema.format ? `${type} (${schema.format})` : type;
  }

  private reference(ref: string, depth: number, resolving: readonly string[]): string {
    const name = ref.replace(/^#\/\$defs\//, "");
    const target = this.defs[name];
    if (target === undefined) throw new Error(`JSON Schema reference ${ref} has no definition`);
    if (isJsonValue(target)) return "JSON value";
    if (resolving.includes(name))
      throw new Error(`recursive schema ${name}: teach scripts/resource-docs/json-type.ts to name it`);
    return this.text(target, depth, [...resolving, name]);
  }

  private object(schema: JsonSchema, depth: number, resolving: readonly string[]): string {
    if (schema.properties && Object.keys(schema.properties).length > 0) {
      if (depth > 0) return "object";
      const required = new Set(schema.required ?? []);
      const keys = Object.keys(schema.properties).map((key) => (required.has(key) ? key : `${key}?`));
      return keys.length > 6 ? `{ ${keys.slice(0, 6).join(", ")}, ... }` : `{ ${keys.join(", ")} }`;
    }
    const values = schema.additionalProperties;
    if (values === undefined || values === false) return "object";
    const keys = schema.propertyNames ? this.text(schema.propertyNames, depth + 1, resolving) : "string";
    const valueText = this.text(values, depth + 1, resolving);
    if (keys === "string" && valueText === "JSON value") return JSON_OBJECT;
    return `map of ${keys.includes("|") ? "feature name" : keys} to ${valueText}`;
  }
}

/**
 * The type of `schema`, a node of the document `root` (whose `$defs` its references point into).
 * `depth` 0 spells out an object's keys; deeper objects read `object`.
 */
export function typeText(schema: JsonSchema | boolean | undefined, root: JsonSchema, depth = 0): string {
  return new TypeWriter(root.$defs ?? {}).text(schema, depth);
}
