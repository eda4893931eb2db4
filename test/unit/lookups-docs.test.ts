/**
 * docs/lookups.md stays true: a section per lookup, each example as written in the type-checked
 * examples/lookups/index.ts, and every type without a lookup listed with its reason.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { lookupsByKey, WITHOUT_LOOKUP } from "../../src/lookups";

const ROOT = resolve(__dirname, "../..");
const page = readFileSync(join(ROOT, "docs/lookups.md"), "utf8");
const examples = readFileSync(join(ROOT, "examples/lookups/index.ts"), "utf8");

/** The `#region` blocks of the examples, by name. */
const regions = new Map(
  [...examples.matchAll(/\/\/ #region (\w+)\n([\s\S]*?)\/\/ #endregion \1/g)].map((m) => [
    m[1] ?? "",
    m[2] ?? "",
  ]),
);

const LOOKUPS = [
  "getCompany",
  "getUserGroup",
  "getRole",
  ...Object.keys(lookupsByKey).filter((name) => !name.endsWith("Output")),
];

describe("docs/lookups.md", () => {
  it.each(LOOKUPS)("has a section for %s with an example from examples/lookups/index.ts", (name) => {
    expect(page).toMatch(new RegExp(`^#{2,3} ${name}$`, "m"));
    const example = regions.get(name);
    expect(example, `a #region ${name} in examples/lookups/index.ts`).toBeDefined();
    expect(example).toContain(name);
  });

  it("shows every example exactly as the type-checked program has it", () => {
    expect(regions.size).toBeGreaterThan(LOOKUPS.length);
    for (const [name, code] of regions) expect(page, name).toContain("```ts\n" + code + "```");
  });

  it("lists every type without a lookup with its reason", () => {
    const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    for (const [type, why] of Object.entries(WITHOUT_LOOKUP))
      expect(page).toMatch(new RegExp(`^\\| \`${type}\` +\\| ${escaped(why)} +\\|$`, "m"));
  });
});
