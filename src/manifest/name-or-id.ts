/**
 * A platform object the manifest does not create (a user group, a role) named either by its name
 * (`group: Travel desk`) or by its platform id (`groupId: 3f0c…`), exactly one of the two: the name
 * is resolved at preview through the lookups, the id is taken as it is.
 */
import { z } from "zod";

/** The name field of a reference by name: not empty, as the platform's names are. */
export const objectNameSchema = z.string().trim().min(1, "must not be empty");

/**
 * The two fields of a reference by name or id, both optional ({@link exactlyOneOf} requires one):
 * `name` a name as the platform holds it, `id` the platform id as `idSchema` takes it.
 */
export function nameOrIdFields<N extends string, I extends string>(
  name: N,
  id: I,
  idSchema: z.ZodString,
  describe: { name: string; id: string },
) {
  return {
    [name]: objectNameSchema.optional().meta({ description: describe.name }),
    [id]: idSchema.optional().meta({ description: describe.id }),
  } as { [K in N]: z.ZodOptional<z.ZodString> } & { [K in I]: z.ZodOptional<z.ZodString> };
}

/**
 * `schema` (an object holding the optional fields `name` and `id`) refusing both and neither, with
 * the issue at the second field given, or at the object when neither is. The rule is in the JSON
 * Schema too (`oneOf` of the two `required`), so editors say it.
 */
export function exactlyOneOf<S extends z.ZodObject>(schema: S, name: string, id: string): S {
  return schema
    .check(
      z.superRefine(
        (value: Record<string, unknown>, ctx) => {
          const given = [name, id].filter((field) => value[field] !== undefined);
          if (given.length === 1) return;
          ctx.addIssue({
            code: "custom",
            path: given.length === 0 ? [] : [id],
            message:
              given.length === 0
                ? `needs ${name} (the name) or ${id} (the platform id)`
                : `give one of ${name} and ${id}: each names the same object`,
          });
        },
        // Also when other fields have issues, so that every problem is reported in one pass.
        { when: (payload) => typeof payload.value === "object" && payload.value !== null },
      ),
    )
    .meta({ oneOf: [{ required: [name] }, { required: [id] }] });
}
