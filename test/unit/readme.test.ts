/**
 * The README tells the truth: its quick start is examples/typescript-tenant word for word (the
 * project an e2e test deploys), and its development commands are the package's scripts.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..", "..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const readme = read("README.md");

/** The fenced blocks of one README section, by language. */
function blocks(section: string): Record<string, string> {
  const start = readme.indexOf(`\n## ${section}`);
  expect(start, `README section "${section}"`).toBeGreaterThan(0);
  const end = readme.indexOf("\n## ", start + 1);
  const text = readme.slice(start, end === -1 ? undefined : end);
  const found: Record<string, string> = {};
  for (const [, language = "", body = ""] of text.matchAll(/```(\w+)\n([\s\S]*?)```/g))
    found[language] = body;
  return found;
}

describe("README", () => {
  it("quick start is examples/typescript-tenant word for word", () => {
    const quickStart = blocks("Quick start (TypeScript)");
    expect(quickStart.ts).toBe(read("examples/typescript-tenant/index.ts"));
    expect(quickStart.yaml).toBe(read("examples/typescript-tenant/Pulumi.yaml"));
    expect(quickStart.json).toBe(read("examples/typescript-tenant/tsconfig.json"));
    const pkg = JSON.parse(read("examples/typescript-tenant/package.json"));
    expect(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).sort()).toEqual([
      "@pulumi/pulumi",
      "pulumi-travel",
      "typescript",
    ]);
  });

  it("describes each development command as the script runs it", () => {
    const scripts = JSON.parse(read("package.json")).scripts as Record<string, string>;
    const development = blocks("Development").sh ?? "";
    const described = Object.fromEntries(
      [...development.matchAll(/^npm run (\S+)\s+# (.*)$/gm)].map((m) => [m[1], m[2]]),
    );
    expect(Object.keys(described)).toEqual(["test:fast", "build", "typecheck", "lint", "docs", "bench"]);
    for (const name of Object.keys(described)) expect(scripts[name], name).toBeDefined();
    expect(scripts.lint).toMatch(/eslint/);
    expect(scripts.lint).toMatch(/prettier --check/);
    expect(described.lint).toBe("eslint and prettier --check");
    expect(readme).not.toMatch(/biome/i);
  });
});
