/**
 * The manifest sections of plain entries, read off the registry: one per type whose definition
 * declares `tenant.manifest.entries` (the company children). An entry holds the type's writable
 * fields and `adoptId`, and names a parent below the company by the key of the parent's entry
 * (`legalEntity: acme-us`). The manifest schema, its references and `tenantFromManifest` take
 * these sections from here, so a new company child needs no line in any of them.
 */
import { z } from "zod";
import type { RegisteredResource } from "../provider/hosts/dynamic/dynamic-resource";
import { adoptIdField } from "../provider/model/definition";
import { resourceClasses } from "../dynamic/registry";
import { referenceTo, STAND_IN_ID, vendorRules } from "./entries";

/** One section of plain entries. */
export interface PlainSection {
  type: string;
  section: string;
  /** The class each entry declares. */
  Resource: RegisteredResource;
  /** The entry schema. */
  entry: z.ZodObject;
  /** The parent below the company: its section, the entry key naming it and the input it fills. */
  parent?: { section: string; entryKey: string; input: string } | undefined;
}

/** An entry as its resource's inputs, with stand-ins for the company and the parent it names by key. */
function inputsOf(entry: Record<string, unknown>, parent: { entryKey: string; input: string } | undefined) {
  const { [parent?.entryKey ?? ""]: _key, ...fields } = entry;
  return { ...fields, companyId: STAND_IN_ID, ...(parent ? { [parent.input]: STAND_IN_ID } : {}) };
}

function plainSections(): PlainSection[] {
  const sections = new Map<string, string>();
  for (const { definition } of resourceClasses) {
    const manifest = definition.capabilities?.tenant?.manifest;
    if (manifest !== undefined && "section" in manifest) sections.set(definition.type, manifest.section);
  }
  return resourceClasses.flatMap((Resource): PlainSection[] => {
    const { type, capabilities } = Resource.definition;
    const tenant = capabilities?.tenant;
    const manifest = tenant?.manifest;
    if (manifest === undefined || "omitted" in manifest || manifest.entries === undefined) return [];
    const { fields, parent } = manifest.entries;
    const parentSection = parent === undefined ? undefined : sections.get(parent.type);
    if (parent !== undefined && parentSection === undefined)
      throw new Error(`${type}: its parent type ${parent.type} has no manifest section`);
    const reference = parent && parentSection ? { [parent.entryKey]: referenceTo(parentSection) } : {};
    return [
      {
        type,
        section: manifest.section,
        Resource,
        entry: z
          .strictObject({ ...reference, ...fields, ...adoptIdField })
          .superRefine(vendorRules(Resource.definition, (entry) => inputsOf(entry, parent))),
        parent:
          parent === undefined || parentSection === undefined
            ? undefined
            : { section: parentSection, entryKey: parent.entryKey, input: parent.input },
      },
    ];
  });
}

/** The sections of plain entries, in the registry's order (parents first). */
export const PLAIN_SECTIONS: readonly PlainSection[] = plainSections();
