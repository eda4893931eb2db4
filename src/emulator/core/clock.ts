/**
 * The emulator's controllable clock. Token expiry, quotas, cooldowns and price holds read it, so
 * tests move time forward instead of sleeping.
 */

/** Serializable view of the clock. */
export interface ClockState {
  nowMs: number;
  nowIso: string;
  offsetMs: number;
  frozen: boolean;
}

/** Real time plus an offset, optionally frozen. */
export class EmulatorClock {
  private offsetMs = 0;
  private frozenAt: number | undefined;

  constructor(private readonly realNow: () => number = Date.now) {}

  now(): number {
    return this.frozenAt ?? this.realNow() + this.offsetMs;
  }

  /** Moves time forward (or back, with a negative value). */
  advance(ms: number): void {
    if (this.frozenAt !== undefined) this.frozenAt += ms;
    else this.offsetMs += ms;
  }

  /** Jumps to an absolute time. */
  set(ms: number): void {
    if (this.frozenAt !== undefined) this.frozenAt = ms;
    else this.offsetMs = ms - this.realNow();
  }

  /** Stops time at its current value until {@link unfreeze}. */
  freeze(): void {
    this.frozenAt ??= this.now();
  }

  unfreeze(): void {
    if (this.frozenAt === undefined) return;
    this.offsetMs = this.frozenAt - this.realNow();
    this.frozenAt = undefined;
  }

  /** Back to real time. */
  reset(): void {
    this.offsetMs = 0;
    this.frozenAt = undefined;
  }

  state(): ClockState {
    const nowMs = this.now();
    return {
      nowMs,
      nowIso: new Date(nowMs).toISOString(),
      offsetMs: this.offsetMs,
      frozen: this.frozenAt !== undefined,
    };
  }
}
