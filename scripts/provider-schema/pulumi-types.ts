/**
 * JSON Schema (zod's `z.toJSONSchema`, input side) to Pulumi package schema types. Primitives map
 * to primitives, arrays to arrays, records to maps (`additionalProperties`), and each object with
 * properties and each enum to a named type under `types`, named after its place:
 * `travel:index:<Owner><Property>...` (`CompanyPostalAddress`, `ApiUserRole`), so a name changes
 * only when that property does. A schema met again under the same name must be the same type.
 *
 * What Pulumi's types cannot say becomes a {@link Fallback}, listed by the generator:
 * - a union of several shapes (zod `union`, `discriminatedUnion`, a JSON type list): `pulumi.json#/Any`;
 * - a record whose keys zod limits to an enum: a map with string keys (the provider still checks
 *   the keys).
 *
 * Any JSON value (`z.json()`, `z.unknown()`) is `pulumi.json#/Any`, which says exactly that. A
 * literal (`z.literal("RSA")`) is its primitive type, with the value in the description.
 */
import { isJsonValue, type JsonSchema } from "../resource-docs/json-type";

/** The package's type tokens: `travel:index:<Name>`. */
export const TOKEN_PREFIX = "travel:index:";

/** A type reference of the package schema (`typeSpec`). */
export interface TypeSpec {
  type?: "string" | "number" | "integer" | "boolean" | "array" | "object";
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
  $ref?: string;
}

/** A property of an object, a resource or a function (`propertySpec`). */
export interface PropertySpec extends TypeSpec {
  description?: string;
  /** The value an unset property takes (`propertySpec.default`). */
  default?: boolean | number | string;
  secret?: boolean;
  replaceOnChanges?: boolean;
}

/** An object's properties and which are required (`objectTypeSpec`). */
export interface ObjectSpec {
  properties: Record<string, PropertySpec>;
  required?: string[];
}

/** A named type under `types` (`complexTypeSpec`). */
export type ComplexTypeSpec =
  | ({ type: "object"; description?: string } & ObjectSpec)
  | {
      type: "string" | "number" | "integer" | "boolean";
      enum: { value: string | number | boolean; name?: string }[];
    };

/** A place where the schema says less than zod does. */
export interface Fallback {
  /** Where: `Arm.action`, `CompanyFeatures.features{}`. */
  at: string;
  /** What zod declares there and what the schema says instead. */
  reason: string;
}

const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };
type Primitive = "string" | "number" | "integer" | "boolean";

/** `postalAddress` → `PostalAddress`. */
export const pascalCase = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The primitive type of a literal value. */
function literalType(value: unknown): Primitive | undefined {
  if (typeof value === "string") return "string";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return undefined;
}

/** A JSON Schema without the `null` member of a nullable union. */
function withoutNull(schema: JsonSchema): JsonSchema {
  const members = schema.anyOf ?? schema.oneOf;
  const rest = members?.filter((member) => member.type !== "null");
  if (members === undefined || rest === undefined || rest.length !== 1 || rest.length === members.length)
    return schema;
  const { anyOf: _anyOf, oneOf: _oneOf, ...outer } = schema;
  return { ...outer, ...rest[0] };
}

/** The named types of a package schema, filled as JSON Schemas are converted. */
export class TypeCatalog {
  /** The named types, by token. */
  readonly types: Record<string, ComplexTypeSpec> = {};
  /** Every fallback, in the order met. */
  readonly fallbacks: Fallback[] = [];

  /**
   * The properties of an object schema (a resource's inputs, a function's arguments): each
   * property's type, its nested types named `<owner><Property>`; `root` holds the `$defs`.
   */
  objectOf(schema: JsonSchema, owner: string, at = owner): ObjectSpec {
    return this.fields(schema, owner, at, new DefNames(schema));
  }

