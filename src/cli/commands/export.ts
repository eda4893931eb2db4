/**
 * `pulumi-travel export --company <id>`: reads a live tenant through the API and writes a tenant
 * manifest for it, every object with its platform id as `adoptId`, so that the first `pulumi up`
 * adopts everything and creates nothing. The manifest is validated with the same loader as
 * `pulumi-travel validate` before it is written; secrets are never written. With
 * `--format typescript` the same manifest becomes a TypeScript project instead: a program that
 * declares the resources the manifest declares (`declared-resources.ts`, `typescript-program.ts`),
 * and with `--format yaml-program` a Pulumi YAML program of them on the provider plugin, each with
 * its import id (`exported-yaml-program.ts`).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Command, Option } from "commander";
import { formatIssue, readManifest } from "../../manifest";
import { definitions } from "../../resources/registry";
import { readTenantSnapshot } from "../../tenant/read-tenant";
import { clientFromEnv } from "../client-from-env";
import { CliError, UsageError } from "../cli-error";
import { declaredResources } from "../declared-resources";
import { configSetCommand } from "../export-document";
import { type CommandExits, exitCodesHelp } from "../exit-codes";
import {
  type ExportResult,
  currentExportShape,
  manifestFromTenant,
  manifestYaml,
} from "../manifest-from-tenant";
import { slug } from "../manifest-keys";
import { ownPackage } from "../own-package";
import { typescriptProject } from "../typescript-program";
import { exportedYamlProgram } from "../exported-yaml-program";
import { yamlProgramText } from "../yaml-program";
import type { TenantSnapshot } from "../../tenant/read-tenant";

/** Options of the export command. */
interface ExportOptions {
  company: string;
  format: "yaml" | "typescript" | "yaml-program";
  out?: string;
  jsonProgress?: boolean;
}

const HELP = `
Reads the company with the TRAVEL_* variables (TRAVEL_BASE_URL, TRAVEL_CLIENT_ID,
TRAVEL_CLIENT_SECRET): the company, features, configs, per-trip service charge, legal entities,
offices, cost centers, departments, grades, custom fields (arms, options, order), the roles of
custom user groups and active partner keys. Progress goes to stderr, one line per section
(--json-progress: JSON lines). Read-only.

Not written, and listed in the output: API users (the platform lists clientIds only) and the
tenant key (no read call). Secret inputs become \${secret:<name>} placeholders, and a partner
key's PEM (not returned by the platform) a \${config:<name>} placeholder; the commands to set
them are printed.

--format typescript writes a TypeScript project into the --out directory instead (index.ts,
Pulumi.yaml, package.json, tsconfig.json): a program that declares the same resources with the
package's classes, each with its adoptId, children reading their parents' outputs
(companyId: company.companyId); placeholders become config.requireSecret/config.require. Then:
npm install, pulumi stack init, the travel:* config and the values printed, pulumi up.

--format yaml-program writes a Pulumi YAML program into the --out directory instead (Pulumi.yaml):
the same resources as travel:index:<Type> on the provider plugin, each with its import id as the
import resource option, so that the first pulumi up imports everything and creates nothing. Then:
pulumi-travel plugin install, pulumi stack init, the travel:* config, pulumi up.

Examples:
  pulumi-travel export --company <id> --out tenant.yaml
  pulumi-travel export --company <id> > tenant.yaml
  pulumi-travel export --company <id> --format typescript --out acme-tenant
  pulumi-travel export --company <id> --format yaml-program --out acme-yaml`;

/** The exit codes `export` can return. */
export const EXPORT_EXITS: CommandExits = [
  ["ok", "written"],
  ["failure", "the manifest built did not validate (a bug: nothing written)"],
  ["usage", "wrong usage or TRAVEL_* settings"],
  ["auth", "credentials refused"],
  ["notFound", "no such company"],
  ["unavailable", "platform unreachable, timed out, or unavailable after retries"],
];

