/**
 * A provider process loads only the parts of `@pulumi/pulumi` it uses. The SDK's root module pulls
 * in everything, npm's arborist included (about half a second of CPU), and each engine run starts
 * the plugin or the dynamic provider afresh, so the package imports the SDK's modules
 * (`@pulumi/pulumi/output`, `/dynamic`, ...) and never its root (eslint's `no-restricted-imports`
 * holds the sources to that). Checked in a fresh Node process, run from the sources, where
 * `require.cache` tells what was loaded.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runNode } from "../cli/harness";

const ENTRIES = {
  plugin: join(ROOT, "src", "plugin.ts"),
  providerRuntime: join(ROOT, "src", "runtime.ts"),
  barrel: join(ROOT, "src", "index.ts"),
  cli: join(ROOT, "src", "cli", "main.ts"),
};

const SCRIPT = `
const loaded = (part) => Object.keys(require.cache).some((path) => path.includes(part));
const seen = {};
for (const [name, file] of Object.entries(${JSON.stringify(ENTRIES)})) {
  require(file);
  seen[name] = { sdkRoot: loaded("/@pulumi/pulumi/index.js"), arborist: loaded("/@npmcli/arborist/"), sdk: loaded("/@pulumi/pulumi/") };
}
console.log(JSON.stringify(seen));
`;

/** Loads `file` alone in a fresh process; prints whether the dynamic host's Resource classes were loaded. */
const dynamicClassesLoaded = (file: string) => `
require(${JSON.stringify(file)});
const loaded = (part) => Object.keys(require.cache).some((path) => path.includes(part));
console.log(JSON.stringify({ classes: loaded("/src/dynamic/"), dynamicResource: loaded("/@pulumi/pulumi/dynamic/") }));
`;

describe("starting a provider process", () => {
  it("the plugin's entry loads no dynamic Resource class, and the dynamic runtime none either", async () => {
    for (const entry of [ENTRIES.plugin, ENTRIES.providerRuntime]) {
      const run = await runNode("-e", [dynamicClassesLoaded(entry)], {});
      expect(run.stderr).toBe("");
      expect(JSON.parse(run.stdout), entry).toEqual({ classes: false, dynamicResource: false });
    }
  });

  it("loads the SDK's modules it uses, not its root: the plugin's entry, the dynamic provider's runtime, the barrel and the CLI", async () => {
    const run = await runNode("-e", [SCRIPT], {});
    expect(run.stderr).toBe("");
    const notTheRoot = { sdkRoot: false, arborist: false, sdk: true };
    expect(JSON.parse(run.stdout)).toEqual({
      plugin: notTheRoot,
      providerRuntime: notTheRoot,
      barrel: notTheRoot,
      cli: notTheRoot,
    });
  });
});
