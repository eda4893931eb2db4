/** `pulumi-travel validate tenant.yaml`: checks a tenant manifest offline, for pre-commit and CI. */
import { existsSync } from "node:fs";
import type { Command } from "commander";
import { formatIssue, readManifest } from "../../manifest";
import { CliError, UsageError } from "../cli-error";
import { type CommandExits, exitCodesHelp } from "../exit-codes";

/** The exit codes `validate` can return. */
export const VALIDATE_EXITS: CommandExits = [
  ["ok", "the manifest is valid"],
  "failure",
  ["usage", "wrong usage, or no such file"],
  "invalid",
];

/** Options of the validate command. */
interface ValidateOptions {
  stack?: string;
  json?: boolean;
}

/** Registers the `validate` command. */
export function registerValidateCommand(program: Command): void {
  program
    .command("validate")
    .description(
      "check a tenant manifest without calling the platform: YAML, unknown keys, values, references (exit 8 when invalid)",
    )
    .argument("<file>", "the manifest, such as tenant.yaml")
    .option("--stack <name>", "also apply the stack's overlay (<file>.<stack>.yaml next to the file)")
    .option("--json", "print {valid, files, issues} as JSON on stdout")
    .addHelpText("after", exitCodesHelp(VALIDATE_EXITS))
    .action((file: string, options: ValidateOptions) => {
      if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
      const result = readManifest(file, { stack: options.stack });
      const valid = result.issues.length === 0;
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ valid, files: result.files, issues: result.issues })}\n`);
      } else if (valid) {
        process.stdout.write(`${result.files.join(" + ")}: valid\n`);
      } else {
        for (const issue of result.issues) process.stderr.write(`${formatIssue(issue)}\n`);
      }
      if (!valid)
        throw new InvalidFileError(`${result.issues.length} problem(s) in ${result.files.join(" + ")}`);
    });
}

/** The file given is invalid; exit code 8. */
export class InvalidFileError extends CliError {
  constructor(message: string) {
    super("invalid", message);
    this.name = "InvalidFileError";
  }
}
