/**
 * Generates docs/resources/<name>.md, one page per resource, and docs/resources/README.md, the
 * index. Everything on a page comes from the code, so a page cannot drift from it:
 *
 * - the resources are the Resource classes the barrel `src/resources/index.ts` exports (the same
 *   list the provider runtime reads), with their `definition` (type, replace rules, id output);
 * - inputs, their types and which are required come from the zod input schema
 *   (`z.toJSONSchema`, input side);
 * - descriptions are the TSDoc written on the schema fields and on the class's outputs, read with
 *   the TypeScript compiler through the exported `<Name>Args` type, which is derived from the
 *   schema, so the words an editor shows are the words on the page;
 * - the rules (what replaces the object, what must be unique, what a create makes, how an
 *   existing object is taken over) are derived from the definition's declarations
 *   (`scripts/resource-docs/rules.ts`), and `{@link X}` in TSDoc is resolved
 *   (`scripts/resource-docs/tsdoc-links.ts`);
 * - the example is the resource's first `new <Name>(...)` statement in the programs under
 *   `examples/resources/`, which `npm run typecheck` type-checks with the package; a resource
 *   without one fails the generator;
 * - the tenant manifest section and what `export` and `reconcile` do with the type are the
 *   definition's tenant facts (`src/provider/model/tenant-facts.ts`).
 *
 * Run with `npm run docs`; `test/unit/resource-docs.test.ts` fails when a committed page differs.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { format } from "prettier";
import ts from "typescript";
import { z } from "zod";
import { kebabCase } from "../src/cli/manifest-keys";
import { isTravelResourceClass } from "../src/provider/hosts/dynamic/define-resource";
import { ADOPT_INPUT, tokenOf } from "../src/provider/model/definition";
import * as resources from "../src/resources";
import { CONFIG_DOCUMENTS } from "../src/schemas/company-config-documents";
import { FORBIDDEN_IN_GENERATED, GENERATED_MARKER } from "./markdown-links";
import { importLines } from "./resource-docs/import-lines";
import { type JsonSchema, typeText } from "./resource-docs/json-type";
import { creationLines, type Definition, replaceLines, uniquenessLines } from "./resource-docs/rules";
import { resolveLinks } from "./resource-docs/tsdoc-links";

/** The directory the pages are written to, relative to the repository root. */
export const RESOURCE_DOCS_DIR = "docs/resources";

/** The programs the examples are taken from: every `.ts` file of this directory. */
const EXAMPLE_DIR = "examples/resources";

/** What the TypeScript compiler says about one resource's API. */
interface ResourceDocs {
  /** The resource module's header comment. */
  summary: string;
  /** TSDoc of each input, by name. */
  inputs: Record<string, string>;
  /** Declared outputs of the class with their type and TSDoc. */
  outputs: { name: string; type: string; doc: string }[];
  /** What the resource's `id` is: the "Its id is ..." sentence of the definition's TSDoc. */
  id: string | undefined;
}

/** A resource class exported by the barrel. */
interface ResourceEntry {
  className: string;
  definition: Definition;
}

/** The repository root (this file runs from `scripts/` and from `dist/scripts/`). */
export function repositoryRoot(): string {
  const here = resolve(__dirname, "..");
  return basename(here) === "dist" ? resolve(here, "..") : here;
}

/** Where a type is in the tenant manifest, `export` and `reconcile`: its definition's tenant facts. */
function tenantLines(definition: Definition): string[] {
  const facts = definition.tenant;
  if (facts === undefined) return ["Not in the tenant manifest, `export` or `reconcile`."];
  const { manifest, inventory } = facts;
  return [
    "omitted" in manifest
      ? `Not in the [tenant manifest](../manifest.md): ${manifest.omitted}.`
      : `In a [tenant manifest](../manifest.md): the \`${manifest.section}\` section.`,
    "omitted" in inventory
      ? `\`pulumi-travel export\` and \`reconcile\` leave it out: ${inventory.omitted}.`
      : "omitted" in inventory.reconcile
        ? `\`pulumi-travel export\` writes it; \`reconcile\` leaves it out: ${inventory.reconcile.omitted}.`
        : "`pulumi-travel export` writes it, and `pulumi-travel reconcile` lists the objects no resource of the stack owns.",
    ...(facts.tmcInventory === undefined
      ? []
      : [
          `\`pulumi-travel reconcile\` lists the ${facts.tmcInventory.describe} that the stack does not hold ` +
            "(other stacks may own some), with the commands to adopt (`adoptId`) or revoke (`--delete`) each.",
        ]),
  ];
}

