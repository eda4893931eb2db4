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
 * - the examples, in TypeScript, YAML, Go and Python, are the resource's first declaration in the
 *   programs under `examples/resources/` (`scripts/resource-docs/examples.ts`), which the tests
 *   type-check or compile; a resource without one in every language fails the generator;
 * - the tenant manifest section and what `export` and `reconcile` do with the type are the
 *   definition's tenant facts (`src/provider/model/tenant-facts.ts`).
 *
 * Run with `npm run docs`; `test/unit/resource-docs.test.ts` fails when a committed page differs.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { format } from "prettier";
import { z } from "zod";
import { kebabCase } from "../src/cli/manifest-keys";
import { ADOPT_INPUT } from "../src/provider/model/definition";
import { dynamicTokenOf } from "../src/provider/hosts/dynamic/token";
import { CONFIG_DOCUMENTS } from "../src/schemas/company-config-documents";
import { FORBIDDEN_IN_GENERATED, GENERATED_MARKER } from "./markdown-links";
import { EXAMPLE_LANGUAGES, type Example, examplesIn } from "./resource-docs/examples";
import { importLines } from "./resource-docs/import-lines";
import { inputJsonSchema, type JsonSchema, typeText } from "./resource-docs/json-type";
import { creationLines, type Definition, replaceLines, uniquenessLines } from "./resource-docs/rules";
import {
  compilerDocs,
  compilerView,
  repositoryRoot,
  type ResourceDocs,
  type ResourceEntry,
  resourceEntries,
} from "./resource-docs/compiler-docs";
import { replaceOnOf } from "../src/provider/model/replace-rules";
import { TOKEN_PREFIX } from "./provider-schema/pulumi-types";

/** The directory the pages are written to, relative to the repository root. */
export const RESOURCE_DOCS_DIR = "docs/resources";

