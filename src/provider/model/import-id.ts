/**
 * The id `pulumi import` takes for a type: the object's own id behind the ids of the parents its
 * read needs (`<companyId>/<costCenterId>`). A type whose objects are not addressed that way (a
 * setting of its company, a key by its kid) declares its own form on its definition.
 */
import type { OutputRules } from "./output-rules";
import { type ReplaceRules, replaceOnOf } from "./replace-rules";
import type { ResourceContext } from "./resource-context";
import type { Values } from "./values";

/** The object an import id names: its id and the inputs its read needs. */
export interface ImportTarget {
  id: string;
  /** The inputs the id names (its parents, a kind): the read's declared inputs. */
  inputs: Values;
}

/** How a type's import id reads. */
export interface ImportIdForm {
  /** The form, for docs and errors: `<companyId>/<costCenterId>`; `[...]` marks optional segments. */
  readonly form: string;
  /** An import id of this form with its required segments, for the docs. */
  readonly example: string;
  /** What the docs say besides the form: what the id states, what an import cannot read. */
  readonly note?: string | undefined;
  /** The named segments of `importId`; undefined when it lacks the form. Never asks the platform. */
  segments(importId: string): Record<string, string> | undefined;
  /**
   * The object the segments name. Asks the platform only when the id is not the object's own (a
   * partner key's kid); throws naming the segment and the reason when the segments name nothing
   * the type can import.
   */
  locate(segments: Record<string, string>, ctx: ResourceContext): Promise<ImportTarget>;
}

/** The parent ids an import id may name, outermost first. */
const PARENT_IDS = ["companyId", "legalEntityId", "customFieldId"] as const;

/** Example values of segments, by name, for the docs. */
const EXAMPLES: Readonly<Record<string, string>> = {
  companyId: "8f4c2a10-5b1e-4c7d-9a3f-1e2d3c4b5a60",
  legalEntityId: "2b7e9d41-0c3a-4f58-8e16-7a9b0c1d2e3f",
  customFieldId: "c5d6e7f8-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
  kind: "travel-content",
  companyRole: "ORG",
  kid: "partner-a-2026",
  clientId: "3e1f5a7c-9b2d-4e6f-8a0c-2d4e6f8a0b1c",
  orgId: "8f4c2a10-5b1e-4c7d-9a3f-1e2d3c4b5a60",
  credentialType: "SCIM_TOKEN",
};

/** The example value of a segment: its own if known, else a made-up id. */
const exampleOf = (name: string) => EXAMPLES[name] ?? "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d";

/**
 * An import id of `/`-separated non-empty segments: the `required` ones, then as many of the
 * `optional` ones as given, in order (`<companyId>/<kind>[/<companyRole>]`).
 */
export function segmentsForm<R extends string, O extends string = never>(
  required: readonly R[],
  locate: (
    segments: Record<R, string> & Partial<Record<O, string>>,
    ctx: ResourceContext,
  ) => ImportTarget | Promise<ImportTarget>,
  optional: readonly O[] = [],
): ImportIdForm {
  const names: readonly string[] = [...required, ...optional];
  const tail = optional.reduceRight((inner, name) => `[/<${name}>${inner}]`, "");
  return {
    form: `${required.map((name) => `<${name}>`).join("/")}${tail}`,
    example: required.map(exampleOf).join("/"),
    segments(importId) {
      const parts = importId.split("/");
      if (parts.length < required.length || parts.length > names.length || parts.some((part) => part === ""))
        return undefined;
      return Object.fromEntries(parts.map((part, index): [string, string] => [names[index] ?? "", part]));
    },
    locate: async (segments, ctx) => locate(segments as Record<R, string> & Partial<Record<O, string>>, ctx),
  };
}

/** The import id of a setting of a company, one per company: `<companyId>`, its id the company's. */
export function companySettingForm(): ImportIdForm {
  return segmentsForm(["companyId"], ({ companyId }) => ({
    id: companyId,
    inputs: { companyId },
  }));
}

/** What {@link importIdOf} reads off a definition: its type, and the capabilities naming its parents and id. */
export interface ImportIdSource {
  type: string;
  capabilities?:
    | {
        replacement?: ReplaceRules<Values, string> | undefined;
        outputRules?: OutputRules | undefined;
        adoption?: { importId?: ImportIdForm | undefined } | undefined;
      }
    | undefined;
}

/** The parent ids of a definition: those of {@link PARENT_IDS} it is replaced on, outermost first. */
export function parentIdsOf(definition: ImportIdSource): string[] {
  return PARENT_IDS.filter((name) => replaceOnOf(definition).includes(name));
}

/** The name of a definition's own id: its id output, else `<type>Id` (`costCenterId`). */
export function ownIdOf(definition: ImportIdSource): string {
  return (
    definition.capabilities?.outputRules?.idOutput ??
    `${definition.type.charAt(0).toLowerCase()}${definition.type.slice(1)}Id`
  );
}

/**
 * The import id of the form `form` whose segments `valueOf` names: every required segment, then
 * the optional ones while they have values; `{ missing }` names the first required one it lacks.
 */
export function importIdFrom(
  form: Pick<ImportIdForm, "form">,
  valueOf: (segment: string) => string | undefined,
): { id: string } | { missing: string } {
  const [required = "", optional = ""] = form.form.split(/\[(.*)/s);
  const segments: string[] = [];
  for (const [, name = ""] of required.matchAll(/<(\w+)>/g)) {
    const value = valueOf(name);
    if (value === undefined || value === "") return { missing: name };
    segments.push(value);
  }
  for (const [, name = ""] of optional.matchAll(/<(\w+)>/g)) {
    const value = valueOf(name);
    if (value === undefined || value === "") break;
    segments.push(value);
  }
  return { id: segments.join("/") };
}

/**
 * The import id of a definition: its declared form, else its parents (the parent ids it is
 * replaced on) then its own id, named after its id output.
 */
export function importIdOf(definition: ImportIdSource): ImportIdForm {
  const declared = definition.capabilities?.adoption?.importId;
  if (declared) return declared;
  const parents = parentIdsOf(definition);
  const own = ownIdOf(definition);
  return segmentsForm<string>([...parents, own], (segments) => ({
    id: String(segments[own]),
    inputs: Object.fromEntries(parents.map((name) => [name, segments[name]])),
  }));
}

/**
 * The object `importId` names for a resource of `definition`; throws naming the type and the form
 * when the id lacks it.
 */
export async function parseImportId(
  definition: Parameters<typeof importIdOf>[0],
  importId: string,
  ctx: ResourceContext,
): Promise<ImportTarget> {
  const form = importIdOf(definition);
  const segments = form.segments(importId);
  if (!segments)
    throw new Error(
      `${definition.type}: import id ${JSON.stringify(importId)} does not have the form ${form.form} (such as ${form.example})`,
    );
  return form.locate(segments, ctx);
}

/**
 * `value`, the segment `segment` of a `type` import id, as one of `options`; throws naming the
 * segment and the options when it is none of them.
 */
export function oneOf<T extends string>(
  type: string,
  segment: string,
  value: string,
  options: readonly T[],
): T {
  const found = options.find((option) => option === value);
  if (found === undefined)
    throw badSegment(type, segment, `${JSON.stringify(value)} is not one of ${options.join(", ")}`);
  return found;
}

/** The message of a segment that names nothing importable: `kind: "x" is not ... (import id form ...)`. */
export function badSegment(type: string, segment: string, reason: string): Error {
  return new Error(`${type}: import id segment ${segment} ${reason}`);
}
