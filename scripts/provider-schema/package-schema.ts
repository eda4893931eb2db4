/**
 * The Pulumi package schema of the provider plugin `travel`, derived from the code, never written
 * by hand (https://www.pulumi.com/docs/iac/extending-pulumi/schema/):
 *
 * - `resources["travel:index:<Type>"]`: one per type of the registry. `inputProperties` and
 *   `requiredInputs` from the zod input schema (every input, `adoptId` too); `properties` every
 *   input echoed as an output, the declared outputs and the id output, typed as the Resource class
 *   declares them; `required` the outputs always present (required inputs, inputs with a default,
 *   the id output, declared outputs that are never undefined). Descriptions are the TSDoc the
 *   resource pages show (`scripts/resource-docs/compiler-docs.ts`); `secret` marks `secretInputs`
 *   and `secretOutputs`; `replaceOnChanges` marks `replaceOn` (a `replaceWhen` input replaces only
 *   sometimes: its description says when); `listInputs` what `pulumi do <token> list` takes
 *   (`list-inputs.ts`), for every type the plugin can list;
 * - `types`: the named object and enum types of those inputs (`pulumi-types.ts`), named
 *   `<Type><Property>...`;
 * - `functions["travel:index:<name>"]`: one per provider function (`PROVIDER_FUNCTIONS`), inputs
 *   and outputs from its zod schemas; a function named `get<Type>` for a type of the registry
 *   finds that type's objects, and its fields take that type's named types, and its descriptions
 *   where zod holds none (`.describe()`), and its secret inputs are secret;
 * - `config.variables` and `provider.inputProperties`: the provider settings (`provider-config.ts`).
 *
 * The fallbacks (what Pulumi's types cannot say, `pulumi.json#/Any` instead) are returned with the
 * schema; `npm run provider-schema` prints them and `test/unit/provider-schema.test.ts` lists them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PROVIDER_FUNCTIONS } from "../../src/lookups";
import type { ProviderFunction } from "../../src/provider/model/provider-function";
import {
  compilerDocs,
  compilerView,
  type ResourceDocs,
  type ResourceEntry,
  resourceEntries,
} from "../resource-docs/compiler-docs";
import { inputJsonSchema } from "../resource-docs/json-type";
import { type ListInputsSpec, listInputsSpec } from "./list-inputs";
import { providerConfig } from "./provider-config";
import {
  type ComplexTypeSpec,
  type Fallback,
  type ObjectSpec,
  pascalCase,
  type PropertySpec,
  TOKEN_PREFIX,
  TypeCatalog,
  type TypeSpec,
} from "./pulumi-types";
import { replaceOnOf } from "../../src/provider/model/replace-rules";

/** The package's name: the plugin is `pulumi-resource-travel`, tokens `travel:index:<Name>`. */
export const PACKAGE_NAME = "travel";

/** Where the schema is written, relative to the repository root (shipped in the npm package). */
export const PACKAGE_SCHEMA_PATH = "schemas/pulumi-package.json";

/** A resource of the package schema (`resourceSpec`). */
export interface ResourceSpec extends ObjectSpec {
  description: string;
  inputProperties: Record<string, PropertySpec>;
  requiredInputs?: string[];
  /** What `pulumi do <token> list` takes (`list-inputs.ts`); absent when the type cannot be listed. */
  listInputs?: ListInputsSpec;
}

/** A function of the package schema (`functionSpec`). */
export interface FunctionSpec {
  description: string;
  inputs: ObjectSpec;
  outputs: ObjectSpec;
}

/** The package schema, as far as this generator writes it. */
export interface PackageSchema {
  name: string;
  displayName: string;
  version: string;
  description: string;
  keywords: string[];
  license: string;
  logoUrl: string;
  publisher: string;
  /** Where the engine downloads the plugin from when a program needs it (docs/plugin.md). */
  pluginDownloadURL: string;
  meta: { moduleFormat: string };
  language: Record<string, Record<string, unknown>>;
  config: { variables: Record<string, PropertySpec> };
  provider: { description: string; inputProperties: Record<string, PropertySpec> };
  resources: Record<string, ResourceSpec>;
  types: Record<string, ComplexTypeSpec>;
  functions: Record<string, FunctionSpec>;
}