/** Where a type is in the tenant manifest, `export` and `reconcile`: its definition's tenant facts. */
function tenantLines(definition: Definition): string[] {
  const facts = definition.capabilities?.tenant;
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

export { kebabCase, repositoryRoot };

/** How changes of the definition's keyed list inputs read in `pulumi preview --diff`, if it has any. */
function previewLines(definition: Definition): string[] {
  const keyed = Object.entries(definition.capabilities?.diff?.keyedInputs ?? {}).flatMap(([name, codec]) =>
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

/** The page of a resource class, from another resource page. */
function pageLinker(classNames: readonly string[]): (name: string) => string | undefined {
  return (name) => (classNames.includes(name) ? `${kebabCase(name)}.md` : undefined);
}

/** Escapes a table cell. */
const cell = (text: string) => text.replace(/\|/g, "\\|");

/** The Inputs section's table rows. */
function inputRows(definition: Definition, docs: ResourceDocs, schema: JsonSchema): string[] {
  const required = new Set(schema.required ?? []);
  const conditional: readonly string[] = definition.capabilities?.replacement?.replaceWhen?.inputs ?? [];
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const notes: string[] = [];
    if (docs.inputs[name]) notes.push(docs.inputs[name]);
    if (property.default !== undefined) notes.push(`Default: \`${JSON.stringify(property.default)}\`.`);
    const told = /\breplace/.test(docs.inputs[name] ?? "");
    if (replaceOnOf(definition).includes(name) && !told) notes.push("Changing it replaces the resource.");
    if (conditional.includes(name) && !told)
      notes.push("Changing it may replace the resource (see Replace rules).");
    if (definition.capabilities?.secrets?.secretInputs?.includes(name)) notes.push("**Secret.**");
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
    definition.capabilities?.outputRules?.idOutput !== undefined
      ? `The same value as \`${definition.capabilities?.outputRules?.idOutput}\`.`
      : (docs.id ?? "");
  if (idDoc === "")
    throw new Error(`${className}: say what its id is, "Its id is ...", in the TSDoc of its definition`);
  const rows = [`| \`id\` | \`string\` | ${cell(`The resource's id. ${idDoc}`)} |`];
  for (const output of declared) {
    const notes = [output.doc];
    if (output.name === definition.capabilities?.outputRules?.idOutput)
      notes.push("Equals the resource's `id`.");
    if (definition.capabilities?.secrets?.secretOutputs?.includes(output.name)) notes.push("**Secret.**");
    if (definition.capabilities?.outputRules?.keptOutputs?.includes(output.name))
      notes.push("`pulumi refresh` keeps the recorded value when the platform's read does not show it.");
    rows.push(`| \`${output.name}\` | ${cell(`\`${output.type}\``)} | ${cell(notes.join(" "))} |`);
  }
  return rows;
}

/**
 * The page's opening: how each language declares the type, on which host, with which type token,
 * and how Go and Python spell the input names the tables use (`firstInput`, as an example).
 */
function languageLines(className: string, dynamicToken: string, firstInput: string): string[] {
  const plugin = `${TOKEN_PREFIX}${className}`;
  const pascal = firstInput.charAt(0).toUpperCase() + firstInput.slice(1);
  const snake = firstInput.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  return [
    "| language | host | declaration | type token |",
    "| -------- | ---- | ----------- | ---------- |",
    `| TypeScript, JavaScript | dynamic resources | \`new ${className}(name, args)\`, with \`import { ${className}, type ${className}Args } from "pulumi-travel";\` | \`${dynamicToken}\` |`,
    `| YAML | provider plugin \`travel\` | \`type: ${plugin}\` | \`${plugin}\` |`,
    `| Go | provider plugin \`travel\` | \`travel.New${className}(ctx, name, &travel.${className}Args{...})\` | \`${plugin}\` |`,
    `| Python | provider plugin \`travel\` | \`travel.${className}(name, ...)\`, with \`import pulumi_travel as travel\` | \`${plugin}\` |`,
    "",
    `What each language needs: [languages](../languages.md). The inputs and outputs below are named as in`,
    `TypeScript and YAML (\`${firstInput}\`); Go spells them in PascalCase (\`${pascal}\`), Python in`,
    `snake_case (\`${snake}\`).`,
  ];
}

/** The Markdown page of one resource. */
function resourcePage(
  entry: ResourceEntry,
  docs: ResourceDocs,
  examples: readonly (Example | undefined)[],
  extra: readonly string[],
): string {
  const { definition, className } = entry;
  const schema = inputJsonSchema(definition.inputs);
  const inputs = Object.keys(schema.properties ?? {});
  const unique = uniquenessLines(definition, className);
  return [
    `${GENERATED_MARKER} (scripts/gen-resource-docs.ts) from the code; do not edit. -->`,
    "",
    `# ${className}`,
    "",
    docs.summary,
    "",
    ...languageLines(className, dynamicTokenOf(definition.type), inputs[0] ?? "companyId"),
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
    ...exampleLines(className, examples),
  ].join("\n");
}

/** The Example section: the resource in every language, each from its compiled program. */
function exampleLines(className: string, examples: readonly (Example | undefined)[]): string[] {
  const lines = [
    "## Example",
    "",
    "The same resource in each language, taken from programs the tests type-check or compile; how to",
    "use the provider from each language is in [languages](../languages.md).",
  ];
  EXAMPLE_LANGUAGES.forEach((language, index) => {
    const example = examples[index];
    if (example === undefined)
      throw new Error(
        `${className} has no ${language.name} example: declare one in a program in ${language.dir}/`,
      );
    lines.push(
      "",
      `### ${language.name}`,
      "",
      `From [\`${example.program}\`](../../${example.program}). ${language.host}`,
      "",
      "```" + language.fence,
      example.code,
      "```",
    );
  });
  return [...lines, ""];
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
  const docs = compilerDocs(compilerView(root), names, pageLinker(names));
  const examples = EXAMPLE_LANGUAGES.map((language) => examplesIn(root, language, names));
  const pages: Record<string, string> = {
    [`${RESOURCE_DOCS_DIR}/README.md`]: indexPage(entries, docs),
  };
  for (const entry of entries) {
    const docsOf = docs[entry.className];
    if (!docsOf) throw new Error(`no docs read for ${entry.className}`);
    pages[`${RESOURCE_DOCS_DIR}/${kebabCase(entry.className)}.md`] = resourcePage(
      entry,
      docsOf,
      examples.map((byType) => byType[entry.className]),
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