export { kebabCase };

/** How changes of the definition's keyed list inputs read in `pulumi preview --diff`, if it has any. */
function previewLines(definition: Definition): string[] {
  const keyed = Object.entries(definition.keyedInputs ?? {}).flatMap(([name, codec]) =>
    codec ? [`- ${codec.reads(name)}`] : [],
  );
  if (keyed.length === 0) return [];
  return [
    "",
    "## Changes in `pulumi preview --diff`",
    "",
    "The engine shows a change of a list by position, so the provider records these lists as maps,",
    "which it shows by key (the program passes lists and the outputs are lists):",
    "",
    ...keyed,
    "",
    "A state written before the lists were keyed holds them as they were given; `pulumi refresh` or any",
    "`pulumi up` records them as maps. A change previewed before that shows the whole list once.",
  ];
}

/** The resources of the barrel, sorted by class name. */
function resourceEntries(): ResourceEntry[] {
  return Object.entries(resources)
    .filter(([, value]) => isTravelResourceClass(value))
    .map(([className, value]) => ({
      className,
      definition: (value as unknown as typeof resources.Company).definition,
    }))
    .sort((a, b) => a.className.localeCompare(b.className));
}

/** The TSDoc of a symbol on one line, with its `{@link}`s resolved where it was written. */
function docText(
  symbol: ts.Symbol,
  checker: ts.TypeChecker,
  pageOf: (name: string) => string | undefined,
): string {
  const text = ts
    .displayPartsToString(symbol.getDocumentationComment(checker))
    .replace(/\s*\n\s*/g, " ")
    .trim();
  const file = (symbol.valueDeclaration ?? symbol.declarations?.[0])?.getSourceFile();
  return file ? resolveLinks(text, file, checker, pageOf) : text;
}

/** The page of a resource class, from another resource page. */
function pageLinker(classNames: readonly string[]): (name: string) => string | undefined {
  return (name) => (classNames.includes(name) ? `${kebabCase(name)}.md` : undefined);
}

/** The module's header comment on one line. */
function headerComment(file: ts.SourceFile): string {
  const header = /^\s*\/\*\*([\s\S]*?)\*\//.exec(file.text)?.[1] ?? "";
  return header
    .split("\n")
    .map((line) => line.replace(/^\s*\*\s?/, "").trim())
    .join(" ")
    .trim();
}

/** `T` of a declared output's `Output<T>` (or `OutputInstance<T>`). */
function outputValueType(type: ts.Type, at: ts.Node, checker: ts.TypeChecker): string {
  const [argument] = checker.getTypeArguments(type as ts.TypeReference);
  const text = (t: ts.Type) => checker.typeToString(t, at, ts.TypeFormatFlags.NoTruncation);
  if (argument !== undefined) return text(argument);
  const alias = type.aliasTypeArguments?.[0];
  if (alias !== undefined) return text(alias);
  throw new Error(`output type ${text(type)} is not an Output<T>`);
}

/** What the definition's TSDoc says the id is (`Its id is the company id.`), from the class's base. */
function idSentence(declaration: ts.ClassDeclaration, checker: ts.TypeChecker): string | undefined {
  const base = declaration.heritageClauses?.[0]?.types[0]?.expression;
  let root: ts.Expression | undefined = base;
  while (root && ts.isPropertyAccessExpression(root)) root = root.expression;
  const symbol = root && checker.getSymbolAtLocation(root);
  if (!symbol) return undefined;
  const doc = ts.displayPartsToString(symbol.getDocumentationComment(checker)).replace(/\s*\n\s*/g, " ");
  const sentence = /Its id is (.+?)\.(?:\s|$)/.exec(doc)?.[1];
  return sentence && sentence.charAt(0).toUpperCase() + sentence.slice(1) + ".";
}

