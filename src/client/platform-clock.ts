/**
 * The platform's clock as the client sees it: the offset of the platform's time from the local
 * clock, learned from the `Date` header of each answer. Rules that run on the platform's time (a
 * tenant key's cooldown) are judged by it, so a local clock that is off, or an emulator whose clock
 * a test moved, does not change the verdict.
 */
import { parseHttpDate } from "./http-date";

/**
 * The offset of the platform's clock from the local one, to the second: an HTTP date has no finer
 * unit, so an answer's `Date` names the second it was sent in, and the middle of that second is
 * taken as the platform's time at receipt. The latest valid `Date` wins; an invalid or missing
 * one is ignored.
 */
export class PlatformClock {
  private offset: number | undefined;

  constructor(private readonly localNow: () => number = Date.now) {}

  /** Records the `Date` header of an answer received at `receivedAtMs` (local clock). */
  observe(dateHeader: string | undefined, receivedAtMs: number = this.localNow()): void {
    const dateMs = parseHttpDate(dateHeader);
    if (dateMs === undefined) return;
    this.offset = Math.round((dateMs + 500 - receivedAtMs) / 1000) * 1000 || 0;
  }

  /** Milliseconds the platform's clock is ahead of the local one (behind when negative); undefined before any answer. */
  get offsetMs(): number | undefined {
    return this.offset;
  }

  /** The platform's time at the local instant `localMs` (now by default); undefined before any answer. */
  at(localMs: number = this.localNow()): number | undefined {
    return this.offset === undefined ? undefined : localMs + this.offset;
  }
}
