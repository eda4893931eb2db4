/**
 * The resource pages under docs/resources are generated from the code (`npm run docs`); this test
 * fails when a committed page differs from what the generator writes now, or when a type of the
 * registry has no page, no example from the type-checked programs under examples/resources, or a
 * rule its definition does not state.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generateResourceDocs, kebabCase, RESOURCE_DOCS_DIR } from "../../scripts/gen-resource-docs";
import { FORBIDDEN_IN_GENERATED } from "../../scripts/markdown-links";
import { EXAMPLE_LANGUAGES } from "../../scripts/resource-docs/examples";
import { OPTION_BATCH_SIZE } from "../../src/resources/option-group";
import { definitions } from "../../src/resources/registry";
import { replaceOnOf } from "../../src/provider/model/replace-rules";

const ROOT = resolve(__dirname, "..", "..");

/** How each language's example declares a resource of `type`. */
const DECLARATION: Record<string, (type: string) => RegExp> = {
  TypeScript: (type) => new RegExp(`new ${type}\\(`),
  YAML: (type) => new RegExp(`^  type: travel:index:${type}$`, "m"),
  Go: (type) => new RegExp(`travel\\.New${type}\\(ctx, `),
  Python: (type) => new RegExp(`^travel\\.${type}\\(|= travel\\.${type}\\(`, "m"),
};

describe("docs/resources", () => {
  let pages: Record<string, string> = {};
  beforeAll(async () => {
    pages = await generateResourceDocs(ROOT);
  }, 120_000);

  it("has a page for every resource type of the registry", () => {
    const titles = Object.values(pages).map((page) => /^# (\S+)$/m.exec(page)?.[1]);
    for (const type of Object.keys(definitions)) expect(titles).toContain(type);
  });

  it("is what `npm run docs` generates (run it after changing a resource or its schema)", () => {
    const committed = Object.fromEntries(
      readdirSync(join(ROOT, RESOURCE_DOCS_DIR))
        .filter((name) => name.endsWith(".md"))
        .map((name) => [
          `${RESOURCE_DOCS_DIR}/${name}`,
          readFileSync(join(ROOT, RESOURCE_DOCS_DIR, name), "utf8"),
        ]),
    );
    expect(Object.keys(committed).sort()).toEqual(Object.keys(pages).sort());
    for (const [path, text] of Object.entries(pages)) expect(committed[path], path).toBe(text);
  });

  it("documents inputs from the TSDoc on the schema and outputs from the class", () => {
    const page = pages[`${RESOURCE_DOCS_DIR}/legal-entity.md`] ?? "";
    expect(page).toMatch(
      /\| `billingCurrency` +\| `string` +\| yes +\| Billing currency, a 3-letter ISO 4217 code\. +\|/,
    );
    expect(page).toMatch(/\| `legalEntityId` \| `string` \| The platform's id of the legal entity\./);
    expect(page).toContain("Changing `companyId` replaces the object");
    expect(page).toContain('new LegalEntity("acme-us", {');
  });

  it("gives every type of the registry a page with its example in every language, each from its program", () => {
    const typeChecked = JSON.parse(readFileSync(join(ROOT, "tsconfig.json"), "utf8")).include as string[];
    expect(typeChecked).toContain("examples");
    for (const type of Object.keys(definitions)) {
      const path = `${RESOURCE_DOCS_DIR}/${kebabCase(type)}.md`;
      const page = pages[path] ?? "";
      expect(page, path).toMatch(new RegExp(`^# ${type}$`, "m"));
      const examples = [
        ...page.matchAll(/^### (\w+)\n\nFrom \[`([^`]+)`\]\S* [^\n]*\n\n```(\w+)\n([\s\S]*?)```/gm),
      ];
      expect(
        examples.map(([, language, , fence]) => `${language} ${fence}`),
        `${path}: the examples`,
      ).toEqual(EXAMPLE_LANGUAGES.map((language) => `${language.name} ${language.fence}`));
      for (const [, language, program = "", , code = ""] of examples) {
        expect(code, `${path}: ${language}`).toMatch(DECLARATION[language ?? ""]?.(type) ?? /^$/);
        // Word for word in the program the tests compile, at the indentation it has there.
        const source = readFileSync(join(ROOT, program), "utf8");
        const lines = code.trimEnd().split("\n");
        const at = source.indexOf(lines[0] ?? "");
        const indent = source.slice(source.lastIndexOf("\n", at) + 1, at);
        expect(indent, `${path}: ${language} in ${program}`).toMatch(/^[ \t]*$/);
        expect(source, `${path}: the ${language} example is in ${program}`).toContain(
          lines.map((line) => (line === "" ? line : indent + line)).join("\n"),
        );
      }
      expect(
        FORBIDDEN_IN_GENERATED.filter((text) => page.includes(text)),
        path,
      ).toEqual([]);
      expect(page, `${path}: the id row`).toMatch(/^\| `id` +\| `string` +\| The resource's id\. \S/m);
    }
  });

  it("states the rules the definitions declare", () => {
    const page = (type: keyof typeof definitions) =>
      pages[`${RESOURCE_DOCS_DIR}/${kebabCase(type)}.md`] ?? "";
    for (const [type, definition] of Object.entries(definitions)) {
      const text = page(type).replace(/\s+/g, " ");
      if (definition.capabilities?.replacement?.replaceWhen)
        expect(text, type).toContain(
          definition.capabilities?.replacement?.replaceWhen.when.replace(/\s+/g, " "),
        );
      if (definition.recovery.strategy === "idempotent") {
        expect(text, type).toContain("A create makes no new object");
        if (definition.recovery.existing) expect(text, type).toContain(definition.recovery.existing);
      } else expect(text, type).toContain(`Every create makes a new ${type} on the platform.`);
      for (const unique of definition.capabilities?.uniqueness?.uniqueInputs ?? [])
        expect(text, type).toContain(unique.rejection);
      if (replaceOnOf(definition).length > 0)
        expect(text, type).toContain(
          definition.capabilities?.replacement?.deleteBeforeReplace
            ? "A replacement deletes the old object first"
            : "A replacement creates the new object first",
        );
    }
    // TSDoc links: a constant reads as its value, another name as code.
    expect(page("OptionGroup")).toContain(`of at most ${OPTION_BATCH_SIZE} entries each`);
    expect(page("CustomFieldOrder")).toContain("(see `planReorder`)");
    // The sentences the issue found false.
    expect(page("ApiUser")).not.toContain("takes over whatever");
    expect(page("Arm")).not.toContain("Every other change is made in place");
    expect(page("PartnerPublicKey")).not.toMatch(/name must be unique/);
    expect(page("PartnerPublicKey")).toContain("No input is changed in place.");
  });
});