/** Reads TSDoc and output types of every exported resource class with the compiler API. */
function compilerDocs(root: string, classNames: readonly string[]): Record<string, ResourceDocs> {
  const configPath = join(root, "tsconfig.json");
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const barrel = join(root, "src", "resources", "index.ts");
  const program = ts.createProgram([barrel], { ...parsed.options, noEmit: true });
  const checker = program.getTypeChecker();
  const barrelFile = program.getSourceFile(barrel);
  const moduleSymbol = barrelFile && checker.getSymbolAtLocation(barrelFile);
  if (!moduleSymbol) throw new Error(`cannot read ${barrel}`);
  const exports = new Map(checker.getExportsOfModule(moduleSymbol).map((s) => [s.name, s]));
  const resolveAlias = (symbol: ts.Symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const pageOf = pageLinker(classNames);

  const result: Record<string, ResourceDocs> = {};
  for (const className of classNames) {
    const classSymbol = exports.get(className);
    const argsSymbol = exports.get(`${className}Args`);
    if (!classSymbol) throw new Error(`${className} is not exported by src/resources/index.ts`);
    if (!argsSymbol) throw new Error(`src/resources/index.ts must export the type ${className}Args`);
    const cls = resolveAlias(classSymbol);
    const declaration = cls.valueDeclaration ?? cls.declarations?.[0];
    if (!declaration || !ts.isClassDeclaration(declaration)) throw new Error(`${className} is not a class`);
    const file = declaration.getSourceFile();

    const argsType = checker.getDeclaredTypeOfSymbol(resolveAlias(argsSymbol));
    const inputs = Object.fromEntries(
      checker
        .getPropertiesOfType(argsType)
        .map((property) => [property.name, docText(property, checker, pageOf)]),
    );

    const outputs: ResourceDocs["outputs"] = [];
    for (const member of declaration.members) {
      if (!ts.isPropertyDeclaration(member) || !ts.isIdentifier(member.name)) continue;
      const symbol = checker.getSymbolAtLocation(member.name);
      if (!symbol) continue;
      outputs.push({
        name: member.name.text,
        type: outputValueType(checker.getTypeAtLocation(member), member, checker),
        doc: docText(symbol, checker, pageOf),
      });
    }
    const header = resolveLinks(headerComment(file), file, checker, pageOf);
    const text = (header || docText(cls, checker, pageOf)).replace(
      new RegExp(`^The ${className} resource:\\s*`),
      "",
    );
    result[className] = {
      summary: text.charAt(0).toUpperCase() + text.slice(1),
      inputs,
      outputs,
      id: idSentence(declaration, checker),
    };
  }
  return result;
}

/** An example: the statement and the program it is taken from. */
interface Example {
  code: string;
  program: string;
}

/** The first `new <Class>(...)` statement of the example programs (in file-name order), by class. */
function examplesOf(root: string, classNames: readonly string[]): Record<string, Example> {
  const found: Record<string, Example> = {};
  const programs = readdirSync(join(root, EXAMPLE_DIR))
    .filter((name) => name.endsWith(".ts"))
    .sort();
  for (const name of programs) {
    const program = `${EXAMPLE_DIR}/${name}`;
    const path = join(root, program);
    const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
        const className = node.expression.text;
        if (classNames.includes(className) && found[className] === undefined) {
          let statement: ts.Node = node;
          while (!ts.isStatement(statement) && statement.parent !== source) statement = statement.parent;
          found[className] = { code: statement.getText(source), program };
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** Escapes a table cell. */
const cell = (text: string) => text.replace(/\|/g, "\\|");

/** The Inputs section's table rows. */
function inputRows(definition: Definition, docs: ResourceDocs, schema: JsonSchema): string[] {
  const required = new Set(schema.required ?? []);
  const conditional: readonly string[] = definition.replaceWhen?.inputs ?? [];
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const notes: string[] = [];
    if (docs.inputs[name]) notes.push(docs.inputs[name]);
    if (property.default !== undefined) notes.push(`Default: \`${JSON.stringify(property.default)}\`.`);
    const told = /\breplace/.test(docs.inputs[name] ?? "");
    if (definition.replaceOn.includes(name) && !told) notes.push("Changing it replaces the resource.");
    if (conditional.includes(name) && !told)
      notes.push("Changing it may replace the resource (see Replace rules).");
    if (definition.secretInputs?.includes(name)) notes.push("**Secret.**");
    const type = `\`${typeText(property, schema)}\``;
    return `| \`${name}\` | ${cell(type)} | ${required.has(name) ? "yes" : "no"} | ${cell(notes.join(" "))} |`;
  });
}

/** The Outputs section's table rows: the id first, then the outputs beyond the inputs. */
function outputRows(entry: ResourceEntry, docs: ResourceDocs, inputs: readonly string[]): string[] {
  const { definition, className } = entry;
  const declared = docs.outputs.filter((output) => !inputs.includes(output.name));
  const undeclared = definition.outputs.filter(
    (name) => !docs.outputs.some((output) => output.name === name),
  );
  if (undeclared.length > 0)
    throw new Error(`${className} does not declare its output(s) ${undeclared.join(", ")} on the class`);
  const idDoc =
    definition.idOutput !== undefined ? `The same value as \`${definition.idOutput}\`.` : (docs.id ?? "");
  if (idDoc === "")
    throw new Error(`${className}: say what its id is, "Its id is ...", in the TSDoc of its definition`);
  const rows = [`| \`id\` | \`string\` | ${cell(`The resource's id. ${idDoc}`)} |`];
  for (const output of declared) {
    const notes = [output.doc];
    if (output.name === definition.idOutput) notes.push("Equals the resource's `id`.");
    if (definition.secretOutputs?.includes(output.name)) notes.push("**Secret.**");
    if (definition.keptOutputs?.includes(output.name))
      notes.push("`pulumi refresh` keeps the recorded value (the platform's reads do not show it).");
    rows.push(`| \`${output.name}\` | ${cell(`\`${output.type}\``)} | ${cell(notes.join(" "))} |`);
  }
  return rows;
}

/** The Markdown page of one resource. */
function resourcePage(
  entry: ResourceEntry,
  docs: ResourceDocs,
  example: Example | undefined,
  extra: readonly string[],
): string {
  const { definition, className } = entry;
  if (example === undefined)
    throw new Error(
      `${className} has no example: add a \`new ${className}(...)\` to a program in ${EXAMPLE_DIR}/`,
    );
  const schema = z.toJSONSchema(definition.inputs, {
    io: "input",
    unrepresentable: "any",
    reused: "inline",
  }) as JsonSchema;
  const inputs = Object.keys(schema.properties ?? {});
  const unique = uniquenessLines(definition, className);
  return [
    `${GENERATED_MARKER} (scripts/gen-resource-docs.ts) from the code; do not edit. -->`,
    "",
    `# ${className}`,
    "",
    docs.summary,
    "",
    `- Type token: \`${tokenOf(definition.type)}\``,
    `- Import: \`import { ${className}, type ${className}Args } from "pulumi-travel";\``,
    "",
    "## Inputs",
    "",
    "Checked at preview time: a bad value fails the preview with the property path and the reason,",
    "before any call to the platform.",
    "",
    "| input | type | required | description |",
    "| ----- | ---- | -------- | ----------- |",
    ...inputRows(definition, docs, schema),
    ...(className === "CompanyConfig" ? ["", ...configKindsSection()] : []),
    ...(unique.length > 0 ? ["", "### Uniqueness", "", ...unique] : []),
    "",
    "## Outputs",
    "",
    "Every input is also an output of the same name. In addition:",
    "",
    "| output | type | description |",
    "| ------ | ---- | ----------- |",
    ...outputRows(entry, docs, inputs),
    "",
    "## Replace rules",
    "",
    ...replaceLines(definition),
    ...previewLines(definition),
    "",
    "## Import",
    "",
    ...importLines(definition),
    "",
    "## Creation and adoption",
    "",
    ...creationLines(definition, className, docs.inputs[ADOPT_INPUT] ?? ""),
    "",
    "## Tenant manifest, export and reconcile",
    "",
    ...tenantLines(definition),
    "",
    ...(extra.length > 0 ? [...extra, ""] : []),
    "## Example",
    "",
    `From [${example.program}](../../${example.program}):`,
    "",
    "```ts",
    example.code,
    "```",
    "",
  ].join("\n");
}

/** CompanyConfig's documents by kind: the typed `config` each kind takes, from the catalog. */
function configKindsSection(): string[] {
  const lines = [
    "### `config` by `kind`",
    "",
    "`CompanyConfigArgs` is a union discriminated by `kind`: `config` is typed as that kind's document",
    "(exported as the type in the second column), so an editor completes its fields.",
    "",
    "| kind | document type | top-level fields | `companyRole` | deleted with the resource |",
    "| ---- | ------------- | ---------------- | ------------- | ------------------------- |",
  ];
  const typeNames: Record<keyof typeof CONFIG_DOCUMENTS, string> = {
    "travel-content": "TravelContentConfig",
    "white-label": "WhiteLabelConfig",
    managers: "CompanyManagersConfig",
    color: "ColorConfig",
    "preference-tiers": "PreferenceTiersConfig",
    enrollment: "EnrollmentConfig",
    tier: "TierConfig",
    stealth: "StealthConfig",
  };
  for (const [kind, document] of Object.entries(CONFIG_DOCUMENTS)) {
    const schema = z.toJSONSchema(document.schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties ?? {})
      .map(([name, field]) => `\`${name}${required.has(name) ? "" : "?"}\`: ${typeText(field, schema, 1)}`)
      .join(", ");
    lines.push(
      `| \`${kind}\` | \`${typeNames[kind as keyof typeof CONFIG_DOCUMENTS]}\` | ${cell(fields)} | ${document.companyRole === "none" ? "not taken" : document.companyRole} | ${document.deletable ? "yes" : "no (it stays)"} |`,
    );
  }
  return lines;
}

/** The index page. */
function indexPage(entries: readonly ResourceEntry[], docs: Record<string, ResourceDocs>): string {
  const lines = [
    `${GENERATED_MARKER} (scripts/gen-resource-docs.ts) from the code; do not edit. -->`,
    "",
    "# Resources",
    "",
    "One page per resource: what it manages, its inputs and outputs, what forces a replacement, how",
    "to take over an existing object, and an example. Back to the [README](../../README.md).",
    "",
    "| resource | manages |",
    "| -------- | ------- |",
  ];
  for (const { className } of entries) {
    lines.push(`| [${className}](${kebabCase(className)}.md) | ${cell(docs[className]?.summary ?? "")} |`);
  }
  lines.push("");
  return lines.join("\n");
}

/**
 * Sections another part of the package adds to a resource's page, before its example, by class
 * name: the hook for a section generated from elsewhere (such as the lookup that finds an
 * existing object of the type, from the lookups' own declarations).
 */
export type ExtraSections = (className: string) => string[];

/** Every page, by path relative to the repository root. */
export async function generateResourceDocs(
  root: string = repositoryRoot(),
  extraSections: ExtraSections = () => [],
): Promise<Record<string, string>> {
  const entries = resourceEntries();
  const names = entries.map((entry) => entry.className);
  const docs = compilerDocs(root, names);
  const examples = examplesOf(root, names);
  const pages: Record<string, string> = {
    [`${RESOURCE_DOCS_DIR}/README.md`]: indexPage(entries, docs),
  };
  for (const entry of entries) {
    const docsOf = docs[entry.className];
    if (!docsOf) throw new Error(`no docs read for ${entry.className}`);
    pages[`${RESOURCE_DOCS_DIR}/${kebabCase(entry.className)}.md`] = resourcePage(
      entry,
      docsOf,
      examples[entry.className],
      extraSections(entry.className),
    );
  }
  const options = { parser: "markdown", printWidth: 110, proseWrap: "preserve" } as const;
  for (const [path, text] of Object.entries(pages)) {
    const forbidden = FORBIDDEN_IN_GENERATED.find((phrase) => text.includes(phrase));
    if (forbidden !== undefined) throw new Error(`${path} would hold "${forbidden}"`);
    pages[path] = await format(text, options);
  }
  return pages;
}

/** Writes the pages and removes pages of resources that no longer exist. */
export async function writeResourceDocs(root: string = repositoryRoot()): Promise<string[]> {
  const pages = await generateResourceDocs(root);
  const dir = join(root, RESOURCE_DOCS_DIR);
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) {
    if (name.endsWith(".md") && !(`${RESOURCE_DOCS_DIR}/${name}` in pages)) rmSync(join(dir, name));
  }
  for (const [path, text] of Object.entries(pages)) writeFileSync(join(root, path), text);
  return Object.keys(pages);
}

if (require.main === module) {
  writeResourceDocs().then(
    (written) => process.stdout.write(`wrote ${written.length} pages under ${RESOURCE_DOCS_DIR}/\n`),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
