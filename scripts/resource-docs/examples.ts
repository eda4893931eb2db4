/**
 * The examples of the resource pages, in every language: for each resource type, its first
 * declaration in the example programs under `examples/resources/` (file-name order), which the
 * tests type-check or compile (`test/unit/resource-examples.test.ts`), so a page shows code that
 * builds and no snippet is written twice.
 *
 * - TypeScript (`*.ts`): the statement holding the first `new <Type>(...)`.
 * - YAML (`yaml/Pulumi.yaml`): the first entry of `resources:` whose `type` is `travel:index:<Type>`.
 * - Go (`go/*.go`): the statement holding the first `travel.New<Type>(...)`.
 * - Python (`python/*.py`): the statement holding the first `travel.<Type>(...)`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { isMap, isScalar, parseDocument } from "yaml";
import { TOKEN_PREFIX } from "../provider-schema/pulumi-types";

/** The directory of the example programs, relative to the repository root. */
export const EXAMPLES_DIR = "examples/resources";

/** An example: its code and the program it is taken from (relative to the repository root). */
export interface Example {
  code: string;
  program: string;
}

/** A language of the examples. */
export interface ExampleLanguage {
  /** Its name, as a page's heading shows it. */
  name: string;
  /** The code fence's info string. */
  fence: string;
  /** The directory of its programs, relative to the repository root. */
  dir: string;
  /** The file names of its programs. */
  program: (fileName: string) => boolean;
  /** What runs the example and how the tests check it, one sentence for the page. */
  host: string;
  /** The first example of each of `types` in `text`, by type (types without one are left out). */
  find: (text: string, types: readonly string[], path: string) => Record<string, string>;
}

/** Removes the indentation (spaces, or Go's tabs) every non-empty line of `code` shares. */
export function dedent(code: string): string {
  const lines = code.split("\n");
  const indents = lines
    .filter((line) => line.trim() !== "")
    .map((line) => /^[ \t]*/.exec(line)?.[0].length ?? 0);
  const common = Math.min(...indents);
  return lines.map((line) => line.slice(common)).join("\n");
}

/** TypeScript: the statement of the first `new <Type>(...)`. */
function typescriptExamples(text: string, types: readonly string[], path: string): Record<string, string> {
  const found: Record<string, string> = {};
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
      const type = node.expression.text;
      if (types.includes(type) && found[type] === undefined) {
        let statement: ts.Node = node;
        while (!ts.isStatement(statement) && statement.parent !== source) statement = statement.parent;
        found[type] = statement.getText(source);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Pulumi YAML: the first `resources:` entry of each type, as written (key and value). */
function yamlExamples(text: string, types: readonly string[], path: string): Record<string, string> {
  const found: Record<string, string> = {};
  const document = parseDocument(text, { keepSourceTokens: true });
  if (document.errors.length > 0) throw new Error(`${path}: ${document.errors[0]?.message}`);
  const resources = document.get("resources");
  if (!isMap(resources)) throw new Error(`${path}: no resources map`);
  for (const pair of resources.items) {
    const body = pair.value;
    if (!isScalar(pair.key) || !isMap(body)) continue;
    const token = String(body.get("type"));
    const type = types.find((name) => `${TOKEN_PREFIX}${name}` === token);
    const [start] = pair.key.range ?? [];
    const [, , end] = body.range ?? [];
    if (type === undefined || found[type] !== undefined || start === undefined || end === undefined) continue;
    const lineStart = text.lastIndexOf("\n", start) + 1;
    found[type] = dedent(text.slice(lineStart, end).trimEnd());
  }
  return found;
}

/**
 * The text from the start of the line holding `text[at]` to the parenthesis that closes the first
 * `(` at or after `at`, skipping string literals (`"..."`, `'...'`, Go's `` `...` ``) and comments.
 */
function callStatement(text: string, at: number, path: string): string {
  const lineStart = text.lastIndexOf("\n", at) + 1;
  let depth = 0;
  for (let index = text.indexOf("(", at); index < text.length; index++) {
    const char = text[index];
    if (char === '"' || char === "'" || char === "`") {
      for (index++; index < text.length && text[index] !== char; index++) {
        if (text[index] === "\\" && char !== "`") index++;
      }
    } else if (char === "#" || (char === "/" && text[index + 1] === "/")) {
      index = text.indexOf("\n", index);
      if (index < 0) break;
    } else if (char === "(") depth++;
    else if (char === ")" && --depth === 0) return dedent(text.slice(lineStart, index + 1));
  }
  throw new Error(`${path}: the call at offset ${at} is not closed`);
}

/** The statement of the first call `prefix<Type>(` of each type (Go: `travel.New`, Python: `travel.`). */
function callExamples(prefix: string): ExampleLanguage["find"] {
  return (text, types, path) => {
    const found: Record<string, string> = {};
    for (const type of types) {
      const match = new RegExp(`\\b${prefix.replace(/\./g, "\\.")}${type}\\(`).exec(text);
      if (match) found[type] = callStatement(text, match.index, path);
    }
    return found;
  };
}

/** The languages of the examples, in the order a page shows them. */
export const EXAMPLE_LANGUAGES: readonly ExampleLanguage[] = [
  {
    name: "TypeScript",
    fence: "ts",
    dir: EXAMPLES_DIR,
    program: (name) => name.endsWith(".ts"),
    host: "Runs on the dynamic resources; type-checked by `npm run typecheck`.",
    find: typescriptExamples,
  },
  {
    name: "YAML",
    fence: "yaml",
    dir: `${EXAMPLES_DIR}/yaml`,
    program: (name) => name === "Pulumi.yaml",
    host: "Runs on the provider plugin; checked against the package schema, and previewed through the plugin.",
    find: yamlExamples,
  },
  {
    name: "Go",
    fence: "go",
    dir: `${EXAMPLES_DIR}/go`,
    program: (name) => name.endsWith(".go"),
    host: "Runs on the provider plugin through the generated SDK `sdk/go`; type-checked by `go vet`.",
    find: callExamples("travel.New"),
  },
  {
    name: "Python",
    fence: "python",
    dir: `${EXAMPLES_DIR}/python`,
    program: (name) => name.endsWith(".py"),
    host: "Runs on the provider plugin through the generated SDK `sdk/python`, installed with pip beside the `pulumi` Python package ([languages](../languages.md#python)); compiled, and each call checked against the SDK's signatures. `examples/python-tenant` runs on the same SDK end to end in the tests.",
    find: callExamples("travel."),
  },
];

/** The examples of one language, by type: the first of each type in its programs (file-name order). */
export function examplesIn(
  root: string,
  language: ExampleLanguage,
  types: readonly string[],
): Record<string, Example> {
  const found: Record<string, Example> = {};
  const programs = readdirSync(join(root, language.dir)).filter(language.program).sort();
  for (const name of programs) {
    const program = `${language.dir}/${name}`;
    const text = readFileSync(join(root, program), "utf8");
    for (const [type, code] of Object.entries(language.find(text, types, program))) {
      found[type] ??= { code, program };
    }
  }
  return found;
}
