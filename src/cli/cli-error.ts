/**
 * The errors the `pulumi-travel` command raises on its own (bad usage, a declined prompt, an
 * invalid file, ...), each carrying its exit code, and the exit code of any error a command throws.
 * They are not {@link TravelError}s: those come from the platform (or the car module's checks).
 */
import { isTravelError, type TravelError } from "../client";
import { EXIT } from "./exit-codes";

/** Exit code of each {@link CliErrorKind}. */
const CLI_EXIT_CODES = {
  usage: EXIT.usage,
  declined: EXIT.declined,
  invalid: EXIT.invalid,
  not_found: EXIT.notFound,
  findings: EXIT.findings,
  port_in_use: EXIT.portInUse,
  missing_tool: EXIT.missingTool,
} as const;

/** Stable discriminators of {@link CliError}, shown as `kind` by `--json` output. */
export type CliErrorKind = keyof typeof CLI_EXIT_CODES;

/** Options of a {@link CliError}. */
export interface CliErrorOptions extends ErrorOptions {
  /** The command already printed its report; the error only sets the exit code. */
  reported?: boolean | undefined;
}

/** A failure of the command itself, with the exit code the process ends with. */
export class CliError extends Error {
  readonly kind: CliErrorKind;
  /** The process's exit code for this error (see {@link EXIT}). */
  readonly exitCode: number;
  /** True when the command already printed its report, so nothing more is written to stderr. */
  readonly reported: boolean;

  constructor(kind: CliErrorKind, message: string, options: CliErrorOptions = {}) {
    super(message, options);
    this.name = "CliError";
    this.kind = kind;
    this.exitCode = CLI_EXIT_CODES[kind];
    this.reported = options.reported === true;
  }
}

/** Wrong command-line usage or configuration, found before any call; exit code {@link EXIT.usage}. */
export class UsageError extends CliError {
  constructor(message: string, options?: ErrorOptions) {
    super("usage", message, options);
    this.name = "UsageError";
  }
}

/** The exit code for an error thrown by a command. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof CliError) return error.exitCode;
  return isTravelError(error) ? exitCodeOfKind(error.kind) : EXIT.failure;
}

function exitCodeOfKind(kind: TravelError["kind"]): number {
  switch (kind) {
    case "bad_request":
    case "conflict":
    case "api_error":
      return EXIT.refused;
    case "unauthorized":
    case "forbidden":
      return EXIT.auth;
    case "not_found":
      return EXIT.notFound;
    case "rate_limited":
    case "server_error":
    case "connection":
    case "timeout":
      return EXIT.unavailable;
    case "config":
      return EXIT.usage;
    default:
      return EXIT.failure;
  }
}