  /** The properties of an object schema inside the document of `defs`; `at` names it in fallbacks. */
  private fields(schema: JsonSchema, owner: string, at: string, defs: DefNames): ObjectSpec {
    const properties = Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([name, property]) => [
        name,
        this.property(property, `${owner}${pascalCase(name)}`, `${at}.${name}`, defs),
      ]),
    );
    const required = schema.required ?? [];
    return required.length > 0 ? { properties, required } : { properties };
  }

  /** A property: its type and the description zod holds (`.describe()`), with a literal's value. */
  private property(schema: JsonSchema, name: string, at: string, defs: DefNames): PropertySpec {
    const plain = withoutNull(schema);
    const notes = [
      plain.description,
      plain.const === undefined ? undefined : `Always \`${JSON.stringify(plain.const)}\`.`,
      plain.default === undefined || plain.const !== undefined
        ? undefined
        : `Default: \`${JSON.stringify(plain.default)}\`.`,
    ];
    const description = notes.filter((note) => note !== undefined).join(" ");
    const type = this.typeOf(plain, name, at, defs);
    return description === "" ? type : { ...type, description };
  }

  /** The type of `schema`; a named type it needs is `name`. */
  private typeOf(schema: JsonSchema, name: string, at: string, defs: DefNames): TypeSpec {
    const plain = withoutNull(schema);
    if (plain.$ref !== undefined) return this.reference(plain.$ref, name, at, defs);
    if (isJsonValue(plain)) return ANY;
    const union = plain.anyOf ?? plain.oneOf;
    if (union !== undefined) return this.fallback(at, `a union of ${union.length} shapes`);
    if (Array.isArray(plain.type)) return this.fallback(at, `one of the types ${plain.type.join(", ")}`);
    if (plain.enum !== undefined) return this.enumOf(plain.enum, name, at);
    const literal = literalType(plain.const);
    if (literal !== undefined) return { type: literal };
    switch (plain.type) {
      case "string":
      case "number":
      case "integer":
      case "boolean":
        return { type: plain.type };
      case "array":
        return { type: "array", items: this.typeOf(plain.items ?? {}, name, `${at}[]`, defs) };
      case "object":
        return this.objectType(plain, name, at, defs);
      default:
        return ANY;
    }
  }

  /** An object with properties as a named type; a record as a map. */
  private objectType(schema: JsonSchema, name: string, at: string, defs: DefNames): TypeSpec {
    if (schema.properties !== undefined && Object.keys(schema.properties).length > 0) {
      const spec: ComplexTypeSpec = { type: "object", ...this.fields(schema, name, at, defs) };
      return this.named(name, spec);
    }
    const values = schema.additionalProperties;
    if (schema.propertyNames?.enum !== undefined)
      this.fallbacks.push({
        at: `${at}{}`,
        reason: `a record whose keys are one of ${schema.propertyNames.enum.length} names: a map with string keys`,
      });
    const valueType = typeof values === "object" ? this.typeOf(values, name, `${at}{}`, defs) : ANY;
    return { type: "object", additionalProperties: valueType };
  }

  /** A `$ref` into `$defs`: any JSON value, or the named type of the definition (recursive ones too). */
  private reference(ref: string, name: string, at: string, defs: DefNames): TypeSpec {
    const target = defs.target(ref);
    if (isJsonValue(target)) return ANY;
    const known = defs.names.get(ref);
    if (known !== undefined) return { $ref: `#/types/${TOKEN_PREFIX}${known}` };
    defs.names.set(ref, name);
    return this.typeOf(target, name, at, defs);
  }

  /** An enum as a named type of its values' primitive type. */
  private enumOf(values: readonly unknown[], name: string, at: string): TypeSpec {
    const types = new Set(values.map(literalType));
    const [type] = types;
    if (types.size !== 1 || type === undefined)
      return this.fallback(at, "an enum of values of several types");
    const spec: ComplexTypeSpec = { type, enum: enumValues(values) };
    return this.named(name, spec);
  }

  /** A reference to the named type `name`, registered as `spec` (the same spec when met again). */
  private named(name: string, spec: ComplexTypeSpec): TypeSpec {
    const token = `${TOKEN_PREFIX}${name}`;
    const held = this.types[token];
    if (held !== undefined && JSON.stringify(held) !== JSON.stringify(spec))
      throw new Error(`two different types would be named ${token}`);
    this.types[token] = spec;
    return { $ref: `#/types/${token}` };
  }

  private fallback(at: string, what: string): TypeSpec {
    this.fallbacks.push({ at, reason: `${what}: pulumi.json#/Any` });
    return ANY;
  }
}

/**
 * An enum's values, each string value with a name in PascalCase (`COMPANY_ADMIN` is `CompanyAdmin`,
 * `travel-content` is `TravelContent`), so each language spells its members as it spells names
 * (`ApiUserRoleCompanyAdmin` in Go, `ApiUserRole.COMPANY_ADMIN` in Python) instead of splitting
 * the value where codegen guesses a word ends. Values whose names would clash keep no name.
 */
function enumValues(values: readonly unknown[]): { value: string; name?: string }[] {
  const nameOf = (value: unknown) =>
    typeof value === "string" && /^[A-Za-z][A-Za-z0-9_\- ]*$/.test(value)
      ? value
          .split(/[_\- ]+/)
          .filter(Boolean)
          .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
          .join("")
      : undefined;
  const names = values.map(nameOf);
  const unique = new Set(names).size === names.length && names.every((name) => name !== undefined);
  return values.map((value, i) => ({
    value: value as string,
    ...(unique ? { name: names[i] } : {}),
  }));
}

/** The `$defs` of one document and the type names given to them. */
class DefNames {
  readonly names = new Map<string, string>();
  constructor(private readonly root: JsonSchema) {}

  target(ref: string): JsonSchema {
    const target = this.root.$defs?.[ref.replace(/^#\/\$defs\//, "")];
    if (target === undefined) throw new Error(`JSON Schema reference ${ref} has no definition`);
    return target;
  }
}
