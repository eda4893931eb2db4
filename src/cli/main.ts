#!/usr/bin/env node
/** The `pulumi-travel` command. */
import { Command, CommanderError } from "commander";
import { redactText } from "../client";
import { registerCarCommand } from "./commands/car";
import { registerEmulatorCommand } from "./commands/emulator";
import { registerExportCommand } from "./commands/export";
import { registerReconcileCommand } from "./commands/reconcile";
import { registerValidateCommand } from "./commands/validate";
import { CliError, exitCodeFor } from "./cli-error";
import { EXIT, EXIT_CODES_HELP } from "./exit-codes";

/** Builds the command tree (exported for tests). */
export function buildProgram(): Command {
  const program = new Command("pulumi-travel")
    .description(
      "tools for the travel platform: the emulator, imperative booking flows, tenant export and stack reconciliation",
    )
    .addHelpText("after", EXIT_CODES_HELP)
    .exitOverride()
    .showHelpAfterError();
  registerEmulatorCommand(program);
  registerCarCommand(program);
  registerValidateCommand(program);
  registerReconcileCommand(program);
  registerExportCommand(program);
  return program;
}

/** Runs the command line and returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv, { from: "user" });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    // A command that already printed its report only sets the exit code.
    if (!(error instanceof CliError && error.reported)) {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`pulumi-travel: ${redactText(message)}\n`);
    }
    return exitCodeFor(error);
  }
}

if (require.main === module) {
  void run(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
