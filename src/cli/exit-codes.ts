/** Exit codes of the `pulumi-travel` command, stable for scripts. */

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
  /** A file given to the command is invalid (`validate`); nothing was sent to the platform. */
  invalid: 8,
  /** `reconcile` found objects no resource owns, or pending creates, to deal with. */
  findings: 9,
} as const;

/** The `--help` text that documents the exit codes. */
export const EXIT_CODES_HELP = `
Exit codes:
  0  success
  1  unexpected failure
  2  wrong usage
  3  refused by the platform (invalid input, or not allowed in the object's state)
  4  authentication or permission failure
  5  not found
  6  platform unreachable, timed out, or unavailable after retries
  7  declined at the confirmation prompt, or a price change not accepted; nothing was changed
  8  the file given is invalid (validate); nothing was sent to the platform
  9  reconcile: objects no resource owns, or pending creates, were found`;
