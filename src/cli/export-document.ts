/**
 * The export document being built, with its bookkeeping (keys, placeholders, notes, counts), and
 * the shapes that describe an export: shared by `manifest-from-tenant.ts` and the section writers.
 */
import type { Entity } from "../provider/tenant-facts";
import type { TenantSnapshot } from "../tenant/read-tenant";
import { kebabCase, manifestKeys } from "./manifest-keys";

/** A manifest document or entry. */
export type Json = Record<string, unknown>;

/** A section of plain entries (a company child's), with what its definition declares. */
export interface PlainSection {
  type: string;
  section: string;
  /** The fields an entry holds (those the platform returns). */
  fields: readonly string[];
  /** A parent below the company, named by the key of its entry (`legalEntity: acme-us`). */
  parent?: { type: string; input: string; entryKey: string } | undefined;
}

/** What shapes an export beyond the snapshot: read off the registry by {@link currentExportShape}. */
export interface ExportShape {
  /** The secret inputs of each section's resource (`secretInputs` of its definition). */
  secretInputs: Partial<Record<string, readonly string[]>>;
  /** The sections of plain entries, parents first. */
  plain: readonly PlainSection[];
  /** The sections export cannot fill, with the reason their definitions give. */
  omitted: readonly { section: string; reason: string }[];
}

/** A value the file does not hold: a placeholder reads it from the stack's config or secrets. */
export interface StackValue {
  /** The config name the placeholder reads. */
  name: string;
  /** Where it is used, such as `legalEntities.acme-us.ein`. */
  path: string;
  /** A secret input (`${secret:...}`); otherwise a value the platform does not return. */
  secret: boolean;
}

/** The export: the document, what it needs from stack config, and what it left out. */
export interface ExportResult {
  document: Json;
  /** Placeholders to set with `pulumi config set [--secret]` before `pulumi up`. */
  stackValues: StackValue[];
  /** What the platform holds that the manifest does not (and why). */
  notes: string[];
  /** Entries written per section. */
  counts: Record<string, number>;
}

/** The values of `fields` that `entity` holds (null and undefined left out). */
export function pick(entity: Json, fields: readonly string[]): Json {
  const out: Json = {};
  for (const field of fields) {
    const value = entity[field];
    if (value !== undefined && value !== null) out[field] = value;
  }
  return out;
}

/** The document being built, with its bookkeeping; shared by the section writers. */
export class ExportDocument {
  readonly document: Json = {};
  readonly stackValues: StackValue[] = [];
  readonly notes: string[] = [];
  readonly counts: Record<string, number> = {};
  /** Manifest keys by type, then platform id. */
  private readonly keys = new Map<string, Map<string, string>>();

  constructor(
    readonly snapshot: TenantSnapshot,
    readonly shape: ExportShape,
  ) {}

  /** The objects of `type` as read. */
  entities(type: string): Entity[] {
    return (this.snapshot.objects[type] ?? []).map(({ entity }) => entity);
  }

  /** The manifest key of each object of `type` by id (fallback stem: the type, kebab-cased). */
  keysOf(type: string, objects: readonly Entity[] = this.entities(type)): Map<string, string> {
    const known = this.keys.get(type);
    if (known !== undefined) return known;
    const keys = manifestKeys(objects, kebabCase(type));
    this.keys.set(type, keys);
    return keys;
  }

  /** The key of object `id` of `type` (keys are made for every object read). */
  keyOf(type: string, id: string): string {
    const key = this.keysOf(type).get(id);
    if (key === undefined) throw new Error(`export: no manifest key for ${type} ${id}`);
    return key;
  }

  /** `entry` with the secret inputs of `section` replaced by placeholders. */
  sealed(section: string, key: string | undefined, entry: Json): Json {
    for (const field of this.shape.secretInputs[section] ?? []) {
      if (entry[field] === undefined) continue;
      const path = key === undefined ? `${section}.${field}` : `${section}.${key}.${field}`;
      const name = path.replaceAll(".", "-");
      entry[field] = `\${secret:${name}}`;
      this.stackValues.push({ name, path, secret: true });
    }
    return entry;
  }

  /** Writes a keyed section (nothing when empty) and counts it. */
  keyed(section: string, entries: Record<string, Json>): void {
    const count = Object.keys(entries).length;
    this.counts[section] = count;
    if (count > 0) this.document[section] = entries;
  }
}
