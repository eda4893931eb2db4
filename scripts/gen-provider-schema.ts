/**
 * Writes schemas/pulumi-package.json, the Pulumi package schema of the provider plugin `travel`,
 * derived from the registry, the lookups' provider functions, the provider settings and their
 * TSDoc (`scripts/provider-schema/package-schema.ts`), and prints where the schema says less than
 * zod does (`pulumi.json#/Any` for unions, string keys for records keyed by an enum; the list is
 * also in `test/unit/provider-schema.test.ts`). Run with `npm run provider-schema`; the test fails
 * when the committed file is stale.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { repositoryRoot } from "./resource-docs/compiler-docs";
import {
  generateProviderSchema,
  PACKAGE_SCHEMA_PATH,
  packageSchemaText,
} from "./provider-schema/package-schema";

const { schema, fallbacks } = generateProviderSchema(repositoryRoot());
writeFileSync(join(repositoryRoot(), PACKAGE_SCHEMA_PATH), packageSchemaText(schema));
const count = (record: object) => Object.keys(record).length;
process.stdout.write(
  `wrote ${PACKAGE_SCHEMA_PATH}: ${count(schema.resources)} resources, ${count(schema.types)} types, ` +
    `${count(schema.functions)} functions, ${fallbacks.length} fallbacks\n` +
    fallbacks.map((fallback) => `  ${fallback.at}: ${fallback.reason}\n`).join(""),
);
