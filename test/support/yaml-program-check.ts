/**
 * A Pulumi YAML program checked against a Pulumi package schema without the engine: every
 * resource's type exists, its properties are inputs of that type, its required inputs are given,
 * and each literal value has the schema's type (nested object types and enums included); every
 * `fn::invoke` names a function of the schema, with its arguments and `return` among that
 * function's inputs and outputs. An interpolation (`${...}`) or another `fn::` call stands for a
 * value of any type, as the engine learns it only when it runs.
 */
import { parse } from "yaml";

/** A type reference of the package schema. */
interface TypeSpec {
  type?: string;
  $ref?: string;
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
}

/** An object type of the package schema (a resource's inputs, a named type, a function's inputs). */
interface ObjectSpec {
  properties?: Record<string, TypeSpec>;
  required?: string[];
}

/** What of a package schema the check reads. */
export interface PackageSchema {
  resources: Record<string, { inputProperties?: Record<string, TypeSpec>; requiredInputs?: string[] }>;
  types: Record<string, ObjectSpec & { type?: string; enum?: { value: unknown }[] }>;
  functions: Record<string, { inputs?: ObjectSpec; outputs?: ObjectSpec }>;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A value only the engine knows: a whole-string interpolation or a `fn::` call. */
function isComputed(value: Json): boolean {
  if (typeof value === "string") return /^\$\{[^}]+\}$/.test(value);
  const keys = isObject(value) ? Object.keys(value) : [];
  return keys.length === 1 && keys.every((key) => key.startsWith("fn::"));
}

/** The problems of `value` at `path` against `spec`. */
function valueProblems(value: Json, spec: TypeSpec, path: string, schema: PackageSchema): string[] {
  if (isComputed(value)) return [];
  if (spec.$ref === "pulumi.json#/Any") return [];
  if (spec.$ref !== undefined) {
    const token = spec.$ref.replace(/^#\/types\//, "");
    const type = schema.types[token];
    if (type === undefined) return [`${path}: the schema has no type ${token}`];
    if (type.enum !== undefined)
      return type.enum.some((member) => member.value === value)
        ? []
        : [`${path}: ${JSON.stringify(value)} is not one of ${type.enum.map((m) => m.value).join(", ")}`];
    return objectProblems(value, type, path, schema);
  }
  switch (spec.type) {
    case "string":
      return typeof value === "string" ? [] : [`${path}: expected a string, got ${JSON.stringify(value)}`];
    case "boolean":
      return typeof value === "boolean" ? [] : [`${path}: expected a boolean, got ${JSON.stringify(value)}`];
    case "number":
      return typeof value === "number" ? [] : [`${path}: expected a number, got ${JSON.stringify(value)}`];
    case "integer":
      return Number.isInteger(value) ? [] : [`${path}: expected an integer, got ${JSON.stringify(value)}`];
    case "array":
      if (!Array.isArray(value)) return [`${path}: expected a list`];
      return value.flatMap((item, index) =>
        valueProblems(item, spec.items ?? {}, `${path}[${index}]`, schema),
      );
    case "object":
      if (!isObject(value)) return [`${path}: expected a map`];
      return Object.entries(value).flatMap(([key, item]) =>
        spec.additionalProperties
          ? valueProblems(item, spec.additionalProperties, `${path}.${key}`, schema)
          : [],
      );
    default:
      return [`${path}: the schema gives no type`];
  }
}

/** The problems of `value` at `path` as an object of `spec`'s properties. */
function objectProblems(value: Json, spec: ObjectSpec, path: string, schema: PackageSchema): string[] {
  if (!isObject(value)) return [`${path}: expected a map`];
  const properties = spec.properties ?? {};
  const missing = (spec.required ?? []).filter((name) => !(name in value));
  return [
    ...missing.map((name) => `${path}: the required property ${name} is missing`),
    ...Object.entries(value).flatMap(([name, item]) => {
      const property = properties[name];
      if (property === undefined)
        return [`${path}: ${name} is not a property (one of ${Object.keys(properties).join(", ")})`];
      return valueProblems(item, property, `${path}.${name}`, schema);
    }),
  ];
}

/** A scalar's text (a name, a token); a list or map reads as its JSON. */
const scalarText = (value: Json | undefined): string =>
  typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);

/** The problems of every `fn::invoke` in `value` (at any depth). */
function invokeProblems(value: Json, path: string, schema: PackageSchema): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => invokeProblems(item, `${path}[${index}]`, schema));
  if (!isObject(value)) return [];
  const nested = Object.entries(value).flatMap(([key, item]) =>
    invokeProblems(item, `${path}.${key}`, schema),
  );
  const invoke = value["fn::invoke"];
  if (!isObject(invoke)) return nested;
  const token = scalarText(invoke.function);
  const fn = schema.functions[token];
  if (fn === undefined) return [...nested, `${path}: the schema has no function ${token}`];
  const returned = invoke.return;
  const outputs = Object.keys(fn.outputs?.properties ?? {});
  return [
    ...nested,
    ...objectProblems(invoke.arguments ?? {}, fn.inputs ?? {}, `${path} (${token})`, schema),
    ...(returned === undefined || outputs.includes(scalarText(returned))
      ? []
      : [`${path}: ${token} returns no ${scalarText(returned)} (one of ${outputs.join(", ")})`]),
  ];
}

/** The problems of the Pulumi YAML program `text` against `schema`; empty when it checks. */
export function yamlProgramProblems(text: string, schema: PackageSchema): string[] {
  const program = parse(text) as { resources?: Record<string, Json>; variables?: Record<string, Json> };
  const resources = Object.entries(program.resources ?? {}).flatMap(([name, resource]) => {
    if (!isObject(resource)) return [`${name}: not a map`];
    const token = scalarText(resource.type);
    const type = schema.resources[token];
    if (type === undefined) return [`${name}: the schema has no resource ${token}`];
    const inputs = { properties: type.inputProperties ?? {}, required: type.requiredInputs ?? [] };
    return objectProblems(resource.properties ?? {}, inputs, `${name} (${token})`, schema);
  });
  return [
    ...resources,
    ...invokeProblems(program.resources ?? {}, "resources", schema),
    ...invokeProblems(program.variables ?? {}, "variables", schema),
  ];
}
