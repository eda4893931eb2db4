/**
 * The export document being built, with its bookkeeping (keys, placeholders, notes, counts), and
 * the shapes that describe an export: shared by `manifest-from-tenant.ts` and the section writers.
 */
import type { ExportContext, Json, StackValue } from "../manifest/section-codec";
import type { Entity } from "../provider/model/tenant-facts";
import type { TenantSnapshot } from "../tenant/read-tenant";
import { kebabCase, manifestKeys } from "./manifest-keys";

export type { Json, StackValue } from "../manifest/section-codec";

/** The command that sets `value` in a stack's config (a secret, or a value the platform does not return). */
export function configSetCommand(value: StackValue): string {
  return value.secret
    ? `pulumi config set --secret ${value.name} <value>    # ${value.path}`
    : `pulumi config set ${value.name} -- "$(cat <public key PEM file>)"    # ${value.path}: not returned by the platform`;
}

/**
 * The lines an exported program's header closes with: the `pulumi config set` commands for the
 * values the stack must supply, and what the platform holds that the program does not.
 */
export function programNotes(stackValues: readonly StackValue[], notes: readonly string[]): string[] {
  const lines: string[] = [];
  if (stackValues.length > 0)
    lines.push(
      "",
      "Set these in each stack before `pulumi up` (the program reads them from its config):",
      ...stackValues.map((value) => `  ${configSetCommand(value)}`),
    );
  if (notes.length > 0) lines.push("", "Not in the program:", ...notes.map((note) => `  ${note}`));
  return lines;
}

/** A section `export` writes, in the registry's order: plain entries (a company child's), or a codec's. */
export interface ExportSection {
  type: string;
  section: string;
  /** For plain entries, what the definition declares; absent: the type's codec writes the section. */
  plain?:
    | {
        /** The fields an entry holds (those the platform returns). */
        fields: readonly string[];
        /** A parent below the company, named by the key of its entry (`legalEntity: acme-us`). */
        parent?: { type: string; input: string; entryKey: string } | undefined;
      }
    | undefined;
}

/** What shapes an export beyond the snapshot: read off the registry by {@link currentExportShape}. */
export interface ExportShape {
  /** The secret inputs of each section's resource (`secretInputs` of its definition). */
  secretInputs: Partial<Record<string, readonly string[]>>;
  /** The sections to write, in the registry's order (parents first). */
  sections: readonly ExportSection[];
  /** The sections export cannot fill, with the reason their definitions give. */
  omitted: readonly { section: string; reason: string }[];
  /**
   * `values` of a `type` as its input schema declares them, at every depth: what an import of the
   * object records. A property an answer adds that no input declares is left out.
   */
  inputsOf(type: string, values: Json): Json;
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

/** The document being built, with its bookkeeping; shared by the section writers. */
export class ExportDocument implements ExportContext {
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

  /** Keys for `objects` unique among themselves (such as the arms of one field), not kept. */
  keysAmong(objects: readonly Entity[], stem: string): Map<string, string> {
    return manifestKeys(objects, stem);
  }

  /** The key of object `id` of `type` (keys are made for every object read). */
  keyOf(type: string, id: string): string {
    const key = this.keysOf(type).get(id);
    if (key === undefined) throw new Error(`export: no manifest key for ${type} ${id}`);
    return key;
  }

  /** `values` of `type` as its input schema declares them, at every depth. */
  inputsOf(type: string, values: Json): Json {
    return this.shape.inputsOf(type, values);
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
