/**
 * Validators of the vendor schemas, made on first use and cached. A check whose schema the build
 * compiled ahead (`scripts/gen-validators.ts`: every request body and parameter check, in
 * `generated/request-checks.js` beside the built module) loads that code; any other is compiled
 * by Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1), loaded with ajv-formats by the first
 * such check. Both are the same Ajv options, so they give the same issues.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import type Ajv2020 from "ajv/dist/2020";
import type { ValidateFunction } from "ajv";
import { vendorFormats } from "./formats";
import { issuesFromErrors, type ContractIssue } from "./issues";
import { strictSchema } from "./strict-schema";
import type { JsonSchema, VendorDocumentName } from "./vendor-documents";

type AjvModule = typeof import("ajv/dist/2020");
type FormatsModule = typeof import("ajv-formats");
type Code = import("ajv").Options["code"];
type Format = import("ajv").Format;

/** The two kinds of validator: bodies as sent, and query strings (strings coerced to the declared type). */
export type ValidatorMode = "body" | "query";

let validators: Record<ValidatorMode, Ajv2020> | undefined;
let standalone: Readonly<Record<string, ValidateFunction>> | undefined;
const compiled = new Map<string, ValidateFunction>();

/** The build's standalone validators of the request checks, beside this module once built. */
export const STANDALONE_MODULE = join("generated", "request-checks.js");

/** What {@link schemaIssues} checks: a value of document `name` against `schema`. */
export interface SchemaCheck {
  /** Names the compiled validator in the cache. */
  key: string;
  name: VendorDocumentName;
  schema: JsonSchema;
  /** `query` reads strings as the declared types; `openRoot` lets the root take undeclared properties. */
  mode?: ValidatorMode;
  openRoot?: boolean;
  /**
   * Checks against the schema as the vendor publishes it: objects take properties they do not
   * declare (no document closes one), where the strict copy refuses them. Answers are judged so.
   */
  published?: boolean;
}

/** Checks `value` against the strict copy of the schema, compiling it on first use. */
export function schemaIssues(check: SchemaCheck, value: unknown): ContractIssue[] {
  const slot = `${check.mode ?? "body"}${check.published === true ? " published" : ""} ${check.key}`;
  let validate = compiled.get(slot);
  if (!validate) {
    const { mode, schema } = validatorSchema(check);
    validate = standaloneValidators()[validatorId(mode, schema)] ?? ajv(mode).compile(schema);
    compiled.set(slot, validate);
  }
  return validate(value) ? [] : issuesFromErrors(validate.errors);
}

/** The schema a check's validator is compiled from, and its mode. */
export function validatorSchema(check: SchemaCheck): { mode: ValidatorMode; schema: JsonSchema } {
  const strict = strictSchema(check.name, check.schema, check.openRoot);
  return { mode: check.mode ?? "body", schema: check.published === true ? publishedSchema(strict) : strict };
}

/**
 * The name of a validator by what it checks: a digest of its mode and schema, so that standalone
 * code is only ever used for the schema it was compiled from.
 */
export function validatorId(mode: ValidatorMode, schema: JsonSchema): string {
  return `v${createHash("sha256")
    .update(`${mode}\n${JSON.stringify(schema)}`)
    .digest("hex")
    .slice(0, 24)}`;
}

/**
 * The published form of a strict copy: every `unevaluatedProperties: false` the copy added taken
 * out again (the vendor's documents close no object themselves, see vendor-api/README.md).
 */
export function publishedSchema(strict: JsonSchema): JsonSchema {
  const open = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(open);
    if (typeof node !== "object" || node === null) return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([keyword, value]) => !(keyword === "unevaluatedProperties" && value === false))
        .map(([keyword, value]) => [keyword, open(value)]),
    );
  };
  return open(strict) as JsonSchema;
}

/** How many checks have a validator so far (made on first use, observable in tests). */
export function compiledSchemaCount(): number {
  return compiled.size;
}

/**
 * A new Ajv instance with the contract's options for `mode`; `code` makes one that keeps the code
 * it generates (for standalone modules).
 */
export function newAjv(mode: ValidatorMode, code?: Code): Ajv2020 {
  const { default: Ajv } = require("ajv/dist/2020") as AjvModule;
  const { default: addFormats } = require("ajv-formats") as FormatsModule;
  const instance = new Ajv({
    allErrors: true,
    verbose: true,
    strictSchema: true,
    strictTypes: false,
    strictRequired: false,
    inlineRefs: false,
    validateSchema: false,
    ...(mode === "query" ? { coerceTypes: "array" as const } : {}),
    ...(code ? { code } : {}),
  });
  addFormats(instance);
  // The vendor writes `example` (OpenAPI's annotation) and a `format: integer` once.
  instance.addVocabulary(["example"]);
  instance.addFormat("integer", vendorFormats.integer as Format);
  return instance;
}

function ajv(mode: ValidatorMode): Ajv2020 {
  validators ??= { body: newAjv("body"), query: newAjv("query") };
  return validators[mode];
}

/**
 * The build's standalone validators, or none where this module runs unbuilt (from `src/`). They
 * are required by a literal path, so that a bundler (the plugin's single executable,
 * `npm run plugin:release`) takes them in.
 */
function standaloneValidators(): Readonly<Record<string, ValidateFunction>> {
  if (!standalone) {
    try {
      standalone = require("./generated/request-checks") as Record<string, ValidateFunction>;
    } catch (error) {
      if (!isMissingStandaloneModule(error)) throw error;
      standalone = {};
    }
  }
  return standalone;
}

/** True for the error of requiring {@link STANDALONE_MODULE} where it does not exist. */
function isMissingStandaloneModule(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as NodeJS.ErrnoException).code === "MODULE_NOT_FOUND" &&
    error.message.includes(`'./generated/request-checks'`)
  );
}
