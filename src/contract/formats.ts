/**
 * The string formats the vendor's documents use: ajv-formats' full set, and the `format: integer`
 * the vendor writes once for a number. One object for both the validators compiled at run time and
 * the standalone ones the build writes (`scripts/gen-validators.ts`), whose code requires this module.
 */
import type { Format } from "ajv";
import { fullFormats } from "ajv-formats/dist/formats";

/** Every format a vendor schema may name, by name. */
export const vendorFormats: Readonly<Record<string, Format>> = {
  ...fullFormats,
  integer: { type: "number", validate: (value: number) => Number.isInteger(value) },
};
