/**
 * Client-side throttling: at most `maxConcurrency` requests in flight and at most
 * `requestsPerSecond` request starts in any sliding one-second window, spaced at least
 * 1/`requestsPerSecond` apart, so a run does not provoke 429s in the first place. The spacing
 * matters at the server: a burst at the client arrives spread by connection set-up and jitter,
 * and a server counting arrivals would see more than the limit in some window (measured in
 * `npm run bench`).
 */

/** Throttle settings; 0 or Infinity disables a limit. */
export interface RateLimitOptions {
  requestsPerSecond: number;
  maxConcurrency: number;
}

/** Injected time source, for tests. */
export interface LimiterClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: LimiterClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const WINDOW_MS = 1000;

/** A sliding-window rate limiter combined with a concurrency semaphore. */
export class RateLimiter {
  private readonly starts: number[] = [];
  private readonly waiters: (() => void)[] = [];
  private inFlight = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: RateLimitOptions,
    private readonly clock: LimiterClock = realClock,
  ) {}

  /** Number of requests currently holding a slot. */
  get active(): number {
    return this.inFlight;
  }

  /**
   * Waits for a concurrency slot and a rate slot, then returns the function that releases the
   * concurrency slot. Callers must call it exactly once.
   */
  async acquire(): Promise<() => void> {
    await this.acquireConcurrency();
    try {
      await this.acquireRate();
    } catch (error) {
      this.releaseConcurrency();
      throw error;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.releaseConcurrency();
    };
  }

  private async acquireConcurrency(): Promise<void> {
    const max = this.options.maxConcurrency;
    if (!(max > 0) || !Number.isFinite(max)) {
      this.inFlight++;
      return;
    }
    if (this.inFlight < max) {
      this.inFlight++;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push(resolve));
    // The releasing request handed its slot over; inFlight is unchanged.
  }

  private releaseConcurrency(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.inFlight--;
  }

  /** Serializes rate-slot grants so that concurrent callers see a consistent window. */
  private acquireRate(): Promise<void> {
    const rps = this.options.requestsPerSecond;
    if (!(rps > 0) || !Number.isFinite(rps)) return Promise.resolve();
    const limit = Math.max(1, Math.floor(rps));
    // Below a millisecond, timers cannot space starts; the window alone then bounds the rate.
    const spacingMs = WINDOW_MS / rps >= 1 ? WINDOW_MS / rps : 0;
    const grant = this.chain.then(async () => {
      for (;;) {
        const now = this.clock.now();
        while (this.starts.length > 0 && (this.starts[0] ?? 0) <= now - WINDOW_MS) this.starts.shift();
        const last = this.starts.at(-1);
        const spacingWait = last === undefined ? 0 : last + spacingMs - now;
        if (this.starts.length < limit && spacingWait <= 0) {
          this.starts.push(now);
          return;
        }
        const windowWait = this.starts.length < limit ? 0 : (this.starts[0] ?? now) + WINDOW_MS - now + 1;
        await this.clock.sleep(Math.max(1, Math.ceil(Math.max(spacingWait, windowWait))));
      }
    });
    this.chain = grant.catch(() => undefined);
    return grant;
  }
}
