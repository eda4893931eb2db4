/**
 * The TypeScript source the writer of `export --format typescript` produces: identifiers from
 * resource names, string literals for any text, the layout of literals.
 */
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import {
  camelCase,
  isIdentifier,
  literal,
  stringLiteral,
  uniqueIdentifier,
} from "../../src/cli/typescript-source";

describe("identifiers from resource names", () => {
  it.each([
    ["cost-center-3", "costCenter3"],
    ["project-code.everyone.options", "projectCodeEveryoneOptions"],
    ["Acme US Inc.", "acmeUsInc"],
    ["ACME", "acme"],
    ["café-paris", "caféParis"],
    ["le_us", "leUs"],
    ["--", ""],
  ])("%s -> %s", (name, expected) => {
    expect(camelCase(name)).toBe(expected);
  });

  it("qualifies names that start with a digit, are reserved or empty, and numbers clashes", () => {
    const taken = new Set(["config"]);
    const names = [
      ["sales", "Department"],
      ["sales", "CostCenter"],
      ["Sales", "CostCenter"],
      ["2026-plan", "Grade"],
      ["delete", "Grade"],
      ["config", "CustomField"],
      ["---", "Grade"],
      ["---", "Grade"],
    ] as const;
    expect(names.map(([name, type]) => uniqueIdentifier(name, type, taken))).toEqual([
      "sales",
      "costCenterSales",
      "costCenterSales2",
      "grade2026Plan",
      "gradeDelete",
      "customFieldConfig",
      "grade",
      "grade2",
    ]);
    for (const name of taken) expect(isIdentifier(name)).toBe(true);
  });
});

describe("literals", () => {
  it.each([
    ['O\'Brien "Co"', '"O\'Brien \\"Co\\""'],
    ["two\nlines\ttab\\", '"two\\nlines\\ttab\\\\"'],
    ["Zürich ☕ 東京", '"Zürich ☕ 東京"'],
    ["line\u2028para\u2029end", '"line\\u2028para\\u2029end"'],
    ["${config:x} `tick`", '"${config:x} `tick`"'],
  ])("%j is written as a string literal that evaluates back to it", (text, expected) => {
    const written = stringLiteral(text);
    expect(written).toBe(expected);
    expect(runInNewContext(written)).toBe(text);
  });

  it("writes objects and arrays on one line when they fit, else one entry per line", () => {
    const none = () => undefined;
    expect(literal({ a: 1, "b-c": [true, null], d: {} }, none)).toBe('{ a: 1, "b-c": [true, null], d: {} }');
    const long = { name: "x".repeat(60), address: { addressLines: ["1 Main Street"], regionCode: "US" } };
    expect(literal(long, none)).toBe(
      `{\n  name: "${"x".repeat(60)}",\n  address: { addressLines: ["1 Main Street"], regionCode: "US" },\n}`,
    );
    expect(
      literal({ ref: Symbol.for("r") }, (value) => (typeof value === "symbol" ? "a.b" : undefined)),
    ).toBe("{ ref: a.b }");
  });
});
