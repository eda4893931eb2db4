/** The update rules capability: what an update checks first and which outputs it may change. */
import type { Values } from "./values";

/** How an in-place update treats the live object and the recorded outputs (named `ON`). */
export interface UpdateRules<I extends Values, ON extends string = string> {
  /**
   * A setting other stacks may declare too (one per company): the state records what this stack
   * last wrote, and an update first reads the live value, so a value someone else wrote since is
   * reported instead of silently overwritten (`provider/operations/overlap.ts`).
   */
  detectsOverlap?: boolean | undefined;
  /**
   * The outputs an update from `olds` to `news` may change (a rotation's new secret). Every other
   * output keeps its recorded value, so a host that previews updates (the plugin) shows it known,
   * and a resource fed by it is not shown replaced. Default: none.
   */
  changedByUpdate?(olds: I, news: I): ON[];
}
