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
 * - the example is the resource's first `new <Name>(...)` statement in `examples/resources/index.ts`,
 *   a program that is type-checked and deployed by `npm run demo`;
 * - the tenant manifest section and what `export` and `reconcile` do with the type are the
 *   definition's tenant facts (`src/provider/tenant-facts.ts`).
 *
 * Run with `npm run docs`; `test/unit/resource-docs.test.ts` fails when a committed page differs.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { format } from "prettier";
import ts from "typescript";
import { z } from "zod";
import { kebabCase } from "../src/cli/manifest-keys";
import { isTravelResourceClass } from "../src/provider/define-resource";
import { ADOPT_INPUT, tokenOf } from "../src/provider/definition";
import * as resources from "../src/resources";
import { CONFIG_DOCUMENTS } from "../src/schemas/company-config-documents";

/** The directory the pages are written to, relative to the repository root. */
export const RESOURCE_DOCS_DIR = "docs/resources";

const EXAMPLE_PROGRAM = "examples/resources/index.ts";

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minItems?: number;
}

/** What the TypeScript compiler says about one resource's API. */
interface ResourceDocs {
  /** The resource module's header comment. */
  summary: string;
  /** TSDoc of each input, by name. */
  inputs: Record<string, string>;
  /** Declared outputs of the class with their type and TSDoc. */
  outputs: { name: string; type: string; doc: string }[];
}

/** A resource class exported by the barrel. */
interface ResourceEntry {
  className: string;
  definition: (typeof resources.Company)["definition"];
}

/** The repository root (this file runs from `scripts/` and from `dist/scripts/`). */
export function repositoryRoot(): string {
  const here = resolve(__dirname, "..");
  return basename(here) === "dist" ? resolve(here, "..") : here;
}

/** Where a type is in the tenant manifest, `export` and `reconcile`: its definition's tenant facts. */
function tenantLines(definition: ResourceEntry["definition"]): string[] {
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
function previewLines(definition: ResourceEntry["definition"]): string[] {
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

const docText = (symbol: ts.Symbol, checker: ts.TypeChecker): string =>
  ts
    .displayPartsToString(symbol.getDocumentationComment(checker))
    .replace(/\s*\n\s*/g, " ")
    .trim();

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
    const header = /^\s*\/\*\*([\s\S]*?)\*\//.exec(file.text)?.[1] ?? "";
    const summary = header
      .split("\n")
      .map((line) => line.replace(/^\s*\*\s?/, "").trim())
      .join(" ")
      .trim();

    const argsType = checker.getDeclaredTypeOfSymbol(resolveAlias(argsSymbol));
    const inputs = Object.fromEntries(
      checker.getPropertiesOfType(argsType).map((property) => [property.name, docText(property, checker)]),
    );

    const outputs: ResourceDocs["outputs"] = [];
    for (const member of declaration.members) {
      if (!ts.isPropertyDeclaration(member) || !ts.isIdentifier(member.name)) continue;
      const symbol = checker.getSymbolAtLocation(member.name);
      if (!symbol) continue;
      const type = checker.getTypeAtLocation(member);
      const text = checker.typeToString(type, member, ts.TypeFormatFlags.NoTruncation);
      outputs.push({
        name: member.name.text,
        type: text.replace(/^(?:pulumi\.)?Output<(.*)>$/, "$1"),
        doc: docText(symbol, checker),
      });
    }
    const text = (summary || docText(cls, checker)).replace(
      new RegExp(`^The ${className} resource:\\s*`),
      "",
    );
    result[className] = { summary: text.charAt(0).toUpperCase() + text.slice(1), inputs, outputs };
  }
  return result;
}

