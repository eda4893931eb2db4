/**
 * `pulumi-travel export --company <id>`: reads a live tenant through the API and writes a tenant
 * manifest for it, every object with its platform id as `adoptId`, so that the first `pulumi up`
 * adopts everything and creates nothing. The manifest is validated with the same loader as
 * `pulumi-travel validate` before it is written; secrets are never written.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Command } from "commander";
import { formatIssue, readManifest } from "../../manifest";
import { definitions } from "../../resources/registry";
import { readTenantSnapshot } from "../../tenant/read-tenant";
import { clientFromEnv } from "../client-from-env";
import { CliError } from "../cli-error";
import { type CommandExits, exitCodesHelp } from "../exit-codes";
import {
  type ExportResult,
  currentExportShape,
  manifestFromTenant,
  manifestYaml,
} from "../manifest-from-tenant";

/** Options of the export command. */
interface ExportOptions {
  company: string;
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

Examples:
  pulumi-travel export --company <id> --out tenant.yaml
  pulumi-travel export --company <id> > tenant.yaml`;

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
    .description("write a tenant manifest for a live company, every object with adoptId (read-only)")
    .requiredOption("--company <id>", "the company to export")
    .option("--out <file>", "write the manifest here instead of stdout")
    .option("--json-progress", 'progress on stderr as JSON lines: {"section":"costCenters","count":20}')
    .addHelpText("after", `${HELP}\n${exitCodesHelp(EXPORT_EXITS)}`)
    .action(async (options: ExportOptions) => {
      const client = clientFromEnv();
      let result: ExportResult;
      try {
        const snapshot = await readTenantSnapshot(client, options.company, definitions, (section, count) =>
          process.stderr.write(
            options.jsonProgress ? `${JSON.stringify({ section, count })}\n` : `read ${section}: ${count}\n`,
          ),
        );
        if (!snapshot) throw new CompanyNotFoundError(options.company);
        result = manifestFromTenant(snapshot, currentExportShape(definitions));
      } finally {
        await client.close();
      }
      const text = manifestYaml(result.document, options.company);
      assertValid(text);
      if (options.out === undefined) process.stdout.write(text);
      else writeFileSync(options.out, text);
      const report = summary(result, options.out);
      (options.out === undefined ? process.stderr : process.stdout).write(report);
    });
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

function summary(result: ExportResult, out: string | undefined): string {
  const lines = [
    `${out === undefined ? "wrote the manifest to stdout" : `wrote ${out}`}: ${Object.entries(result.counts)
      .filter(([, count]) => count > 0)
      .map(([section, count]) => `${section} ${count}`)
      .join(", ")}`,
  ];
  if (result.stackValues.length > 0) {
    lines.push("", "set these in each stack before `pulumi up` (the file reads them with placeholders):");
    for (const value of result.stackValues)
      lines.push(
        value.secret
          ? `  pulumi config set --secret ${value.name} <value>    # ${value.path}`
          : `  pulumi config set ${value.name} -- "$(cat <public key PEM file>)"    # ${value.path}: not returned by the platform`,
      );
  }
  if (result.notes.length > 0) {
    lines.push("", "not in the manifest:");
    for (const note of result.notes) lines.push(`  ${note}`);
  }
  return `${lines.join("\n")}\n`;
}