/**
 * The project's release location: the GitHub releases of pulumi-travel/pulumi-travel, each holding
 * `npm run plugin:release`'s tarball (the engine fetches
 * `.../releases/download/v<version>/pulumi-resource-travel-v<version>-<os>-<arch>.tar.gz`).
 */
export const PLUGIN_DOWNLOAD_URL = "github://api.github.com/pulumi-travel/pulumi-travel";

/** The schema and where it says less than zod does. */
export interface GeneratedSchema {
  schema: PackageSchema;
  fallbacks: Fallback[];
}

/** Sentences joined, the empty ones left out. */
const sentences = (...parts: (string | undefined)[]) =>
  parts.filter((part) => part !== undefined && part !== "").join(" ");

/** The schema type of a declared output's TypeScript type (`string | undefined`, `boolean`, `string[]`). */
function outputType(text: string, at: string, fallbacks: Fallback[]): { type: TypeSpec; optional: boolean } {
  const members = text.split("|").map((member) => member.trim());
  const optional = members.includes("undefined");
  const value = members.filter((member) => member !== "undefined").join(" | ");
  const primitive = ["string", "number", "boolean"].find((name) => name === value);
  if (primitive !== undefined) return { type: { type: primitive as "string" }, optional };
  if (value === "string[]") return { type: { type: "array", items: { type: "string" } }, optional };
  fallbacks.push({ at, reason: `the output type ${value}: pulumi.json#/Any` });
  return { type: { $ref: "pulumi.json#/Any" }, optional };
}

/** The resource spec of one type of the registry. */
function resourceSpec(entry: ResourceEntry, docs: ResourceDocs, catalog: TypeCatalog): ResourceSpec {
  const { definition, className } = entry;
  const schema = inputJsonSchema(definition.inputs);
  const { properties: inputs, required = [] } = catalog.objectOf(schema, className);
  const replaceOn: readonly string[] = replaceOnOf(definition);
  const conditional: readonly string[] = definition.capabilities?.replacement?.replaceWhen?.inputs ?? [];
  const secretInputs: readonly string[] = definition.capabilities?.secrets?.secretInputs ?? [];
  const secretOutputs: readonly string[] = definition.capabilities?.secrets?.secretOutputs ?? [];
  for (const reserved of ["id", "urn"])
    if (reserved in inputs || definition.outputs.includes(reserved))
      throw new Error(`${className}: "${reserved}" is reserved in a Pulumi resource; rename the property`);

  const inputProperties: Record<string, PropertySpec> = {};
  for (const [name, spec] of Object.entries(inputs)) {
    const when =
      conditional.includes(name) && definition.capabilities?.replacement?.replaceWhen
        ? `Changing it replaces the resource when ${definition.capabilities?.replacement?.replaceWhen.when}; otherwise the change is made in place.`
        : undefined;
    inputProperties[name] = {
      ...spec,
      description: sentences(docs.inputs[name], spec.description, when),
      ...(secretInputs.includes(name) ? { secret: true } : {}),
      ...(replaceOn.includes(name) ? { replaceOnChanges: true } : {}),
    };
  }

  const properties: Record<string, PropertySpec> = { ...inputProperties };
  const always = new Set([
    ...required,
    ...Object.keys(inputs).filter((name) => schema.properties?.[name]?.default !== undefined),
  ]);
  const declared = [
    ...definition.outputs,
    ...(definition.capabilities?.outputRules?.idOutput === undefined
      ? []
      : [definition.capabilities?.outputRules?.idOutput]),
  ];
  for (const name of declared.filter((output) => !(output in inputs))) {
    const output = docs.outputs.find((candidate) => candidate.name === name);
    if (output === undefined)
      throw new Error(`${className} does not declare its output ${name} on the class`);
    const { type, optional } = outputType(output.type, `${className}.${name} (output)`, catalog.fallbacks);
    const idNote =
      name === definition.capabilities?.outputRules?.idOutput ? "Equals the resource's `id`." : undefined;
    properties[name] = {
      ...type,
      description: sentences(output.doc, idNote),
      ...(secretOutputs.includes(name) ? { secret: true } : {}),
    };
    if (!optional || name === definition.capabilities?.outputRules?.idOutput) always.add(name);
  }
  for (const name of secretOutputs)
    if (properties[name] !== undefined) properties[name] = { ...properties[name], secret: true };

  const listInputs = listInputsSpec(definition, className);
  return {
    description: docs.summary,
    properties,
    required: Object.keys(properties).filter((name) => always.has(name)),
    inputProperties,
    ...(required.length > 0 ? { requiredInputs: required } : {}),
    ...(listInputs === undefined ? {} : { listInputs }),
  };
}

