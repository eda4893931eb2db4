/**
 * Compiled validators of the vendor schemas, made on first use and cached: Ajv (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1) and ajv-formats are loaded by the first check, and each
 * operation's schema is compiled the first time that operation is checked.
 */
import type Ajv2020 from "ajv/dist/2020";
import type { ValidateFunction } from "ajv";
import { issuesFromErrors, type ContractIssue } from "./issues";
import { strictSchema } from "./strict-schema";
import type { JsonSchema, VendorDocumentName } from "./vendor-documents";

type AjvModule = typeof import("ajv/dist/2020");
type FormatsModule = typeof import("ajv-formats");

/** The two Ajv instances: bodies as sent, and query strings (strings coerced to the declared type). */
interface Validators {
  body: Ajv2020;
  query: Ajv2020;
}

let validators: Validators | undefined;
const compiled = new Map<string, ValidateFunction>();

/** What {@link schemaIssues} checks: a value of document `name` against `schema`. */
export interface SchemaCheck {
  /** Names the compiled validator in the cache. */
  key: string;
  name: VendorDocumentName;
  schema: JsonSchema;
  /** `query` reads strings as the declared types; `openRoot` lets the root take undeclared properties. */
  mode?: keyof Validators;
  openRoot?: boolean;
  /**
   * Checks against the schema as the vendor publishes it: objects take properties they do not
   * declare (no document closes one), where the strict copy refuses them. Answers are judged so.
   */
  published?: boolean;
}

/** Checks `value` against the strict copy of the schema, compiling it on first use. */
export function schemaIssues(check: SchemaCheck, value: unknown): ContractIssue[] {
  const mode = check.mode ?? "body";
  const slot = `${mode}${check.published === true ? " published" : ""} ${check.key}`;
  let validate = compiled.get(slot);
  if (!validate) {
    const strict = strictSchema(check.name, check.schema, check.openRoot);
    validate = ajv(mode).compile(check.published === true ? publishedSchema(strict) : strict);
    compiled.set(slot, validate);
  }
  return validate(value) ? [] : issuesFromErrors(validate.errors);
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

/** How many schemas have been compiled so far (lazy compilation, observable in tests). */
export function compiledSchemaCount(): number {
  return compiled.size;
}

function ajv(mode: keyof Validators): Ajv2020 {
  if (!validators) {
    const { default: Ajv } = require("ajv/dist/2020") as AjvModule;
    const { default: addFormats } = require("ajv-formats") as FormatsModule;
    const make = (coerce: boolean): Ajv2020 => {
      const instance = new Ajv({
        allErrors: true,
        verbose: true,
        strictSchema: true,
        strictTypes: false,
        strictRequired: false,
        inlineRefs: false,
        validateSchema: false,
        ...(coerce ? { coerceTypes: "array" as const } : {}),
      });
      addFormats(instance);
      // The vendor writes `example` (OpenAPI's annotation) and a `format: integer` once.
      instance.addVocabulary(["example"]);
      instance.addFormat("integer", { type: "number", validate: (value: number) => Number.isInteger(value) });
      return instance;
    };
    validators = { body: make(false), query: make(true) };
  }
  return validators[mode];
}
