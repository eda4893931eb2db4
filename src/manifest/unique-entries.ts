/**
 * The uniqueness a resource type declares (`uniqueInputs`, such as a custom field's name per
 * company), applied offline to a manifest section: all of a section's entries belong to the one
 * company of the manifest, so two entries with the same value would fail halfway through `up`.
 */
import { z } from "zod";
import type { ResourceDefinition, Values } from "../provider/model/definition";
import { manifestKeySchema } from "./entries";

/** A refinement of a section (entries by key) that reports every entry repeating an earlier value. */
export function uniqueEntries(
  definition: Pick<ResourceDefinition<Values, Values>, "type" | "capabilities">,
): (entries: Record<string, Record<string, unknown>>, ctx: z.RefinementCtx) => void {
  return (entries, ctx) => {
    for (const rule of definition.capabilities?.uniqueness?.uniqueInputs ?? []) {
      const seen = new Map<unknown, string>();
      for (const [key, entry] of Object.entries(entries)) {
        const value = entry[rule.input];
        if (value === undefined) continue;
        const compared =
          rule.caseInsensitive === true && typeof value === "string" ? value.trim().toLowerCase() : value;
        const first = seen.get(compared);
        if (first === undefined) {
          seen.set(compared, key);
          continue;
        }
        ctx.addIssue({
          code: "custom",
          path: [key, rule.input],
          message: `${JSON.stringify(value)} is also the ${rule.input} of entry "${first}": ${rule.rejection}`,
        });
      }
    }
  };
}

/** A keyed section whose entries must not repeat the values `definition` declares unique. */
export const uniqueKeyedSection = <S extends z.ZodType<Record<string, unknown>>>(
  entry: S,
  definition: Parameters<typeof uniqueEntries>[0],
) => z.record(manifestKeySchema, entry).superRefine(uniqueEntries(definition)).optional();
