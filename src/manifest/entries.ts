/**
 * How a manifest entry schema is derived from a resource's input schema: the resource's fields
 * minus the parent ids the manifest supplies ({@link withoutParents}), and the resource's own
 * cross-field rules run on the entry with stand-ins for those ids ({@link resourceRules}), its
 * vendor checks too ({@link vendorRules}), so validate is as strict as `check`.
 */
import { z } from "zod";
import type { ResourceDefinition, Values } from "../provider/model/definition";
import { withoutUndefined } from "../provider/model/values";
import { vendorInputIssues } from "../provider/planning/vendor-check";
import { definitions } from "../resources/registry";

/**
 * What stands for an id the manifest supplies at deploy time while its entries are validated: a
 * uuid, as the platform's ids are (the vendor's path parameters take uuids).
 */
export const STAND_IN_ID = "00000000-0000-4000-8000-000000000000";

/** A manifest key: names an entry and is how other entries refer to it. */
export const manifestKeySchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, "must be lowercase letters, digits, - and _ (at most 63)");

/** A reference to another entry by its manifest key. */
export const referenceTo = (section: string) =>
  manifestKeySchema.meta({ description: `Key of an entry of \`${section}\`.` });

/** The entries of a keyed section, by manifest key; the section may be left out. */
export const keyedSection = <S extends z.ZodType>(entry: S) => z.record(manifestKeySchema, entry).optional();

/** `shape` without the keys `parents` (the ids the manifest supplies). */
export function withoutParents<S extends z.ZodRawShape, K extends keyof S & string>(
  shape: S,
  ...parents: K[]
): Omit<S, K> {
  return Object.fromEntries(
    Object.entries(shape).filter(([key]) => !(parents as string[]).includes(key)),
  ) as Omit<S, K>;
}

const issueKey = (issue: z.core.$ZodIssue) => JSON.stringify([issue.path, issue.message]);

/** `schema` without its own refinements: an object's fields, an array's items. */
function withoutRules(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) return z.object(schema.shape);
  if (schema instanceof z.ZodArray) return z.array(schema.element);
  return z.unknown();
}

/**
 * A refinement that runs `inputs` (a resource's input schema, or one of its fields) on
 * `toInputs(entry)` and reports the issues of its own rules (cross-field checks, duplicates) at the
 * entry's paths. Issues its plain fields raise are left out: the entry's own fields, taken from the
 * same shape, already report them. When `inputs` is the input schema of a registered resource, its
 * {@link vendorRules} apply too.
 */
export function resourceRules<E>(
  inputs: z.ZodType,
  toInputs: (entry: E) => unknown,
): (entry: E, ctx: z.RefinementCtx) => void {
  const fieldsOnly = withoutRules(inputs);
  const definition = Object.values(definitions).find((registered) => registered.inputs === inputs);
  const vendor = definition ? vendorRules(definition, toInputs) : undefined;
  return (entry, ctx) => {
    const candidate = toInputs(entry);
    const result = inputs.safeParse(candidate);
    if (result.success) {
      vendor?.(entry, ctx);
      return;
    }
    const plain = fieldsOnly.safeParse(candidate);
    const known = new Set(plain.success ? [] : plain.error.issues.map(issueKey));
    for (const issue of result.error.issues) {
      if (known.has(issueKey(issue))) continue;
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    }
  };
}

/**
 * A refinement that judges the entry as `check` judges the resource's inputs once they pass their
 * own schema: the requests `definition` would send for `toInputs(entry)` against the vendor's
 * documents (bodies and path parameters), each issue at the entry's path of the input it comes
 * from. Entries whose inputs fail their own schema are left to it, as `check` does.
 */
export function vendorRules<E>(
  definition: ResourceDefinition<Values, Values>,
  toInputs: (entry: E) => unknown,
): (entry: E, ctx: z.RefinementCtx) => void {
  return (entry, ctx) => {
    if (!definition.capabilities?.preview?.vendorRequests) return;
    const parsed = definition.inputs.safeParse(toInputs(entry));
    if (!parsed.success) return;
    for (const issue of vendorInputIssues(definition, withoutUndefined(parsed.data)))
      ctx.addIssue({ code: "custom", path: issue.at, message: issue.message });
  };
}
