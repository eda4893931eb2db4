/**
 * Writes schemas/tenant-manifest.schema.json, the JSON Schema of the tenant manifest generated
 * from its zod schema (`npm run manifest-schema`). A test fails when the committed file is stale.
 */
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { manifestJsonSchema } from "../src/manifest";

const root = resolve(__dirname, "..", "..");
writeFileSync(
  join(root, "schemas", "tenant-manifest.schema.json"),
  `${JSON.stringify(manifestJsonSchema(), null, 2)}\n`,
);