/** The function spec of a provider function; `resource` names the type it finds, if any. */
function functionSpec(
  fn: ProviderFunction,
  resource: (ResourceEntry & { docs: ResourceDocs }) | undefined,
  catalog: TypeCatalog,
): FunctionSpec {
  const owner = resource?.className ?? pascalCase(fn.name);
  const at = fn.name;
  const secrets: readonly string[] = resource?.definition.capabilities?.secrets?.secretInputs ?? [];
  const described = (object: ObjectSpec): ObjectSpec => ({
    ...object,
    properties: Object.fromEntries(
      Object.entries(object.properties).map(([name, spec]) => {
        const description = spec.description ?? resource?.docs.inputs[name];
        return [
          name,
          {
            ...spec,
            ...(description === undefined || description === "" ? {} : { description }),
            ...(secrets.includes(name) ? { secret: true } : {}),
          },
        ];
      }),
    ),
  });
  return {
    description: fn.description,
    inputs: described(catalog.objectOf(inputJsonSchema(fn.args), owner, at)),
    outputs: described(catalog.objectOf(inputJsonSchema(fn.result), owner, `${at}()`)),
  };
}

/** The `language` section: each SDK's package name, and its version taken from the schema. */
function languages(): PackageSchema["language"] {
  return {
    go: {
      importBasePath: "github.com/pulumi-travel/pulumi-travel/sdk/go/travel",
      generateResourceContainerTypes: true,
      respectSchemaVersion: true,
    },
    nodejs: { packageName: "@pulumi-travel/travel", respectSchemaVersion: true },
    python: { packageName: "pulumi_travel", respectSchemaVersion: true },
    csharp: { rootNamespace: "PulumiTravel", respectSchemaVersion: true },
  };
}

/** The keys of `record`, sorted, as a new record. */
const sortedByKey = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

/** The package schema of the repository at `root`, and its fallbacks. */
export function generateProviderSchema(root: string): GeneratedSchema {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    version: string;
    license: string;
  };
  const view = compilerView(root);
  const entries = resourceEntries();
  const docs = compilerDocs(
    view,
    entries.map((entry) => entry.className),
    () => undefined,
  );
  const docsOf = (className: string) => {
    const found = docs[className];
    if (found === undefined) throw new Error(`no docs read for ${className}`);
    return found;
  };
  const catalog = new TypeCatalog();

  const resources: Record<string, ResourceSpec> = {};
  for (const entry of entries)
    resources[`${TOKEN_PREFIX}${entry.className}`] = resourceSpec(entry, docsOf(entry.className), catalog);

  const functions: Record<string, FunctionSpec> = {};
  for (const fn of PROVIDER_FUNCTIONS) {
    const entry = entries.find((candidate) => `get${candidate.className}` === fn.name);
    const resource = entry === undefined ? undefined : { ...entry, docs: docsOf(entry.className) };
    functions[`${TOKEN_PREFIX}${fn.name}`] = functionSpec(fn, resource, catalog);
  }

  const config = providerConfig(view);
  const schema: PackageSchema = {
    name: PACKAGE_NAME,
    displayName: "Travel",
    version: pkg.version,
    description:
      "Resources of a corporate travel platform: companies, their legal entities, offices, cost " +
      "centers, departments, grades, custom fields, settings, RBAC roles, API users and keys.",
    keywords: ["pulumi", "travel", "category/utility", "kind/native"],
    license: pkg.license,
    logoUrl: "https://www.pulumi.com/logos/brand/avatar-on-white.png",
    publisher: "pulumi-travel",
    pluginDownloadURL: PLUGIN_DOWNLOAD_URL,
    meta: { moduleFormat: "(.*)" },
    language: languages(),
    config: { variables: config },
    provider: {
      description:
        "The provider of the travel platform's resources. Each setting may also come from its " +
        "`TRAVEL_*` environment variable, which wins over the stack config.",
      inputProperties: config,
    },
    resources,
    types: sortedByKey(catalog.types),
    functions,
  };
  return { schema, fallbacks: catalog.fallbacks };
}

/** The schema file's text: the JSON, two-space indented, with a final newline. */
export function packageSchemaText(schema: PackageSchema): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
