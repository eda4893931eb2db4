/**
 * What the resources of a program on the Node.js SDK (`pulumi-travel/plugin`) ask the engine for:
 * the installed pulumi-travel's version (the SDK's `getVersion()` reads it from the package.json
 * `npm run build` writes beside the compiled SDK) and the package schema's `pluginDownloadURL`
 * (which gen-sdk writes into the SDK's `resourceOptsDefaults()`), both read from the installed
 * package.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ownPackageJson, packageText } from "../own-package";
import type { DefaultProviderRequest } from "./default-provider";

/** The request of the SDK of the pulumi-travel at or above `dir` (by default this module's). */
export function pluginSdkRequest(dir?: string): Required<DefaultProviderRequest> {
  const { file, json } = ownPackageJson(dir);
  const schemaFile = join(dirname(file), "schemas", "pulumi-package.json");
  const schema = JSON.parse(readFileSync(schemaFile, "utf8")) as { pluginDownloadURL?: unknown };
  if (typeof schema.pluginDownloadURL !== "string")
    throw new Error(`the package schema ${schemaFile} has no pluginDownloadURL`);
  return {
    version: packageText(file, json.version, "version"),
    pluginDownloadURL: schema.pluginDownloadURL,
  };
}
