/**
 * Turns a live tenant (a {@link TenantSnapshot}) into a tenant manifest document, for
 * `pulumi-travel export`: every object carries its platform id as `adoptId`, objects refer to
 * each other by manifest key, keys are derived from externalIds or names, and no secret is
 * written (a secret input becomes a `${secret:...}` placeholder). Pure: no I/O.
 *
 * What to write comes from the registry ({@link currentExportShape}), in its order: the sections of
 * plain entries (company children) are written from their definitions' manifest facts alone; any
 * other section by its codec (`manifest/sections/`); a type whose objects cannot be read is noted
 * with the reason its definition gives.
 */
import { stringify } from "yaml";
import { pick } from "../manifest/section-codec";
import { codecOf, ownSection } from "../manifest/sections";
import { importedInputs } from "../provider/model/normalize";
import type { DefinitionRegistry } from "../provider/operations/runtime";
import type { TenantSnapshot } from "../tenant/read-tenant";
import {
  ExportDocument,
  type ExportResult,
  type ExportSection,
  type ExportShape,
  type Json,
} from "./export-document";

export type { ExportResult, ExportShape, StackValue } from "./export-document";

/** The shape of this version, read off the resource definitions. */
export function currentExportShape(definitions: DefinitionRegistry): ExportShape {
  const secretInputs: Record<string, readonly string[]> = {};
  const sections: ExportSection[] = [];
  const omitted: { section: string; reason: string }[] = [];
  for (const [type, { capabilities }] of Object.entries(definitions)) {
    const { tenant, secrets: { secretInputs: secret } = {} } = capabilities ?? {};
    if (tenant === undefined || "omitted" in tenant.manifest) continue;
    const { section, entries } = tenant.manifest;
    if (secret !== undefined && secret.length > 0 && secretInputs[section] === undefined)
      secretInputs[section] = secret;
    if ("omitted" in tenant.inventory) omitted.push({ section, reason: tenant.inventory.omitted });
    else if (entries !== undefined)
      sections.push({ type, section, plain: { fields: entries.exported, parent: entries.parent } });
    else if (ownSection(tenant.manifest) !== undefined) sections.push({ type, section });
  }
  const inputsOf = (type: string, values: Json): Json => {
    const definition = definitions[type];
    return definition ? importedInputs(definition, values) : values;
  };
  return { secretInputs, sections: parentsFirst(sections), omitted, inputsOf };
}

/** `sections` with each after the section of its parent type (otherwise in the registry's order). */
function parentsFirst(sections: readonly ExportSection[]): ExportSection[] {
  const depth = (section: ExportSection, seen = 0): number => {
    const parent = sections.find((candidate) => candidate.type === section.plain?.parent?.type);
    return parent === undefined || seen > sections.length ? 0 : 1 + depth(parent, seen + 1);
  };
  return [...sections].sort((a, b) => depth(a) - depth(b));
}

/** Writes the entries of a plain section: the declared fields, the parent's key, the adoptId. */
function writePlain(
  out: ExportDocument,
  type: string,
  section: string,
  { fields, parent }: NonNullable<ExportSection["plain"]>,
): void {
  const objects = out.snapshot.objects[type] ?? [];
  const entries: Record<string, Json> = {};
  for (const { entity, parents } of objects) {
    const key = out.keyOf(type, entity.id);
    const parentId = parent === undefined ? undefined : parents[parent.input];
    const reference =
      parent && parentId !== undefined ? { [parent.entryKey]: out.keyOf(parent.type, parentId) } : {};
    const inputs = out.inputsOf(type, pick(entity, fields));
    entries[key] = out.sealed(section, key, { ...reference, ...inputs, adoptId: entity.id });
  }
  out.keyed(section, entries);
}

/** Builds the manifest of `snapshot`. */
export function manifestFromTenant(snapshot: TenantSnapshot, shape: ExportShape): ExportResult {
  const out = new ExportDocument(snapshot, shape);
  for (const { type, section, plain } of shape.sections) {
    if (plain !== undefined) writePlain(out, type, section, plain);
    else {
      const codec = codecOf(type);
      if (codec.write === undefined)
        throw new Error(`${type}: its inventory lists objects, and its codec does not write them`);
      codec.write(out, section);
    }
  }
  for (const { section, reason } of shape.omitted) out.notes.push(`${section}: not exported: ${reason}`);
  const { document, stackValues, notes, counts } = out;
  return { document, stackValues, notes, counts };
}

/** The manifest as YAML: keys sorted at every level, so a re-export diffs cleanly in git. */
export function manifestYaml(document: Json, companyId: string): string {
  const header =
    `# Exported by \`pulumi-travel export --company ${companyId}\`: every object carries its platform id\n` +
    "# as adoptId, so the first `pulumi up` adopts it instead of creating it.\n" +
    "# yaml-language-server: $schema=node_modules/pulumi-travel/schemas/tenant-manifest.schema.json\n";
  return header + stringify(document, { sortMapEntries: true, lineWidth: 0 });
}
