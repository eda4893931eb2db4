/**
 * The codec of a manifest section that is more than plain entries (the company, its settings,
 * custom fields, group roles, API users, partner keys, the tenant key): in one place per type, the
 * section's schema, entry → inputs ({@link SectionCodec.declare}) and platform object → entry
 * ({@link SectionCodec.write}). The manifest schema, `tenantFromManifest` and `export` walk the
 * registry and call the codec of each type (`sections/index.ts`).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { Entity, ParentIds } from "../provider/model/tenant-facts";
import type { AudienceIds } from "./audiences";
import type { Tenant } from "./declared-tenant";
import type { SourcePosition, ValuePath } from "./source-map";

/** A manifest document or entry. */
export type Json = Record<string, unknown>;

/** The resource options of the object at `path`, given the fields of it the resource owns. */
export type OptionsFor = (path?: string[], owns?: (field: string) => boolean) => pulumi.CustomResourceOptions;

/** What a section's declaration gets from `tenantFromManifest`. */
export interface DeclareContext {
  /** The manifest's company (declared first: every other section is under it). */
  readonly companyId: pulumi.Output<string>;
  /** The resource name of `key` (with the tenant's name prefix). */
  name: (key: string) => string;
  /** Options of the object at a path of the manifest (its secret fields made secret outputs). */
  optsFor: OptionsFor;
  /** Options every resource gets. */
  base: pulumi.CustomResourceOptions;
  /** The ids manifest keys stand for in audiences (the company, legal entities by key). */
  audienceIds: AudienceIds<pulumi.Output<string>>;
  /** The whole manifest, validated (an order reads the levels of the fields it names). */
  readonly values: Readonly<Record<string, unknown>>;
  /** What the sections before this one declared (the checkout order names declared fields). */
  readonly tenant: Partial<Tenant>;
  /**
   * The company's id for lookups at preview: its `adoptId` when the manifest adopts it (known
   * before the company is), otherwise {@link companyId}.
   */
  readonly lookupCompanyId: pulumi.Input<string>;
  /** Where a path of the manifest stands in its files; undefined for a manifest given as a value. */
  locate?: ((path: ValuePath) => SourcePosition) | undefined;
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

/** The export being built, as a section's writer sees it (`cli/export-document.ts`). */
export interface ExportContext {
  readonly snapshot: {
    readonly companyId: string;
    readonly company: Entity;
    readonly objects: Readonly<Record<string, readonly { entity: Entity; parents: ParentIds }[]>>;
  };
  readonly document: Json;
  readonly stackValues: StackValue[];
  readonly notes: string[];
  readonly counts: Record<string, number>;
  /** The objects of `type` as read. */
  entities(type: string): Entity[];
  /** The manifest key of each object of `type` by id. */
  keysOf(type: string): Map<string, string>;
  /** The key of object `id` of `type`. */
  keyOf(type: string, id: string): string;
  /** Keys for `objects` unique among themselves (such as the arms of one field). */
  keysAmong(objects: readonly Entity[], stem: string): Map<string, string>;
  /**
   * `values` of `type` as its input schema declares them, at every depth: what the platform holds
   * of the inputs, without the properties an answer adds that no input declares.
   */
  inputsOf(type: string, values: Json): Json;
  /** `entry` with the secret inputs of `section` replaced by placeholders. */
  sealed(section: string, key: string | undefined, entry: Json): Json;
  /** Writes a keyed section (nothing when empty) and counts it. */
  keyed(section: string, entries: Record<string, Json>): void;
}

/**
 * A place in a section that holds another entry's key: `at` below the section (`*` any map key,
 * `#` any list index), `target` the section the key names.
 */
export interface SectionReference {
  at: readonly string[];
  target: string;
}

/** The codec of a section whose value has the schema `S`. */
export interface SectionCodec<S extends z.ZodType = z.ZodType> {
  /** The section's value in the manifest (optional unless the manifest needs it). */
  schema: S;
  /** The places in the section that name other entries by key. */
  references?: readonly SectionReference[];
  /** Entry → inputs: declares the section's resources (the section absent: `undefined`). */
  declare(value: z.output<S>, ctx: DeclareContext, section: string): Partial<Tenant>;
  /**
   * Platform objects → entries: writes the section into the export. Absent when the type's
   * inventory opts out (its definition says why, and `export` notes it).
   */
  write?(out: ExportContext, section: string): void;
}

/** A codec, its value type inferred from its schema. */
export const sectionCodec = <S extends z.ZodType>(codec: SectionCodec<S>): SectionCodec<S> => codec;

/** The values of `fields` that `entity` holds (null and undefined left out). */
export function pick(entity: Json, fields: readonly string[]): Json {
  const out: Json = {};
  for (const field of fields) {
    const value = entity[field];
    if (value !== undefined && value !== null) out[field] = value;
  }
  return out;
}

/** The input names of a schema shape, without `adoptId` and `leave`. */
export const inputNames = (shape: Record<string, unknown>, leave: readonly string[] = []) =>
  Object.keys(shape).filter((key) => key !== "adoptId" && !leave.includes(key));

/**
 * Declares each entry of a keyed section (entries by manifest key) with the options its raw entry
 * calls for (`owns`: the entry's fields the resource holds).
 */
export function eachEntry<E, R>(
  entries: Readonly<Record<string, E>> | undefined,
  ctx: DeclareContext,
  section: string,
  declare: (key: string, entry: E, opts: pulumi.CustomResourceOptions) => R,
  owns?: (field: string) => boolean,
): Record<string, R> {
  return Object.fromEntries(
    Object.entries(entries ?? {}).map(([key, entry]) => [
      key,
      declare(key, entry, ctx.optsFor([section, key], owns)),
    ]),
  );
}
