/**
 * The update rules capability: what an update checks first, which outputs it may change, and an
 * update the platform would refuse at this moment by its own clock (a tenant key rotated within
 * the hour), told at preview instead of failing `up` halfway. The diff of both hosts asks
 * `refusedUpdate` (`provider/planning/update-refusal.ts`) with the platform's time, learned from
 * its answers' `Date` (`TravelClient.platformNow`), never the local clock.
 */
import type { Recorded } from "./recorded";
import type { Values } from "./values";

/**
 * How an in-place update treats the live object and the recorded outputs (named `ON`), and what
 * the platform would refuse now.
 */
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
  /**
   * Why the platform would refuse to update `recorded` (the state on record) to
   * `news` at `platformNowMs` (the platform's clock), with when it will allow it and what to do;
   * undefined when it would not. Called only for an update in place, never for a replacement.
   */
  refusedUpdate?(recorded: Recorded<I, Values>, news: Values, platformNowMs: number): string | undefined;
  /**
   * The path of a cheap authenticated GET about the object (its company's read), sent only when
   * the provider process has had no answer yet, to learn the platform's time from its `Date`.
   */
  clockProbe?(recorded: Recorded<I, Values>): string;
}
