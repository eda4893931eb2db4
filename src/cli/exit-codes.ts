/**
 * Exit codes of the `pulumi-travel` command, stable for scripts: one table of codes and what each
 * means, from which every command's `--help` lists the codes that command can return.
 */
import { MINIMUM_NODE } from "../client/supported-node";

/** Exit codes and what they mean. */
export const EXIT = {
  /** Success. */
  ok: 0,
  /** An unexpected failure (a bug, or an error without a better code). */
  failure: 1,
  /** Wrong command-line usage. */
  usage: 2,
  /** The platform refused the request (400, 409, 422): fix the input or the object's state. */
  refused: 3,
  /** Authentication or permission failure (401, 403). */
  auth: 4,
  /** The object does not exist (404). */
  notFound: 5,
  /** The platform could not be reached, timed out, or kept failing (429 or 5xx after retries). */
  unavailable: 6,
  /** The user declined a confirmation prompt, or a price change was not accepted; nothing was changed. */
  declined: 7,
  /** A file given to the command is invalid (`validate`, `fleet validate`; `plugin install --file`: a tarball its checksums file disowns); nothing was sent or installed. */
  invalid: 8,
  /** `reconcile` found objects no resource owns, or pending creates; `fleet drift-summary` found drifted stacks; `migrate` found pending operations. */
  findings: 9,
  /** `emulator`: the port to listen on is taken by another program. */
  portInUse: 10,
  /** `plugin install`, `migrate`: a program it needs is missing or too old (`pulumi` on PATH, Node.js). */
  missingTool: 11,
} as const;

/** The name of an exit code in {@link EXIT}. */
export type ExitName = keyof typeof EXIT;

/** What each exit code means, as `--help` and the docs say it. */
export const EXIT_MEANINGS: Readonly<Record<ExitName, string>> = {
  ok: "success",
  failure: "unexpected failure",
  usage: "wrong usage",
  refused: "refused by the platform (invalid input, or not allowed in the object's state)",
  auth: "authentication or permission failure",
  notFound: "not found",
  unavailable: "platform unreachable, timed out, or unavailable after retries",
  declined: "declined at the confirmation prompt, or a price change not accepted; nothing was changed",
  invalid:
    "the file given is invalid (validate, fleet validate; plugin install --file: a tarball its checksums file disowns); nothing was sent to the platform or installed",
  findings:
    "found what to deal with: objects no resource owns or pending creates (reconcile), drifted stacks (fleet drift-summary), pending operations (migrate)",
  portInUse:
    "emulator: the port is taken by another program (choose another with --port, or 0 for a free one)",
  missingTool: `plugin install, migrate: no pulumi CLI on PATH, or (plugin install) a Node.js older than ${MINIMUM_NODE.major}.${MINIMUM_NODE.minor}; nothing was installed or changed`,
};

/** Every exit code's name, in the order of the codes. */
export const ALL_EXITS = (Object.keys(EXIT) as ExitName[]).sort((a, b) => EXIT[a] - EXIT[b]);

/**
 * The codes one command can return, each meaning {@link EXIT_MEANINGS}' unless the command says
 * more precisely what it means there (`{ ok: "written", usage: "..." }`).
 */
export type CommandExits = readonly (ExitName | readonly [ExitName, string])[];

/**
 * The `Exit codes:` help text of a command that can return `exits`, one code a line (a meaning's
 * own line breaks are indented under it).
 */
export function exitCodesHelp(exits: CommandExits = ALL_EXITS): string {
  const rows = exits.map((exit): readonly [ExitName, string] =>
    typeof exit === "string" ? [exit, EXIT_MEANINGS[exit]] : exit,
  );
  const width = Math.max(...rows.map(([name]) => String(EXIT[name]).length));
  const indent = `\n${" ".repeat(width + 4)}`;
  const lines = rows
    .toSorted(([a], [b]) => EXIT[a] - EXIT[b])
    .map(([name, meaning]) => `  ${String(EXIT[name]).padStart(width)}  ${meaning.replaceAll("\n", indent)}`);
  return `\nExit codes:\n${lines.join("\n")}`;
}

/** The `--help` text that documents every exit code (the top-level help). */
export const EXIT_CODES_HELP = exitCodesHelp();