/** The first `new <Class>(...)` statement of the example program, by class. */
function examplesOf(root: string, classNames: readonly string[]): Record<string, string> {
  const path = join(root, EXAMPLE_PROGRAM);
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  const found: Record<string, string> = {};
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      if (classNames.includes(name) && found[name] === undefined) {
        let statement: ts.Node = node;
        while (!ts.isStatement(statement) && statement.parent !== source) statement = statement.parent;
        found[name] = statement.getText(source);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A short type of a JSON Schema node: `string`, `"ORG" | "TMC"`, `PostalAddress[]`, ... */
function typeText(schema: JsonSchema | boolean | undefined, depth = 0): string {
  if (schema === undefined || schema === true) return "any";
  if (schema === false) return "never";
  if (schema.$ref) return schema.$ref.replace(/^#\/\$defs\//, "");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" \\| ");
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((member) => typeText(member, depth)).join(" \\| ");
  if (schema.allOf) return schema.allOf.map((member) => typeText(member, depth)).join(" & ");
  const type = Array.isArray(schema.type) ? schema.type.join(" \\| ") : schema.type;
  switch (type) {
    case "array":
      return `${wrap(typeText(schema.items, depth))}[]`;
    case "object": {
      if (schema.properties && Object.keys(schema.properties).length > 0) {
        if (depth > 0) return "object";
        const required = new Set(schema.required ?? []);
        const keys = Object.keys(schema.properties).map((key) => (required.has(key) ? key : `${key}?`));
        return keys.length > 6 ? `{ ${keys.slice(0, 6).join(", ")}, ... }` : `{ ${keys.join(", ")} }`;
      }
      const values = schema.additionalProperties;
      if (values !== undefined && values !== false) {
        const keys = schema.propertyNames ? typeText(schema.propertyNames, depth + 1) : "string";
        return `map of ${keys.includes("|") ? "feature name" : keys} to ${typeText(values, depth + 1)}`;
      }
      return "object";
    }
    case "integer":
      return "integer";
    case undefined:
      return "any";
    default:
      return schema.format ? `${type} (${schema.format})` : type;
  }
}

const wrap = (text: string) => (text.includes(" ") ? `(${text})` : text);

/** Escapes a table cell. */
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\\\\\|/g, "\\|");

/** The Markdown page of one resource. */
function resourcePage(entry: ResourceEntry, docs: ResourceDocs, example: string | undefined): string {
  const { definition, className } = entry;
  const schema = z.toJSONSchema(definition.inputs, {
    io: "input",
    unrepresentable: "any",
    reused: "inline",
  }) as JsonSchema;
  const required = new Set(schema.required ?? []);
  const properties = schema.properties ?? {};
  const replaceOn = [...definition.replaceOn];
  const lines: string[] = [
    "<!-- Generated by `npm run docs` (scripts/gen-resource-docs.ts) from the code; do not edit. -->",
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
  ];
  for (const [name, property] of Object.entries(properties)) {
    const notes: string[] = [];
    if (docs.inputs[name]) notes.push(docs.inputs[name]);
    if (property.default !== undefined) notes.push(`Default: \`${JSON.stringify(property.default)}\`.`);
    if (replaceOn.includes(name) && !/replaces/.test(docs.inputs[name] ?? "")) {
      notes.push("Changing it replaces the resource.");
    }
    lines.push(
      `| \`${name}\` | ${cell(`\`${typeText(property)}\``.replace(/\\\|/g, "|"))} | ${required.has(name) ? "yes" : "no"} | ${cell(
        notes.join(" "),
      )} |`,
    );
  }
  if (className === "CompanyConfig") lines.push("", ...configKindsSection());
  lines.push("", "## Outputs", "");
  lines.push("Every input is also an output of the same name. In addition:", "");
  lines.push("| output | type | description |", "| ------ | ---- | ----------- |");
  const outputs = docs.outputs.filter((output) => !(output.name in properties));
  if (definition.idOutput !== undefined && !outputs.some((o) => o.name === definition.idOutput)) {
    outputs.unshift({ name: definition.idOutput, type: "string", doc: "The resource's id." });
  }
  for (const output of outputs) {
    const notes = [output.doc];
    if (output.name === definition.idOutput) notes.push("Equals the resource's `id`.");
    if (definition.secretOutputs?.includes(output.name)) notes.push("**Secret.**");
    lines.push(`| \`${output.name}\` | ${cell(`\`${output.type}\``)} | ${cell(notes.join(" "))} |`);
  }
  lines.push("", "## Replace rules", "");
  if (replaceOn.length === 0) {
    lines.push("Every change is made in place; nothing forces a replacement.");
  } else {
    lines.push(
      `Changing ${replaceOn.map((name) => `\`${name}\``).join(", ")} replaces the object: ${
        definition.deleteBeforeReplace
          ? "the old one is deleted first, then the new one is created (its name must be unique)."
          : "the new one is created first, then the old one is deleted."
      } Every other change is made in place.`,
    );
  }
  lines.push(...previewLines(definition));
  lines.push("", "## Import and adoption", "");
  if (ADOPT_INPUT in properties) {
    lines.push(
      "The `import` resource option does not work for dynamic resources. To take over an object that",
      `already exists on the platform, set \`${ADOPT_INPUT}\` to its id: the first \`pulumi up\` reads it and`,
      "converges it to the declared inputs instead of creating a new one. Later runs manage it like",
      "any other resource, and `pulumi destroy` deletes it.",
    );
  } else {
    lines.push(
      `${className} has no \`${ADOPT_INPUT}\` input: the object is addressed by its inputs alone (${replaceOn
        .map((name) => `\`${name}\``)
        .join(", ")}), so declaring it takes over whatever the platform holds there and converges it.`,
    );
  }
  lines.push("", "## Tenant manifest, export and reconcile", "", ...tenantLines(definition));
  lines.push("", "## Example", "");
  if (example) {
    lines.push(`From [${EXAMPLE_PROGRAM}](../../${EXAMPLE_PROGRAM}):`, "", "```ts", example, "```");
  } else {
    lines.push(
      `No example yet: add a \`new ${className}(...)\` to [${EXAMPLE_PROGRAM}](../../${EXAMPLE_PROGRAM}).`,
    );
  }
  lines.push("");
  return lines.join("\n");
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
      .map(([name, field]) => `\`${name}${required.has(name) ? "" : "?"}\`: ${typeText(field, 1)}`)
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
    "<!-- Generated by `npm run docs` (scripts/gen-resource-docs.ts) from the code; do not edit. -->",
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

/** Every page, by path relative to the repository root. */
export async function generateResourceDocs(root: string = repositoryRoot()): Promise<Record<string, string>> {
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
    );
  }
  const options = { parser: "markdown", printWidth: 110, proseWrap: "preserve" } as const;
  for (const [path, text] of Object.entries(pages)) pages[path] = await format(text, options);
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
