/**
 * Packs this package with `npm pack` and installs the tarball into a temporary Pulumi project
 * directory, the way users consume it. E2E tests put their programs below that directory.
 * Under CI=true a missing Pulumi CLI fails the run instead of skipping the tests.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Directory whose node_modules holds the packed pulumi-travel and @pulumi/pulumi. */
    packedProjectDir: string;
    /** Set when the e2e tests cannot run here (never under CI=true). */
    e2eSkipReason: string;
  }
}

const root = resolve(__dirname, "..", "..");

function findOnPath(program: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(":")) {
    if (dir && existsSync(join(dir, program))) return join(dir, program);
  }
  return undefined;
}

export default async function setup(project: TestProject): Promise<() => void> {
  const missing = ["pulumi", "pulumi-language-nodejs", "pulumi-resource-pulumi-nodejs"].filter(
    (p) => !findOnPath(p),
  );
  if (missing.length > 0) {
    const reason = `${missing.join(", ")} not found on PATH; run scripts/bootstrap (npm test does)`;
    if (process.env.CI === "true") throw new Error(`CI=true: the e2e tests need the Pulumi CLI: ${reason}`);
    project.provide("e2eSkipReason", reason);
    project.provide("packedProjectDir", "");
    return () => undefined;
  }
  if (!existsSync(join(root, "dist", "src", "index.js"))) {
    throw new Error("dist/ is missing: run `npm run build` before the e2e tests (npm test does)");
  }
  const dir = mkdtempSync(join(tmpdir(), "pulumi-travel-e2e-"));
  const packed = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], {
    cwd: root,
    encoding: "utf8",
  })
    .trim()
    .split("\n")
    .pop();
  if (!packed) throw new Error("npm pack printed no tarball name");
  const pulumiVersion = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).devDependencies[
    "@pulumi/pulumi"
  ];
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify(
      {
        name: "pulumi-travel-e2e",
        private: true,
        dependencies: { "pulumi-travel": `file:./${packed}`, "@pulumi/pulumi": pulumiVersion },
      },
      null,
      2,
    ),
  );
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
  });
  project.provide("packedProjectDir", dir);
  project.provide("e2eSkipReason", "");
  return () => rmSync(dir, { recursive: true, force: true });
}
