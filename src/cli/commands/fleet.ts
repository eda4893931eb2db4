/**
 * `pulumi-travel fleet`: a fleet of tenants, one folder each (`tenants/<tenant>/tenant.yaml` with
 * `tenant.<env>.yaml` per environment), deployed as one stack `<tenant>-<env>` per pair.
 * `matrix` prints the CI job matrix, `validate` checks every tenant and overlay offline, and
 * `drift-summary` collects the drift checks of the stacks into one Markdown report.
 */
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
// `matrix` and `drift-summary` run in every CI plan and summary job: they load neither the
// manifest's schema nor Pulumi, which only `validate` (and an invalid layout's report) needs.
import { gitChangedFiles } from "../../fleet/changed-files";
import { driftSummaryMarkdown, readDriftResults } from "../../fleet/drift-summary";
import { readFleetLayout } from "../../fleet/layout";
import { fleetMatrix, githubMatrix, gitlabMatrix, parseShard } from "../../fleet/matrix";
import type { ManifestIssue } from "../../manifest";
import { CliError, UsageError } from "../cli-error";
import { type CommandExits, exitCodesHelp } from "../exit-codes";

/** Options of `fleet matrix`. */
interface MatrixCommandOptions {
  changed?: string;
  allIfChanged?: string[];
  env?: string[];
  shard?: string;
  format: string;
}

/** The exit codes `fleet matrix` can return. */
const MATRIX_EXITS: CommandExits = [
  ["ok", "the matrix was printed"],
  "failure",
  ["usage", "wrong usage: no such directory, a bad --shard or --format, a git range git does not know"],
  [
    "invalid",
    "the fleet's layout is invalid (a folder without tenant.yaml, a bad tenant or\nenvironment name); nothing was printed",
  ],
];

/** The exit codes `fleet validate` can return. */
const VALIDATE_EXITS: CommandExits = [
  ["ok", "every tenant and overlay is valid"],
  "failure",
  ["usage", "wrong usage, or no such directory"],
  [
    "invalid",
    "a tenant, an overlay or the layout is invalid (every problem is listed);\nnothing was sent to the platform",
  ],
];

/** The exit codes `fleet drift-summary` can return. */
const DRIFT_EXITS: CommandExits = [
  ["ok", "every stack is in sync"],
  "failure",
  ["usage", "wrong usage: no such directory, or no <stack>.json in it"],
  ["findings", "a stack drifted or its drift check failed (the report says which)"],
];

/** The exit codes of every `fleet` command. */
export const FLEET_EXITS: CommandExits = ["ok", "failure", "usage", "invalid", "findings"];

const MATRIX_HELP = `
Examples:
  pulumi-travel fleet matrix tenants
  pulumi-travel fleet matrix tenants --changed origin/main...HEAD --all-if-changed index.ts package-lock.json
  pulumi-travel fleet matrix tenants --shard 1/2 --format gitlab
${exitCodesHelp(MATRIX_EXITS)}`;

const DRIFT_HELP = `
Each <stack>.json in the directory is what a stack's drift check saved:
  pulumi preview --stack <stack> --refresh --expect-no-changes --json > drift/<stack>.json
${exitCodesHelp(DRIFT_EXITS)}`;

/** Writes each issue as `file:line:column: path: reason` on stderr. */
function reportIssues(issues: readonly ManifestIssue[]): void {
  const { formatIssue } = require("../../manifest") as typeof import("../../manifest");
  for (const issue of issues) process.stderr.write(`${formatIssue(issue)}\n`);
}

/** The directory argument, which must exist. */
function existingDir(dir: string): string {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`no such directory: ${dir}`);
  return dir;
}

