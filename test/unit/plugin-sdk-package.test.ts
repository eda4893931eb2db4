/**
 * The Node.js SDK of the plugin as the npm package ships it (`pulumi-travel/plugin`, compiled into
 * dist/plugin by `npm run build`): typed, at the package's version, and with no package.json that
 * would make the Node.js language host report the plugin for every program (a program of the
 * dynamic resources must not start needing it). What the SDK's resources ask the engine for is
 * what `migrate --to typescript` records (src/cli/migrate/plugin-sdk-request.ts).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pluginSdkRequest } from "../../src/cli/migrate/plugin-sdk-request";
import { repoRoot } from "../support/packed-project";

const ROOT = repoRoot();

/** The files `npm pack` puts in the package, by path. */
function packedFiles(): string[] {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  return (JSON.parse(out) as { files: { path: string }[] }[])[0]?.files.map((file) => file.path) ?? [];
}

describe("pulumi-travel/plugin in the package", () => {
  it("ships the compiled, typed SDK and no package.json with a pulumi block", () => {
    const files = packedFiles();
    for (const file of ["dist/plugin/index.js", "dist/plugin/index.d.ts", "dist/plugin/package.json"])
      expect(files).toContain(file);
    expect(files.filter((file) => file.startsWith("sdk/nodejs/"))).toEqual([]);
    const withPulumiBlock = files
      .filter((file) => file === "package.json" || file.endsWith("/package.json"))
      .filter((file) => {
        const json = JSON.parse(readFileSync(join(ROOT, file), "utf8")) as { pulumi?: unknown };
        return json.pulumi !== undefined;
      });
    expect(withPulumiBlock).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      exports: Record<string, unknown>;
    };
    expect(manifest.exports["./plugin"]).toEqual({
      types: "./dist/plugin/index.d.ts",
      default: "./dist/plugin/index.js",
    });
  }, 60_000);

  it("asks the engine for plugin travel at the package's version, from the schema's pluginDownloadURL", () => {
    const utilities = require(join(ROOT, "dist", "plugin", "utilities.js")) as {
      resourceOptsDefaults(): unknown;
    };
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    const schema = JSON.parse(readFileSync(join(ROOT, "schemas", "pulumi-package.json"), "utf8")) as {
      pluginDownloadURL: string;
    };
    const request = { version, pluginDownloadURL: schema.pluginDownloadURL };
    expect(utilities.resourceOptsDefaults()).toEqual(request);
    expect(pluginSdkRequest()).toEqual(request);
  });
});
