/**
 * A resource definition is a small core plus the capabilities it opts into: no interface or object
 * type exported from `src/provider/model/` has more than 10 members, and the core names every
 * capability of `capabilities.ts` by its own interface. Read with the TypeScript compiler's parser.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const MODEL = resolve(__dirname, "../../src/provider/model");
const MAX_MEMBERS = 10;

/** Every exported interface and object type alias of a file, with its member count. */
function exportedShapes(file: string): { name: string; members: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
  const shapes: { name: string; members: number }[] = [];
  for (const statement of source.statements) {
    if (!exported(statement)) continue;
    if (ts.isInterfaceDeclaration(statement))
      shapes.push({ name: statement.name.text, members: statement.members.length });
    else if (ts.isTypeAliasDeclaration(statement) && ts.isTypeLiteralNode(statement.type))
      shapes.push({ name: statement.name.text, members: statement.type.members.length });
  }
  return shapes;
}

/** The names and member types of an interface declared in `file`. */
function membersOf(file: string, name: string): Map<string, string> {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const declaration = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === name,
  );
  if (declaration === undefined) throw new Error(`${file} declares no interface ${name}`);
  return new Map(
    declaration.members.map((member) => [
      member.name?.getText(source) ?? "",
      ts.isPropertySignature(member) ? (member.type?.getText(source) ?? "") : "",
    ]),
  );
}

const files = readdirSync(MODEL).filter((name) => name.endsWith(".ts"));

describe("definition interfaces", () => {
  it("reads the interfaces of every model file", () => {
    const all = files.flatMap((name) => exportedShapes(join(MODEL, name)));
    // The parser found the core and its capabilities: the check below is not vacuous.
    expect(all.map((shape) => shape.name)).toEqual(
      expect.arrayContaining(["ResourceDefinition", "ResourceCapabilities", "ReplaceRules", "DiffRules"]),
    );
  });

  it.each(files)("%s: no exported interface has more than 10 members", (name) => {
    const tooLarge = exportedShapes(join(MODEL, name)).filter((shape) => shape.members > MAX_MEMBERS);
    expect(tooLarge).toEqual([]);
  });

  it("declares each capability as an interface of its own file, one line in capabilities.ts", () => {
    const capabilities = membersOf(join(MODEL, "capabilities.ts"), "ResourceCapabilities");
    expect(capabilities.size).toBeGreaterThan(0);
    for (const [member, type] of capabilities) {
      const interfaceName = /^(\w+)/.exec(type)?.[1] ?? "";
      const owner = files.find((name) =>
        exportedShapes(join(MODEL, name)).some((shape) => shape.name === interfaceName),
      );
      expect(owner, `capability ${member}: ${type}`).toBeDefined();
      expect(owner, `capability ${member} lives in its own file`).not.toBe("capabilities.ts");
    }
    expect(membersOf(join(MODEL, "definition.ts"), "ResourceDefinition").get("capabilities")).toMatch(
      /^ResourceCapabilities</,
    );
  });
});
