/**
 * The validators the build compiles ahead (scripts/gen-validators.ts): one for every request check
 * of the contract, each judging as the validator Ajv compiles at run time does (valid or not, and
 * the same issues), on bodies and parameters that break the schema in different ways.
 */
import { createRequire } from "node:module";
import { runInThisContext } from "node:vm";
import type { ValidateFunction } from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { standaloneRequestChecks } from "../../scripts/gen-validators";
import * as formats from "../../src/contract/formats";
import { issuesFromErrors } from "../../src/contract/issues";
import { requestChecks } from "../../src/contract/vendor-contract";
import { newAjv, validatorId, validatorSchema } from "../../src/contract/validators";
import type { JsonSchema } from "../../src/contract/vendor-documents";

const nodeRequire = createRequire(__filename);

/** Loads the generated source as Node's module loader would from generated/ below the contract. */
function load(source: string): Record<string, ValidateFunction> {
  const exports: Record<string, ValidateFunction> = {};
  const requireBeside = (id: string): unknown => (id === "../formats" ? formats : nodeRequire(id));
  const wrapped = runInThisContext(`(function (exports, require) {${source}\n})`) as (
    exports: object,
    require: (id: string) => unknown,
  ) => void;
  wrapped(exports, requireBeside);
  return exports;
}

/** Values that break a schema in different ways, from what its properties are. */
function samples(schema: JsonSchema): unknown[] {
  const properties = Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {});
  const each = (value: unknown) => Object.fromEntries(properties.map((name) => [name, value]));
  return [
    {},
    [],
    "text",
    null,
    { undeclared: 1 },
    each(12345),
    each("not-a-uuid"),
    each([{}]),
    each({ x: true }),
  ];
}

describe("standalone validators", () => {
  let standalone: Record<string, ValidateFunction>;
  beforeAll(() => {
    standalone = load(standaloneRequestChecks());
  });

  it("exist for every request body, query string and path the vendor documents", () => {
    const checks = requestChecks();
    expect(checks.filter((check) => check.key.endsWith(" request")).length).toBe(33);
    for (const check of checks) {
      const { mode, schema } = validatorSchema(check);
      expect(standalone[validatorId(mode, schema)], check.key).toBeTypeOf("function");
    }
  });

  it("judge as the validators compiled at run time: the same result and the same issues", () => {
    const compilers = { body: newAjv("body"), query: newAjv("query") };
    let compared = 0;
    for (const check of requestChecks()) {
      const { mode, schema } = validatorSchema(check);
      const ahead = standalone[validatorId(mode, schema)] as ValidateFunction;
      const now = compilers[mode].compile(schema);
      for (const value of samples(schema)) {
        const judged = (validate: ValidateFunction) => {
          const valid = validate(structuredClone(value));
          return { valid, issues: valid ? [] : issuesFromErrors(validate.errors) };
        };
        expect(judged(ahead), `${check.key}: ${JSON.stringify(value)}`).toEqual(judged(now));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(900);
  });

  it("are named by mode and schema, so a changed schema never meets stale code", () => {
    const schema = { type: "object", properties: { name: { type: "string" } } };
    const id = validatorId("body", schema);
    expect(validatorId("query", schema)).not.toBe(id);
    expect(validatorId("body", { ...schema, required: ["name"] })).not.toBe(id);
    expect(validatorId("body", structuredClone(schema))).toBe(id);
  });
});
