/** The output rules capability: the output that is the id, and outputs a refresh keeps. */

/** How some outputs (named `ON`) of a type relate to the engine's id and to `read`. */
export interface OutputRules<ON extends string = string> {
  /**
   * An output that is the resource's id under a meaningful name (`companyId`). The Resource class
   * binds it to the engine's id, which stays known while an update is previewed, so children that
   * take it as a parent id are not shown as replaced when their parent only changes in place.
   */
  idOutput?: string | undefined;
  /**
   * Outputs `read` cannot see (the platform returns them only in some answers): a refresh keeps
   * the value on record. Secret outputs are always kept this way.
   */
  keptOutputs?: readonly ON[] | undefined;
}
