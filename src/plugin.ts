/**
 * The entry point of the provider plugin `travel` (`pulumi-resource-travel` runs it): the plugin
 * host wired to the package's registry, its lookups as provider functions, its delete warnings and
 * its package schema. The engine starts it with its own address as the first argument.
 */
import { ownPackageJson, packageText } from "./cli/own-package";
import { companyDeleteCheck, deleteWarnings } from "./delete-warnings";
import { PROVIDER_FUNCTIONS } from "./lookups/functions";
import { readPackageSchema } from "./provider/hosts/plugin/package-schema";
import { servePlugin } from "./provider/hosts/plugin/serve";
import { definitions } from "./resources/registry";

if (require.main === module) {
  const { file, json } = ownPackageJson();
  servePlugin(
    {
      version: packageText(file, json.version, "version"),
      definitions,
      functions: PROVIDER_FUNCTIONS,
      deleteWarnings,
      companyDeleteCheck,
      schema: readPackageSchema,
    },
    process.argv[2],
  ).catch((error: unknown) => {
    process.stderr.write(
      `pulumi-resource-travel: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