/** Registers the `export` command. */
export function registerExportCommand(program: Command): void {
  program
    .command("export")
    .description(
      "write a tenant manifest for a live company, every object with adoptId, or (--format typescript) a TypeScript program or (--format yaml-program) a Pulumi YAML program on the plugin that imports it (read-only)",
    )
    .requiredOption("--company <id>", "the company to export")
    .addOption(
      new Option("--format <format>", "what to write")
        .choices(["yaml", "typescript", "yaml-program"])
        .default("yaml"),
    )
    .option(
      "--out <path>",
      "write the manifest to this file instead of stdout (typescript: the project's directory)",
    )
    .option("--json-progress", 'progress on stderr as JSON lines: {"section":"costCenters","count":20}')
    .addHelpText("after", `${HELP}\n${exitCodesHelp(EXPORT_EXITS)}`)
    .action(async (options: ExportOptions) => {
      if (options.format !== "yaml" && options.out === undefined)
        throw new UsageError(`--format ${options.format} writes a directory: give it with --out <dir>`);
      const client = clientFromEnv();
      let result: ExportResult;
      let read: TenantSnapshot;
      try {
        const snapshot = await readTenantSnapshot(client, options.company, definitions, (section, count) =>
          process.stderr.write(
            options.jsonProgress ? `${JSON.stringify({ section, count })}\n` : `read ${section}: ${count}\n`,
          ),
        );
        if (!snapshot) throw new CompanyNotFoundError(options.company);
        read = snapshot;
        result = manifestFromTenant(snapshot, currentExportShape(definitions));
      } finally {
        await client.close();
      }
      const text = manifestYaml(result.document, options.company);
      assertValid(text);
      if (options.format === "typescript" && options.out !== undefined)
        await writeProject(result, options.company, options.out);
      else if (options.format === "yaml-program" && options.out !== undefined)
        await writeYamlProgram(result, read, options.company, options.out);
      else if (options.out === undefined) process.stdout.write(text);
      else writeFileSync(options.out, text);
      const report = summary(result, options);
      (options.out === undefined ? process.stderr : process.stdout).write(report);
    });
}

/** The Pulumi project name of an export: the company's externalId or name, as a slug. */
function projectName(result: ExportResult): string {
  const company = result.document.company as { externalId?: unknown; name?: unknown } | undefined;
  const named = [company?.externalId, company?.name].find((value) => typeof value === "string");
  return slug(typeof named === "string" ? named : "") || "tenant";
}

/** Writes the Pulumi YAML program of the export into `dir/Pulumi.yaml` (`dir` made when missing). */
async function writeYamlProgram(
  result: ExportResult,
  snapshot: TenantSnapshot,
  companyId: string,
  dir: string,
): Promise<void> {
  const resources = await declaredResources(result.document);
  const program = exportedYamlProgram(resources, snapshot, {
    companyId,
    project: projectName(result),
    stackValues: result.stackValues,
    notes: result.notes,
  });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "Pulumi.yaml"), yamlProgramText(program));
}

/** Writes the TypeScript project of the export into `dir` (made when missing; its files replaced). */
async function writeProject(result: ExportResult, companyId: string, dir: string): Promise<void> {
  const resources = await declaredResources(result.document);
  const project = projectName(result);
  const files = typescriptProject(
    resources,
    { companyId, project, stackValues: result.stackValues, notes: result.notes },
    ownPackage(),
  );
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
}

/** The company given does not exist or is not visible; exit code 5. */
export class CompanyNotFoundError extends CliError {
  constructor(companyId: string) {
    super("not_found", `company ${companyId} does not exist (or is not visible to these credentials)`);
    this.name = "CompanyNotFoundError";
  }
}

/** Validates the manifest text with the loader of `validate`; a problem is a bug, exit code 1. */
function assertValid(text: string): void {
  const dir = mkdtempSync(join(tmpdir(), "pulumi-travel-export-"));
  try {
    const file = join(dir, "tenant.yaml");
    writeFileSync(file, text);
    const { issues } = readManifest(file);
    if (issues.length > 0)
      throw new Error(
        `the exported manifest does not validate, so it was not written (please report this):\n${issues
          .map(formatIssue)
          .join("\n")}`,
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function summary(result: ExportResult, options: ExportOptions): string {
  const { out, format } = options;
  const typescript = format !== "yaml";
  const written = out === undefined ? "wrote the manifest to stdout" : `wrote ${out}`;
  const lines = [
    `${written}: ${Object.entries(result.counts)
      .filter(([, count]) => count > 0)
      .map(([section, count]) => `${section} ${count}`)
      .join(", ")}`,
  ];
  if (result.stackValues.length > 0) {
    const reads = typescript
      ? "the program reads them from its config"
      : "the file reads them with placeholders";
    lines.push("", `set these in each stack before \`pulumi up\` (${reads}):`);
    for (const value of result.stackValues) lines.push(`  ${configSetCommand(value)}`);
  }
  if (result.notes.length > 0) {
    lines.push("", `not in the ${typescript ? "program" : "manifest"}:`);
    for (const note of result.notes) lines.push(`  ${note}`);
  }
  if (format === "typescript" && out !== undefined)
    lines.push(
      "",
      `then: cd ${out} && npm install && pulumi stack init && pulumi up (with the travel:* config set)`,
    );
  if (format === "yaml-program" && out !== undefined)
    lines.push(
      "",
      `then: pulumi-travel plugin install, cd ${out} && pulumi stack init && pulumi up (with the travel:* config set): it imports every object`,
    );
  return `${lines.join("\n")}\n`;
}
