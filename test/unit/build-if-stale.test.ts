/**
 * scripts/build-if-stale, which `npm run demo` runs instead of a full build: it builds when dist/
 * has no stamp or a source file changed since the stamp, and otherwise does nothing. Run in a
 * scratch copy of the layout whose `npm run build` only counts its runs, so the repository's dist/
 * is never touched.
 */
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = join(__dirname, "..", "..");

describe("scripts/build-if-stale", () => {
  const dir = mkdtempSync(join(tmpdir(), "pulumi-travel-build-if-stale-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const sub of ["src", "sdk/nodejs", "examples", "scripts", "bench", "test", "vendor-api"])
    mkdirSync(join(dir, sub), { recursive: true });
  for (const file of [
    "vitest.config.mts",
    "tsconfig.json",
    "tsconfig.build.json",
    "tsconfig.plugin-sdk.json",
    "package-lock.json",
  ])
    writeFileSync(join(dir, file), "");
  copyFileSync(join(root, "scripts", "build-if-stale"), join(dir, "scripts", "build-if-stale"));
  writeFileSync(join(dir, "src", "index.ts"), "export {};\n");
  // The stand-in build does what the real one does to dist/ (removes it, writes it again) and counts.
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      scripts: { build: "rm -rf dist && mkdir dist && echo built >> builds.log" },
    }),
  );
  const builds = () => readFileSync(join(dir, "builds.log"), "utf8").split("\n").length - 1;
  const buildIfStale = () => execFileSync("bash", [join(dir, "scripts", "build-if-stale")], { cwd: dir });

  it("builds without a stamp, skips an unchanged tree, and builds again after a change", () => {
    writeFileSync(join(dir, "builds.log"), "");
    buildIfStale();
    expect(builds()).toBe(1);
    buildIfStale();
    expect(builds()).toBe(1);

    // A source file changed after the build (the stamp set back: file times can be coarse).
    const earlier = new Date(Date.now() - 10_000);
    utimesSync(join(dir, "dist", ".build-stamp"), earlier, earlier);
    writeFileSync(join(dir, "src", "index.ts"), "export const changed = true;\n");
    buildIfStale();
    expect(builds()).toBe(2);
    buildIfStale();
    expect(builds()).toBe(2);

    // The plugin's Node.js SDK is compiled by the build too (dist/plugin).
    utimesSync(join(dir, "dist", ".build-stamp"), earlier, earlier);
    writeFileSync(join(dir, "sdk", "nodejs", "index.ts"), "export {};\n");
    buildIfStale();
    expect(builds()).toBe(3);
  });
});
