/**
 * The entry point of the provider plugin `travel` (`pulumi-resource-travel` runs it): the plugin
 * host wired to the package's registry, its lookups as provider functions, its delete warnings and
 * its package schema. The engine starts it with its own address as the first argument.
 */
import { companyDeleteCheck, deleteWarnings } from "./delete-warnings";
import { PROVIDER_FUNCTIONS } from "./lookups/functions";
import { packageFileText } from "./package-files/package-file";
import { readPackageSchema } from "./provider/hosts/plugin/package-schema";
import { servePlugin } from "./provider/hosts/plugin/serve";
import { definitions } from "./resources/registry";

if (require.main === module) {
  const { version } = JSON.parse(packageFileText("package.json")) as { version?: unknown };
  if (typeof version !== "string") throw new Error("pulumi-travel's package.json has no version");
  servePlugin(
    {
      version,
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
