/** The secret fields capability: inputs and outputs that are always secret. */

/** Which inputs (named `IN`) and outputs (named `ON`) of a type are secret. */
export interface SecretFields<IN extends string = string, ON extends string = string> {
  /**
   * Inputs that are always secret: wrapped in `pulumi.secret` even when given as plain values,
   * stored as ciphertext both as inputs and as the outputs that echo them, and never written by
   * `export` (a `${secret:...}` placeholder instead).
   */
  secretInputs?: readonly IN[] | undefined;
  /** Outputs that are secret; a refresh keeps their recorded value (the platform returns them once). */
  secretOutputs?: readonly ON[] | undefined;
}
