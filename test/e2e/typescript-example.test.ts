/**
 * examples/typescript-tenant as a user runs it: its Pulumi.yaml, uncompiled `index.ts` and
 * tsconfig.json, with the packed package, through the real engine (preview, up, a no-change
 * preview, destroy). TypeScript comes from the project's node_modules, as the example's
 * package.json declares it; the runner then type-checks the program (ts-node) before running it.
 */
import { copyFileSync, existsSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { COMPANIES } from "../../src/emulator/org/records";
import { createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";

const ROOT = resolve(__dirname, "..", "..");
const EXAMPLE = join(ROOT, "examples", "typescript-tenant");

describe.skipIf(e2eSkipReason() !== "")("examples/typescript-tenant through the Pulumi engine", () => {
  let env: E2eEnvironment;
  const companies = () =>
    env.emulator.context.store
      .records(COMPANIES)
      .values()
      .filter((c) => c.externalId === "acme");

  beforeAll(async () => {
    // The example's devDependency, pinned to this repository's TypeScript: linked, not downloaded.
    const typescript = join(inject("packedProjectDir"), "node_modules", "typescript");
    if (!existsSync(typescript)) symlinkSync(join(ROOT, "node_modules", "typescript"), typescript, "dir");
    env = await createEnvironment("typescript-tenant", "");
    rmSync(join(env.programDir, "index.js"));
    for (const file of ["Pulumi.yaml", "index.ts", "tsconfig.json", "package.json"]) {
      copyFileSync(join(EXAMPLE, file), join(env.programDir, file));
    }
  });
  afterAll(async () => {
    await env?.dispose();
  });

  it("previews the tenant from uncompiled TypeScript", async () => {
    const preview = await env.stack.preview();
    expect(preview.changeSummary).toEqual({ create: 5 });
  });

  it("deploys it and converges", async () => {
    const up = await env.stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 5 });
    const companyId = up.outputs.companyId?.value as string;
    expect(companies().map((c) => c.id.id)).toEqual([companyId]);
    expect(up.outputs.officeId?.value).toEqual(expect.any(String));
    await env.stack.preview({ expectNoChanges: true });
  });

  it("fails the preview with the TypeScript error when the program is mistyped", async () => {
    const source = join(env.programDir, "index.ts");
    const good = join(env.programDir, "index.good.ts");
    copyFileSync(source, good);
    writeFileSync(
      source,
      `import { CompanyConfig } from "pulumi-travel";\nnew CompanyConfig("c", { companyId: "x", kind: "color", companyRole: "ORG", config: { profileColours: [] } });\n`,
    );
    try {
      await expect(env.stack.preview()).rejects.toThrow(/TS2353|profileColours/);
    } finally {
      copyFileSync(good, source);
      rmSync(good);
    }
  });

  it("destroys everything it created", async () => {
    const destroyed = await env.stack.destroy();
    expect(destroyed.summary.resourceChanges).toEqual({ delete: 5 });
    expect(companies()).toEqual([]);
  });
});
