/**
 * The id `pulumi import` takes for a type: the object's own id behind the ids of the parents its
 * read needs (`<companyId>/<costCenterId>`). A type whose objects are not addressed that way (a
 * setting of its company, a key by its kid) declares its own form on its definition.
 */
import type { Values } from "./values";

/** How a type's import id reads. */
export interface ImportIdForm<I extends Values = Values> {
  /** The form, for docs and errors: `<companyId>/<costCenterId>`. */
  readonly form: string;
  /** The object's id and the inputs its read needs; undefined when `importId` lacks the form. */
  parse(importId: string): { id: string; inputs: Partial<I> } | undefined;
}

/** The parent ids an import id may name, outermost first. */
const PARENT_IDS = ["companyId", "legalEntityId", "customFieldId"] as const;

/** An import id of `names.length` non-empty segments, `/`-separated, as the named inputs. */
export function segmentsForm<I extends Values>(
  names: readonly string[],
  toObject: (segments: Values) => { id: string; inputs: Partial<I> },
): ImportIdForm<I> {
  return {
    form: names.map((name) => `<${name}>`).join("/"),
    parse(importId) {
      const parts = importId.split("/");
      if (parts.length !== names.length || parts.some((part) => part === "")) return undefined;
      return toObject(Object.fromEntries(names.map((name, index) => [name, parts[index]])));
    },
  };
}

/**
 * The import id of a definition: its declared form, else its parents (the parent ids it is
 * replaced on) then its own id, named after its id output.
 */
export function importIdOf(definition: {
  type: string;
  replaceOn: readonly string[];
  idOutput?: string | undefined;
  importId?: ImportIdForm | undefined;
}): ImportIdForm {
  if (definition.importId) return definition.importId;
  const parents = PARENT_IDS.filter((name) => definition.replaceOn.includes(name));
  const own =
    definition.idOutput ?? `${definition.type.charAt(0).toLowerCase()}${definition.type.slice(1)}Id`;
  return segmentsForm([...parents, own], (segments) => ({
    id: String(segments[own]),
    inputs: Object.fromEntries(parents.map((name) => [name, segments[name]])),
  }));
}
