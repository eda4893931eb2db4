/** The update rules capability: the outputs an update in place may change. */
import type { Values } from "./values";

/** Which recorded outputs (named `ON`) an update in place may change. */
export interface UpdateRules<I extends Values, ON extends string = string> {
  /**
   * The outputs an update from `olds` to `news` may change (a rotation's new secret). Every other
   * output keeps its recorded value, so a host that previews updates (the plugin) shows it known,
   * and a resource fed by it is not shown replaced. Default: none.
   */
  changedByUpdate?(olds: I, news: I): ON[];
}
