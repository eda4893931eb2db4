/**
 * `{@link X}` in TSDoc, made readable on a page: a link to another resource's page when X is a
 * resource class, the value of X when it is a constant with a literal value (`OPTION_BATCH_SIZE`
 * reads as `50`), and X as code otherwise. The name is looked up where the comment was written.
 */
import ts from "typescript";

/** The value of a `const` whose initializer is a number or string literal, as source text. */
function literalValue(symbol: ts.Symbol, checker: ts.TypeChecker): string | undefined {
  const local = checker.getExportSymbolOfSymbol(symbol);
  const resolved = local.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(local) : local;
  const declaration = resolved.valueDeclaration;
  if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  const value = declaration.initializer;
  if (ts.isNumericLiteral(value)) return value.text.replace(/_/g, "");
  if (ts.isStringLiteral(value)) return JSON.stringify(value.text);
  return undefined;
}

/**
 * Replaces every `{@link ...}` in `text`, written in `file`. `pageOf` gives the page of a resource
 * class name (relative to the page being written), undefined for other names.
 */
export function resolveLinks(
  text: string,
  file: ts.SourceFile,
  checker: ts.TypeChecker,
  pageOf: (name: string) => string | undefined,
): string {
  const inScope = checker.getSymbolsInScope(file, ts.SymbolFlags.Value | ts.SymbolFlags.Alias);
  return text.replace(
    /\{@link\s+([^\s}|]+)\s*(?:\|\s*)?([^}]*)\}/g,
    (_match, target: string, label: string) => {
      const name = target.split(".").pop() ?? target;
      const page = pageOf(name);
      const shown = label.trim() === "" ? `\`${name}\`` : label.trim();
      if (page !== undefined) return `[${shown}](${page})`;
      const symbol = inScope.find((candidate) => candidate.name === name);
      const value = symbol && literalValue(symbol, checker);
      return value ?? shown;
    },
  );
}
