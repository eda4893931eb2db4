/**
 * Client-side throttling that adapts to the platform instead of pacing blindly.
 *
 * - By default there is no fixed pace: up to `maxConcurrency` requests are in flight.
 * - When the platform sends a pace signal ({@link RateLimiter.acquire}'s release is told
 *   `throttled`: a 429, or a 503 with a throttling code, see `throttle-layer.ts`), the limiter
 *   pauses new starts for the `Retry-After` the server asked for, halves its concurrency and caps
 *   its start rate at {@link BETA} times the rate it was sending at (multiplicative decrease, at
 *   most once a second). Each success then raises the rate by {@link RATE_STEP} per second's worth
 *   of successes and the concurrency by one per window of successes (additive increase), up to the
 *   configured limits. Throttles of requests that started before the last decrease do not count
 *   again: they were sent before the client could react. (Models: the AWS SDKs' adaptive retry
 *   mode, octokit's throttling plugin.)
 * - The decrease stops at a floor ({@link MIN_RATE}, {@link MIN_CONCURRENCY}): pace signals that
 *   do not depend on the rate (a random share of 429s) would otherwise hold the client at a
 *   request or two per second. Below the floor, the server's `Retry-After` paces the client.
 * - An `unavailable` answer (a server failure that is no pace signal) neither slows the client
 *   down nor counts as a success.
 * - `requestsPerSecond` is an opt-in hard cap: at most that many starts in any sliding one-second
 *   window, spaced at least 1/`requestsPerSecond` apart. An adaptive rate is enforced the same way.
 */

/** Throttle settings; 0 or Infinity disables a limit. */
export interface RateLimitOptions {
  /** Opt-in cap on request starts per second; 0 or Infinity: none (adaptive only). */
  requestsPerSecond: number;
  maxConcurrency: number;
}

/** Injected time source, for tests. */
export interface LimiterClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** What the caller learned from the attempt that held a slot. */
export interface SlotOutcome {
  /** The platform sent a pace signal (429, or 503 with a throttling code): slow down. */
  throttled: boolean;
  /** A server failed (a 5xx that is no pace signal): neither a pace signal nor a success. */
  unavailable?: boolean | undefined;
  /** The server's `Retry-After`, in ms, when it sent one. */
  retryAfterMs?: number | undefined;
}

/** Releases a slot; pass the outcome of the attempt so that the limiter can adapt. */
export type ReleaseSlot = (outcome?: SlotOutcome) => void;

/** A snapshot of the limiter's adaptive state, for logs and tests. */
export interface LimiterState {
  /** Current concurrency limit (Infinity when unlimited). */
  concurrency: number;
  /** Current start-rate cap in requests per second (Infinity when none). */
  rate: number;
  /** Time (clock ms) before which no request starts. */
  pausedUntil: number;
}

const realClock: LimiterClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const WINDOW_MS = 1000;
/** Shortest span over which a success rate is measured. */
const MIN_SPAN_MS = 100;
/** Multiplicative decrease of the rate on a throttle (the AWS SDKs use 0.7). */
export const BETA = 0.7;
/** Additive increase: requests per second gained per second of successful requests. */
export const RATE_STEP = 2;
/**
 * The adaptive rate never drops below this (requests per second); a lower `requestsPerSecond`
 * still applies.
 */
export const MIN_RATE = 10;
/** The adaptive concurrency never drops below this; a lower `maxConcurrency` still applies. */
export const MIN_CONCURRENCY = 2;

/** An adaptive rate limiter combined with a concurrency semaphore. */
export class RateLimiter {
  private readonly starts: number[] = [];
  /** Start times of the last second, whatever the limits. */
  private readonly attempts: number[] = [];
  private firstStartAt: number | undefined;
  private readonly waiters: (() => void)[] = [];
  private inFlight = 0;
  private chain: Promise<void> = Promise.resolve();
  private readonly maxConcurrency: number;
  private readonly rateCap: number;
  private concurrency: number;
  private adaptiveRate = Infinity;
  private pausedUntil = -Infinity;
  private lastDecreaseAt = -Infinity;
  private successesSinceIncrease = 0;

  constructor(
    options: RateLimitOptions,
    private readonly clock: LimiterClock = realClock,
  ) {
    this.maxConcurrency = positiveOrInfinity(options.maxConcurrency);
    this.rateCap = positiveOrInfinity(options.requestsPerSecond);
    this.concurrency = this.maxConcurrency;
  }

  /** Number of requests currently holding a slot. */
  get active(): number {
    return this.inFlight;
  }

  /** The current adaptive limits. */
  get state(): LimiterState {
    return {
      concurrency: this.concurrency,
      rate: Math.min(this.rateCap, this.adaptiveRate),
      pausedUntil: this.pausedUntil,
    };
  }

