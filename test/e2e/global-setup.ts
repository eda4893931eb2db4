/**
 * Packs this package with `npm pack` and installs the tarball into a temporary Pulumi project
 * directory, the way users consume it (test/support/packed-project.ts). E2E tests put their
 * programs below that directory.
 * Under CI=true a missing Pulumi CLI fails the run instead of skipping the tests.
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { createPackedProject } from "../support/packed-project";

declare module "vitest" {
  export interface ProvidedContext {
    /** Directory whose node_modules holds the packed pulumi-travel and @pulumi/pulumi. */
    packedProjectDir: string;
    /** Set when the e2e tests cannot run here (never under CI=true). */
    e2eSkipReason: string;
  }
}

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
  const dir = createPackedProject("pulumi-travel-e2e-");
  project.provide("packedProjectDir", dir);
  project.provide("e2eSkipReason", "");
  return () => rmSync(dir, { recursive: true, force: true });
}
