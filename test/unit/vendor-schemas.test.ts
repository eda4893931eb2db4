/** The generated vendor schemas (scripts/gen-vendor-schemas.ts) are what the generator writes today. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { format, resolveConfig } from "prettier";
import { describe, expect, it } from "vitest";
import { DEFAULT_VENDOR_DOCUMENT, GENERATED_MODULES, generateModule } from "../../scripts/gen-vendor-schemas";

const root = join(__dirname, "..", "..");

describe("generated vendor schemas", () => {
  it.each(GENERATED_MODULES.map((spec) => [spec.file, spec] as const))(
    "%s is what `npm run vendor-schemas` writes",
    async (file, spec) => {
      const document = JSON.parse(readFileSync(join(root, DEFAULT_VENDOR_DOCUMENT), "utf8")) as Parameters<
        typeof generateModule
      >[0];
      const options = (await resolveConfig(join(root, file))) ?? {};
      const expected = await format(generateModule(document, spec), {
        ...options,
        filepath: join(root, file),
      });
      expect(readFileSync(join(root, file), "utf8")).toBe(expected);
    },
  );
});
