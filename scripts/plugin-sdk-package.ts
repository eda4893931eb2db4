/**
 * Writes `dist/plugin/package.json` beside the compiled Node.js SDK of the plugin (`sdk/nodejs`,
 * compiled by `tsc -p tsconfig.plugin-sdk.json`; the package's subpath `pulumi-travel/plugin`).
 * `npm run build` runs it after that compile.
 *
 * The generated `utilities.ts` reads the plugin version its resources ask the engine for from
 * `./package.json` (`getVersion()`, sent with the schema's `pluginDownloadURL` as every resource's
 * default `version` option), so this file holds pulumi-travel's own version: the plugin `travel`
 * of the package the program installed. It has no `pulumi` block, unlike the generated
 * `sdk/nodejs/package.json` (not shipped): the Node.js language host reports every package.json
 * under node_modules that has one as a plugin the program needs, and a program of the dynamic
 * resources must not start needing the plugin (docs/languages.md, "TypeScript on the plugin").
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The package.json of the compiled SDK, for the package of `version`. */
export function pluginSdkPackageJson(version: string): string {
  const manifest = {
    name: "pulumi-travel-plugin-sdk",
    version,
    private: true,
    description:
      "The Node.js SDK of the provider plugin travel, generated from schemas/pulumi-package.json; imported as pulumi-travel/plugin.",
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

if (require.main === module) {
  const root = join(__dirname, "..", "..");
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
  const dir = join(root, "dist", "plugin");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), pluginSdkPackageJson(version));
}