/** Runs a step whose plain errors are usage errors (a bad option value, an unknown git range). */
function asUsage<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new UsageError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/** `fleet matrix [dir]`. */
function matrixAction(dir: string, options: MatrixCommandOptions): void {
  if (options.format !== "github" && options.format !== "gitlab")
    throw new UsageError(`--format: "${options.format}" is not github or gitlab`);
  const layout = readFleetLayout(existingDir(dir));
  if (layout.issues.length > 0) {
    reportIssues(layout.issues);
    throw new CliError("invalid", `the fleet's layout has ${layout.issues.length} problem(s)`, {
      reported: true,
    });
  }
  const entries = asUsage(() =>
    fleetMatrix(layout, {
      changed: options.changed === undefined ? undefined : gitChangedFiles(options.changed),
      allIfChanged: (options.allIfChanged ?? []).map((path) => resolve(path)),
      envs: options.env,
      shard: options.shard === undefined ? undefined : parseShard(options.shard),
    }),
  );
  const matrix = options.format === "github" ? githubMatrix(entries) : gitlabMatrix(entries);
  process.stdout.write(`${JSON.stringify(matrix)}\n`);
}

/** `fleet validate [dir]`. */
function validateAction(dir: string, options: { json?: boolean }): void {
  const { validateFleet } =
    require("../../fleet/validate-fleet") as typeof import("../../fleet/validate-fleet");
  const result = validateFleet(existingDir(dir));
  if (options.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } else {
    reportIssues(result.issues);
    const invalid = result.stacks.filter((stack) => !stack.valid).map((stack) => stack.stack);
    process.stdout.write(
      `${result.stacks.length} stack(s) checked: ${result.stacks.length - invalid.length} valid` +
        `${invalid.length > 0 ? `, invalid: ${invalid.join(", ")}` : ""}\n`,
    );
  }
  if (!result.valid)
    throw new CliError("invalid", `${result.issues.length} problem(s) in the fleet`, { reported: true });
}

/** `fleet drift-summary <dir>`. */
function driftSummaryAction(dir: string, options: { json?: boolean }): void {
  const results = asUsage(() => readDriftResults(existingDir(dir)));
  process.stdout.write(options.json ? `${JSON.stringify(results)}\n` : driftSummaryMarkdown(results));
  if (results.some((result) => result.status !== "in-sync"))
    throw new CliError("findings", "a stack drifted or its drift check failed", { reported: true });
}

/** Registers the `fleet` command and its subcommands. */
export function registerFleetCommand(program: Command): void {
  const fleet = program
    .command("fleet")
    .description(
      "a fleet of tenants (tenants/<tenant>/tenant.yaml + tenant.<env>.yaml, one stack <tenant>-<env> each)",
    )
    .addHelpText("after", exitCodesHelp(FLEET_EXITS));
  fleet
    .command("matrix")
    .description("print the fleet's stacks as a CI job matrix (JSON)")
    .argument("[dir]", "the fleet's tenants folder", "tenants")
    .option("--changed <range>", "only tenants with a file changed in this git range (origin/main...HEAD)")
    .option(
      "--all-if-changed <path...>",
      "with --changed: every tenant when one of these files or folders changed",
    )
    .option("--env <name...>", "only these environments")
    .option(
      "--shard <index/count>",
      "only this slice of the list, for matrices past the CI's job limit (1/2)",
    )
    .option(
      "--format <format>",
      "github: {include:[{tenant,env,stack}]}; gitlab: a parallel:matrix list",
      "github",
    )
    .addHelpText("after", MATRIX_HELP)
    .action(matrixAction);
  fleet
    .command("validate")
    .description(
      "check every tenant and overlay of the fleet offline, in one report (exit 8 when any is invalid)",
    )
    .argument("[dir]", "the fleet's tenants folder", "tenants")
    .option("--json", "print {valid, stacks, issues} as JSON on stdout")
    .addHelpText("after", exitCodesHelp(VALIDATE_EXITS))
    .action(validateAction);
  fleet
    .command("drift-summary")
    .description("collect the stacks' drift checks (<stack>.json) into one Markdown report")
    .argument("<dir>", "the folder of <stack>.json results")
    .option("--json", "print each stack's result as JSON instead")
    .addHelpText("after", DRIFT_HELP)
    .action(driftSummaryAction);
}
