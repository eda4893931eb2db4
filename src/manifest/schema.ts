/**
 * The tenant manifest: one YAML document declaring a whole tenant. Its sections are read off the
 * registry in its order ({@link MANIFEST_SECTIONS}): a company child's entries are derived from
 * its definition (`plain-sections.ts`), any other section's schema is its codec's
 * (`sections/`), itself derived from the input schema of the resource it declares (parent ids
 * removed, references to other entries by manifest key added), so the manifest cannot drift from
 * the resources.
 */
import { z } from "zod";
import { keyedSection, manifestKeySchema } from "./entries";
import { MANIFEST_SECTIONS } from "./sections";

/** Each section's schema, by section. */
const sectionsShape: Record<string, z.ZodType> = Object.fromEntries(
  MANIFEST_SECTIONS.map(({ section, plain, codec }) => [
    section,
    plain === undefined ? codec.schema : keyedSection(plain.entry),
  ]),
);

/** The manifest document. */
export const manifestSchema = z
  .strictObject({
    /** JSON Schema of the file, for editors. */
    $schema: z.string().optional(),
    ...sectionsShape,
  })
  .meta({ title: "pulumi-travel tenant manifest" });

/** The sections of a manifest, by section (each as its schema in {@link manifestSchema} gives it). */
type Sections = { readonly [section: string]: unknown };

/** A validated manifest. */
export type TenantManifest = z.output<typeof manifestSchema> & Sections;

/** A manifest as written. */
export type TenantManifestInput = z.input<typeof manifestSchema> & Sections;

/** True when a section's value is entries by manifest key (maybe optional). */
function isKeyed(schema: z.ZodType): boolean {
  const value = schema instanceof z.ZodOptional ? schema.unwrap() : schema;
  return value instanceof z.ZodRecord && value.keyType === manifestKeySchema;
}

/** The sections whose entries are keyed, in the order resources are declared. */
export const KEYED_SECTIONS: readonly string[] = MANIFEST_SECTIONS.flatMap(({ section, plain, codec }) =>
  plain !== undefined || isKeyed(codec.schema) ? [section] : [],
);

/**
 * A place that holds a manifest key, and the section the key names. In `at`, `*` stands for any
 * key of a map and `#` for any index of a list; the referring entry is `<section>.<key>` (or the
 * section, for a list such as `customFieldOrder`).
 */
export interface ReferenceSite {
  at: readonly string[];
  target: string;
}

/** Every place in the manifest that refers to another entry by key. */
export const REFERENCES: readonly ReferenceSite[] = MANIFEST_SECTIONS.flatMap(
  ({ section, plain, codec }): ReferenceSite[] => {
    if (plain === undefined)
      return (codec.references ?? []).map(({ at, target }) => ({ at: [section, ...at], target }));
    const { parent } = plain;
    return parent === undefined ? [] : [{ at: [section, "*", parent.entryKey], target: parent.section }];
  },
);