  /**
   * Waits for a concurrency slot and a rate slot, then returns the function that releases the
   * concurrency slot. Callers must call it exactly once (later calls are ignored), passing the
   * attempt's outcome when there was one.
   */
  async acquire(): Promise<ReleaseSlot> {
    await this.acquireConcurrency();
    let startedAt: number;
    try {
      startedAt = await this.acquireRate();
    } catch (error) {
      this.releaseConcurrency();
      throw error;
    }
    let released = false;
    return (outcome) => {
      if (released) return;
      released = true;
      if (outcome?.throttled) this.onThrottle(startedAt, outcome.retryAfterMs);
      else if (outcome && !outcome.unavailable) this.onSuccess();
      this.releaseConcurrency();
    };
  }

  private onThrottle(startedAt: number, retryAfterMs: number | undefined): void {
    const now = this.clock.now();
    if (retryAfterMs !== undefined && retryAfterMs > 0) {
      this.pausedUntil = Math.max(this.pausedUntil, now + retryAfterMs);
    }
    // A request sent before the last decrease reports the same overload again, and one decrease
    // a second is enough: faults that do not depend on the rate must not drive it to the floor.
    if (startedAt <= this.lastDecreaseAt || now - this.lastDecreaseAt < WINDOW_MS) return;
    this.lastDecreaseAt = now;
    const measured = this.attemptRate(now);
    const current = Math.min(this.adaptiveRate, this.rateCap);
    this.adaptiveRate = Math.max(MIN_RATE, BETA * Math.min(current, measured));
    const halved = Math.floor((Number.isFinite(this.concurrency) ? this.concurrency : this.inFlight) / 2);
    this.concurrency = Math.max(Math.min(MIN_CONCURRENCY, this.maxConcurrency), halved);
    this.successesSinceIncrease = 0;
  }

  private onSuccess(): void {
    if (Number.isFinite(this.adaptiveRate)) {
      // `rate` successes make one second's worth: together they add RATE_STEP.
      this.adaptiveRate += RATE_STEP / Math.max(1, this.adaptiveRate);
      if (this.adaptiveRate >= this.rateCap) this.adaptiveRate = Infinity;
    }
    if (this.concurrency < this.maxConcurrency && ++this.successesSinceIncrease >= this.concurrency) {
      this.concurrency++;
      this.successesSinceIncrease = 0;
      this.wakeWaiters();
    }
  }

  /**
   * Request starts per second over the last second; over the time since the first start when that
   * is shorter (at least 100 ms), so that a throttle early in a burst does not read as a low rate.
   */
  private attemptRate(now: number): number {
    while (this.attempts.length > 0 && (this.attempts[0] ?? 0) <= now - WINDOW_MS) this.attempts.shift();
    const span = Math.min(WINDOW_MS, Math.max(MIN_SPAN_MS, now - (this.firstStartAt ?? now)));
    return Math.max(1, (this.attempts.length * WINDOW_MS) / span);
  }

  private async acquireConcurrency(): Promise<void> {
    if (this.inFlight < this.concurrency) {
      this.inFlight++;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push(resolve));
    // wakeWaiters counted this request in before resolving.
  }

  private releaseConcurrency(): void {
    this.inFlight--;
    this.wakeWaiters();
  }

  private wakeWaiters(): void {
    while (this.inFlight < this.concurrency) {
      const next = this.waiters.shift();
      if (!next) return;
      this.inFlight++;
      next();
    }
  }

  private started(now: number): number {
    this.attempts.push(now);
    this.firstStartAt ??= now;
    return now;
  }

  /**
   * Milliseconds a request must wait before it may start at `now` (0: it may start now): the
   * pause a pace signal asked for, the spacing between starts and the one-second window.
   */
  private rateWait(now: number): number {
    if (now < this.pausedUntil) return Math.max(1, Math.ceil(this.pausedUntil - now));
    const rps = Math.min(this.rateCap, this.adaptiveRate);
    if (!Number.isFinite(rps)) return 0;
    const limit = Math.max(1, Math.floor(rps));
    // Below a millisecond, timers cannot space starts; the window alone then bounds the rate.
    const spacingMs = WINDOW_MS / rps >= 1 ? WINDOW_MS / rps : 0;
    while (this.starts.length > 0 && (this.starts[0] ?? 0) <= now - WINDOW_MS) this.starts.shift();
    const last = this.starts.at(-1);
    const spacingWait = last === undefined ? 0 : last + spacingMs - now;
    if (this.starts.length < limit && spacingWait <= 0) return 0;
    const windowWait = this.starts.length < limit ? 0 : (this.starts[0] ?? now) + WINDOW_MS - now + 1;
    return Math.max(1, Math.ceil(Math.max(spacingWait, windowWait)));
  }

  /**
   * Serializes rate-slot grants so that concurrent callers see a consistent window; resolves with
   * the start time.
   */
  private acquireRate(): Promise<number> {
    const grant = this.chain.then(async () => {
      let now = this.clock.now();
      for (let wait = this.rateWait(now); wait > 0; wait = this.rateWait(now)) {
        await this.clock.sleep(wait);
        now = this.clock.now();
      }
      if (Number.isFinite(Math.min(this.rateCap, this.adaptiveRate))) this.starts.push(now);
      return this.started(now);
    });
    this.chain = grant.then(
      () => undefined,
      () => undefined,
    );
    return grant;
  }
}

function positiveOrInfinity(value: number): number {
  return value > 0 ? value : Infinity;
}
