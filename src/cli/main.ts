#!/usr/bin/env node
/** The `pulumi-travel` command. */
import { Command, CommanderError } from "commander";
import { redactText } from "../client";
import { CliError, exitCodeFor } from "./cli-error";
import { endQuietlyOnClosedPipe } from "./closed-pipe";
import { EXIT, EXIT_CODES_HELP } from "./exit-codes";
import { packageVersion } from "./package-version";

type Register = (program: Command) => void;

/**
 * Each command's registration, loaded on demand: a command's module brings what it runs with it
 * (the emulator, or the manifest and the resources with the Pulumi SDK), and `car` needs neither.
 */
const COMMANDS: Record<string, () => Register> = {
  emulator: () =>
    (require("./commands/emulator") as typeof import("./commands/emulator")).registerEmulatorCommand,
  car: () => (require("./commands/car") as typeof import("./commands/car")).registerCarCommand,
  validate: () =>
    (require("./commands/validate") as typeof import("./commands/validate")).registerValidateCommand,
  reconcile: () =>
    (require("./commands/reconcile") as typeof import("./commands/reconcile")).registerReconcileCommand,
  export: () => (require("./commands/export") as typeof import("./commands/export")).registerExportCommand,
  fleet: () => (require("./commands/fleet") as typeof import("./commands/fleet")).registerFleetCommand,
  migrate: () =>
    (require("./commands/migrate") as typeof import("./commands/migrate")).registerMigrateCommand,
  plugin: () => (require("./commands/plugin") as typeof import("./commands/plugin")).registerPluginCommand,
};

/** The names of the commands, in the order the top-level help lists them. */
export const COMMAND_NAMES: readonly string[] = Object.keys(COMMANDS);

/**
 * Builds the command tree: only the command `argv` names when it names one (the first word that
 * is not an option), else every command, for the top-level help and for usage errors.
 */
export function buildProgram(argv: readonly string[] = []): Command {
  const program = new Command("pulumi-travel")
    .description(
      "tools for the travel platform: the emulator, imperative booking flows, tenant export, stack reconciliation and the provider plugin",
    )
    .version(packageVersion(), "-V, --version", "print the version of pulumi-travel")
    .addHelpText("after", EXIT_CODES_HELP)
    .exitOverride()
    .showHelpAfterError();
  const named = argv.find((arg) => !arg.startsWith("-"));
  const chosen = named !== undefined && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS);
  for (const name of chosen) COMMANDS[name]?.()(program);
  return program;
}

/** Runs the command line and returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  try {
    await buildProgram(argv).parseAsync(argv, { from: "user" });
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
  endQuietlyOnClosedPipe();
  void run(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
