/** The JSON Schema of the tenant manifest, generated from its zod schema, for editors. */
import { z } from "zod";
import { manifestSchema } from "./schema";

/** The manifest's JSON Schema (draft 2020-12), as written by `npm run manifest-schema`. */
export function manifestJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(manifestSchema, { io: "input", unrepresentable: "any" });
}
