/**
 * The resource pages under docs/resources are generated from the code (`npm run docs`); this test
 * fails when a committed page differs from what the generator writes now, or when a resource of
 * the barrel has no page.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generateResourceDocs, RESOURCE_DOCS_DIR } from "../../scripts/gen-resource-docs";
import { definitions } from "../../src/resources/registry";

const ROOT = resolve(__dirname, "..", "..");

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
});
