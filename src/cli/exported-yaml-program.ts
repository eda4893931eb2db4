/**
 * The Pulumi YAML program `export --format yaml-program` writes: the resources of the exported
 * manifest (`declared-resources.ts`) on the provider plugin, each with its import id as the
 * `import:` resource option (the form of its type, `provider/model/import-id.ts`, filled from its
 * inputs and the platform ids read), so that the first `pulumi up` imports every object and creates
 * none. An input filled by another resource's output is written as that output
 * (`${company.companyId}`); a placeholder of the manifest becomes a config value of the program.
 * Pure: no I/O.
 */
import { ADOPT_INPUT } from "../provider/model/definition";
import { importIdFrom, importIdOf, ownIdOf } from "../provider/model/import-id";
import { definitions } from "../resources/registry";
import type { TenantSnapshot } from "../tenant/read-tenant";
import { type DeclaredResource, OutputReference, StackValueReference } from "./declared-resources";
import { programNotes, type StackValue } from "./export-document";
import {
  ProgramConfig,
  ProgramReference,
  type ProgramResource,
  programKey,
  type YamlProgram,
} from "./yaml-program";

/** What the program says besides its resources. */
export interface ExportedProgramContext {
  companyId: string;
  project: string;
  stackValues: readonly StackValue[];
  notes: readonly string[];
}

/** The program of `resources` (declaration order), their platform ids read from `snapshot`. */
export function exportedYamlProgram(
  resources: readonly DeclaredResource[],
  snapshot: TenantSnapshot,
  context: ExportedProgramContext,
): YamlProgram {
  const entities = new Map<string, Record<string, unknown>>();
  for (const objects of Object.values(snapshot.objects))
    for (const { entity } of objects) entities.set(entity.id, entity);
  entities.set(snapshot.company.id, snapshot.company);

  const taken = new Set<string>();
  const keys = new Map(resources.map((resource) => [resource, programKey(resource.name, taken)]));
  const idOutputOf = (resource: DeclaredResource) =>
    definitions[resource.type]?.capabilities?.outputRules?.idOutput ?? "id";
  const adoptIdOf = (resource: DeclaredResource) => {
    const id = resource.inputs[ADOPT_INPUT];
    return typeof id === "string" ? id : undefined;
  };

  /** The value an input holds on the platform: a reference read off the object it names. */
  const plainValue = (value: unknown, path: string): unknown => {
    if (value instanceof OutputReference) {
      const id = adoptIdOf(value.resource);
      const isId = value.output === "id" || value.output === idOutputOf(value.resource);
      const read = isId ? id : id === undefined ? undefined : entities.get(id)?.[value.output];
      if (read === undefined)
        throw new Error(`export: ${path} reads ${value.resource.name}.${value.output}, which was not read`);
      return read;
    }
    if (value instanceof StackValueReference) return undefined;
    if (Array.isArray(value)) return value.map((item, i) => plainValue(item, `${path}[${i}]`));
    if (typeof value === "object" && value !== null)
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, plainValue(item, `${path}.${key}`)]),
      );
    return value;
  };
  const written = (value: unknown): unknown => {
    if (value instanceof OutputReference) {
      const output = value.output === "id" ? idOutputOf(value.resource) : value.output;
      return new ProgramReference(keys.get(value.resource) ?? "", output);
    }
    if (value instanceof StackValueReference) return new ProgramConfig(value.name, value.kind === "secret");
    if (Array.isArray(value)) return value.map(written);
    if (typeof value === "object" && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, written(item)]));
    return value;
  };

  const programResources = resources.map((resource): ProgramResource => {
    const { [ADOPT_INPUT]: _adopt, ...inputs } = resource.inputs;
    const values = plainValue(inputs, resource.name) as Record<string, unknown>;
    return {
      key: keys.get(resource) ?? "",
      name: resource.name,
      type: resource.type,
      properties: written(inputs) as Record<string, unknown>,
      importId: importIdFor(resource, values, adoptIdOf(resource)),
    };
  });
  const company = resources.find((resource) => resource.type === "Company");
  return {
    project: context.project,
    description: `The tenant of company ${context.companyId}, exported by pulumi-travel as a Pulumi YAML program.`,
    header: header(context),
    resources: programResources,
    outputs: company ? { companyId: new ProgramReference(keys.get(company) ?? "", "companyId") } : undefined,
  };
}

/**
 * The import id of `resource`: each segment of its type's form from its inputs, its own id from
 * `adoptId`; optional segments while they have values. Throws naming the segment it lacks.
 */
function importIdFor(resource: DeclaredResource, values: Record<string, unknown>, adoptId?: string): string {
  const definition = definitions[resource.type];
  if (!definition) throw new Error(`export: ${resource.type} is not a type of the registry`);
  const form = importIdOf(definition);
  const own = ownIdOf(definition);
  const built = importIdFrom(form, (name) => {
    const value = values[name] ?? (name === own ? adoptId : undefined);
    return typeof value === "string" ? value : undefined;
  });
  if ("missing" in built)
    throw new Error(
      `export: ${resource.type} ${resource.name} has no ${built.missing} for its import id ${form.form}`,
    );
  return built.id;
}

/** The comment the program opens with: how it imports, what the stack must supply, what is left out. */
function header({ companyId, stackValues, notes }: ExportedProgramContext): string[] {
  const lines = [
    `Exported by \`pulumi-travel export --company ${companyId} --format yaml-program\`:`,
    "every resource carries its import id (the import resource option), so the first `pulumi up`",
    "imports it instead of creating it; then the options may go. It runs on the provider plugin",
    "travel (pulumi-travel plugin install), configured by the stack's travel:* config.",
  ];
  lines.push(...programNotes(stackValues, notes));
  return lines;
}
