/**
 * Thrown when a create got as far as an id but failed afterwards. The dynamic provider turns an
 * error with `id` into ErrorResourceInitFailed, so the engine records the object instead of losing it.
 */
export class PartialCreateError extends Error {
  readonly reasons: string[];

  constructor(
    readonly id: string,
    readonly properties: Record<string, unknown>,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`created ${id} but could not finish: ${reason}`, { cause });
    this.name = "PartialCreateError";
    this.reasons = [reason];
  }
}
