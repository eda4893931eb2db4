/**
 * What the TypeScript compiler says about the package's API, for the generators that describe it
 * (the resource pages, `scripts/gen-resource-docs.ts`, and the Pulumi package schema,
 * `scripts/gen-provider-schema.ts`): each resource type's summary (its module's header), the TSDoc
 * of its inputs (read through its `<Name>Args` interface, derived from the input schema) and of its
 * outputs with their types (its `<Name>Outputs` interface), and the TSDoc of any exported type's
 * properties.
 */
import { basename, join, resolve } from "node:path";
import ts from "typescript";
import { definitionList } from "../../src/resources/registry";
import type { Definition } from "./rules";
import { resolveLinks } from "./tsdoc-links";

/** What the TypeScript compiler says about one resource's API. */
export interface ResourceDocs {
  /** The resource module's header comment. */
  summary: string;
  /** TSDoc of each input, by name. */
  inputs: Record<string, string>;
  /** The outputs interface's members with their type and TSDoc. */
  outputs: { name: string; type: string; doc: string }[];
  /** What the resource's `id` is: the "Its id is ..." sentence of the definition's TSDoc. */
  id: string | undefined;
}

/** A resource type of the registry, named as its classes and pages are. */
export interface ResourceEntry {
  className: string;
  definition: Definition;
}

/** The repository root (this file runs from `scripts/resource-docs/` and from `dist/scripts/resource-docs/`). */
export function repositoryRoot(): string {
  const here = resolve(__dirname, "..", "..");
  return basename(here) === "dist" ? resolve(here, "..") : here;
}

/** The resource types of the registry, sorted by name. */
export function resourceEntries(): ResourceEntry[] {
  return definitionList
    .map((definition) => ({ className: definition.type, definition }))
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

/** The module's header comment on one line. */
function headerComment(file: ts.SourceFile): string {
  const header = /^\s*\/\*\*([\s\S]*?)\*\//.exec(file.text)?.[1] ?? "";
  return header
    .split("\n")
    .map((line) => line.replace(/^\s*\*\s?/, "").trim())
    .join(" ")
    .trim();
}

/** What the definition's TSDoc says the id is (`Its id is the company id.`). */
function idSentence(definition: ts.Symbol, checker: ts.TypeChecker): string | undefined {
  const doc = ts.displayPartsToString(definition.getDocumentationComment(checker)).replace(/\s*\n\s*/g, " ");
  const sentence = /Its id is (.+?)\.(?:\s|$)/.exec(doc)?.[1];
  return sentence && sentence.charAt(0).toUpperCase() + sentence.slice(1) + ".";
}

/** The package's sources as the compiler sees them: the exports of a module, by its path. */
export interface CompilerView {
  checker: ts.TypeChecker;
  /** The exports of `src/<path>` (a module the resource barrel reaches), aliases resolved. */
  exportsOf(path: string): Map<string, ts.Symbol>;
}

/** The compiler's view of the package, from the resource barrel and what it imports. */
export function compilerView(root: string): CompilerView {
  const configPath = join(root, "tsconfig.json");
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const barrel = join(root, "src", "resources", "index.ts");
  const program = ts.createProgram([barrel], { ...parsed.options, noEmit: true });
  const checker = program.getTypeChecker();
  const resolveAlias = (symbol: ts.Symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return {
    checker,
    exportsOf(path) {
      const file = program.getSourceFile(join(root, "src", path));
      const moduleSymbol = file && checker.getSymbolAtLocation(file);
      if (!moduleSymbol) throw new Error(`cannot read src/${path}`);
      return new Map(checker.getExportsOfModule(moduleSymbol).map((s) => [s.name, resolveAlias(s)]));
    },
  };
}

/** The TSDoc and type of each property of the type `typeName` that `src/<path>` exports. */
export function propertyDocs(
  view: CompilerView,
  path: string,
  typeName: string,
): Record<string, { doc: string; type: ts.Type }> {
  const { checker } = view;
  const symbol = view.exportsOf(path).get(typeName);
  if (!symbol) throw new Error(`src/${path} does not export ${typeName}`);
  return Object.fromEntries(
    checker
      .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))
      .map((property) => [
        property.name,
        { doc: docText(property, checker, () => undefined), type: checker.getTypeOfSymbol(property) },
      ]),
  );
}

/**
 * Reads TSDoc and output types of every resource type of the barrel with the compiler API: its
 * `<Name>Args` and `<Name>Outputs` interfaces and its definition. `pageOf` gives the link of a
 * `{@link}`ed name (a resource page), undefined to show it as code.
 */
export function compilerDocs(
  view: CompilerView,
  classNames: readonly string[],
  pageOf: (name: string) => string | undefined,
): Record<string, ResourceDocs> {
  const { checker } = view;
  const exports = view.exportsOf(join("resources", "index.ts"));

  const result: Record<string, ResourceDocs> = {};
  for (const className of classNames) {
    const definitionSymbol = exports.get(`${className.charAt(0).toLowerCase()}${className.slice(1)}Resource`);
    const argsSymbol = exports.get(`${className}Args`);
    const outputsSymbol = exports.get(`${className}Outputs`);
    if (!definitionSymbol)
      throw new Error(`src/resources/index.ts does not export the definition of ${className}`);
    if (!argsSymbol) throw new Error(`src/resources/index.ts must export the type ${className}Args`);
    if (!outputsSymbol) throw new Error(`src/resources/index.ts must export the type ${className}Outputs`);
    const declaration = outputsSymbol.declarations?.[0];
    if (!declaration || !ts.isInterfaceDeclaration(declaration))
      throw new Error(`${className}Outputs is not an interface`);
    const file = declaration.getSourceFile();

    const argsType = checker.getDeclaredTypeOfSymbol(argsSymbol);
    const inputs = Object.fromEntries(
      checker
        .getPropertiesOfType(argsType)
        .map((property) => [property.name, docText(property, checker, pageOf)]),
    );

    const outputs: ResourceDocs["outputs"] = [];
    for (const member of declaration.members) {
      if (!ts.isPropertySignature(member) || !ts.isIdentifier(member.name)) continue;
      const symbol = checker.getSymbolAtLocation(member.name);
      if (!symbol) continue;
      outputs.push({
        name: member.name.text,
        type: checker.typeToString(
          checker.getTypeAtLocation(member),
          member,
          ts.TypeFormatFlags.NoTruncation,
        ),
        doc: docText(symbol, checker, pageOf),
      });
    }
    const header = resolveLinks(headerComment(file), file, checker, pageOf);
    const text = (header || docText(outputsSymbol, checker, pageOf)).replace(
      new RegExp(`^The ${className} resource:\\s*`),
      "",
    );
    result[className] = {
      summary: text.charAt(0).toUpperCase() + text.slice(1),
      inputs,
      outputs,
      id: idSentence(definitionSymbol, checker),
    };
  }
  return result;
}
