/**
 * A capability of a definition: an update the platform will refuse at this moment by its own
 * clock (a tenant key rotated within the hour), told at preview instead of failing `up` halfway.
 * The diff of both hosts asks it (`provider/planning/update-refusal.ts`) with the platform's time,
 * learned from its answers' `Date` (`TravelClient.platformNow`), never the local clock.
 */
import type { Values } from "./values";

/** The optional member of a definition that refuses an update at preview. */
export interface RefusesUpdate {
  /**
   * Why the platform would refuse to update `recorded` (the inputs and outputs on record) to
   * `news` at `platformNowMs` (the platform's clock), with when it will allow it and what to do;
   * undefined when it would not. Called only for an update in place, never for a replacement.
   */
  refusedUpdate?(recorded: Values, news: Values, platformNowMs: number): string | undefined;
  /**
   * The path of a cheap authenticated GET about the object (its company's read), sent only when
   * the provider process has had no answer yet, to learn the platform's time from its `Date`.
   */
  clockProbe?(recorded: Values): string;
}
