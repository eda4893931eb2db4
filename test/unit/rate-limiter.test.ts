import { describe, expect, it } from "vitest";
import {
  BETA,
  type LimiterClock,
  MIN_CONCURRENCY,
  MIN_RATE,
  RATE_STEP,
  RateLimiter,
  type SlotOutcome,
} from "../../src/client/rate-limiter";

/**
 * A virtual clock: sleeping advances time without waiting. The advance happens on a later
 * macrotask, so a caller whose slot was just granted records its start time first.
 */
function virtualClock(): LimiterClock & { time: number } {
  const clock = {
    time: 0,
    now: () => clock.time,
    sleep: async (ms: number) => {
      await new Promise((resolve) => setImmediate(resolve));
      clock.time += ms;
    },
  };
  return clock;
}

const OK: SlotOutcome = { throttled: false };
const THROTTLED: SlotOutcome = { throttled: true };
const UNAVAILABLE: SlotOutcome = { throttled: false, unavailable: true };

/** Runs `n` requests one after another, each answered `outcome`; returns their start times. */
async function sequential(limiter: RateLimiter, clock: LimiterClock, n: number, outcome: SlotOutcome) {
  const starts: number[] = [];
  for (let i = 0; i < n; i++) {
    const release = await limiter.acquire();
    starts.push(clock.now());
    release(outcome);
  }
  return starts;
}

describe("RateLimiter: opt-in fixed cap", () => {
  it.each([1, 5, 20])("never starts more than %i requests in any one-second window", async (rps) => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requestsPerSecond: rps, maxConcurrency: 0 }, clock);
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: rps * 4 + 3 }, async () => {
        const release = await limiter.acquire();
        starts.push(clock.now());
        release(OK);
      }),
    );
    starts.sort((a, b) => a - b);
    for (let i = 0; i + rps < starts.length; i++) {
      expect((starts[i + rps] ?? 0) - (starts[i] ?? 0)).toBeGreaterThanOrEqual(1000);
    }
    for (let i = 1; i < starts.length; i++) {
      expect((starts[i] ?? 0) - (starts[i - 1] ?? 0)).toBeGreaterThanOrEqual(1000 / rps);
    }
  });

  it("is never exceeded by the adaptive rate, however many successes", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requestsPerSecond: 10, maxConcurrency: 4 }, clock);
    await sequential(limiter, clock, 3, OK);
    (await limiter.acquire())(THROTTLED);
    await sequential(limiter, clock, 200, OK);
    expect(limiter.state.rate).toBe(10);
  });
});

describe("RateLimiter: adaptive by default", () => {
  it("has no fixed pace: a burst starts at once, up to maxConcurrency in flight", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requestsPerSecond: 0, maxConcurrency: 8 }, clock);
    const releases = await Promise.all(Array.from({ length: 8 }, () => limiter.acquire()));
    expect(clock.now()).toBe(0);
    expect(limiter.active).toBe(8);
    let ninth = false;
    const pending = limiter.acquire().then((release) => {
      ninth = true;
      return release;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(ninth).toBe(false);
    releases[0]?.(OK);
    (await pending)(OK);
    for (const release of releases.slice(1)) release(OK);
    expect(limiter.active).toBe(0);
    expect(limiter.state).toMatchObject({ concurrency: 8, rate: Infinity });
  });

  it.each([
    // successes spread over `spanMs` before the throttled request; the start rate they measure
    { successes: 50, spanMs: 1000, rate: BETA * 50 },
    { successes: 20, spanMs: 1000, rate: BETA * 20 },
    // 10/s would make 7/s: the floor holds.
    { successes: 10, spanMs: 1000, rate: MIN_RATE },
    // A throttle early in a burst: 11 starts in 200 ms measure 55/s, not 11/s.
    { successes: 10, spanMs: 200, rate: BETA * 55 },
    // ... but never over less than 100 ms.
    { successes: 10, spanMs: 10, rate: BETA * 110 },
    { successes: 0, spanMs: 1000, rate: MIN_RATE },
  ])(
    "on a throttle after $successes successes in $spanMs ms, caps the rate at $rate/s and halves concurrency",
    async ({ successes, spanMs, rate }) => {
      const clock = virtualClock();
      clock.time = 5000;
      const limiter = new RateLimiter({ requestsPerSecond: 0, maxConcurrency: 8 }, clock);
      for (let i = 0; i < successes; i++) {
        (await limiter.acquire())(OK);
        clock.time += spanMs / successes;
      }
      (await limiter.acquire())(THROTTLED);
      expect(limiter.state.rate).toBeCloseTo(rate, 6);
      expect(limiter.state.concurrency).toBe(4);
    },
  );

  it("decreases at most once a second, so that random faults do not drive the rate to the floor", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requestsPerSecond: 0, maxConcurrency: 8 }, clock);
    await sequential(limiter, clock, 30, OK);
    clock.time += 500;
    (await limiter.acquire())(THROTTLED);
    const once = limiter.state;
    clock.time += 500;
    (await limiter.acquire())(THROTTLED);
    expect(limiter.state.concurrency).toBe(once.concurrency);
    expect(limiter.state.rate).toBeCloseTo(once.rate, 6);
    clock.time += 600;
    (await limiter.acquire())(THROTTLED);
    expect(limiter.state.concurrency).toBe(once.concurrency / 2);
  });

  it.each([
    { header: "Retry-After 2 s", retryAfterMs: 2000, firstStartAfter: 2000 },
    { header: "no Retry-After", retryAfterMs: undefined, firstStartAfter: 0 },
  ])(
    "honours the server's pause ($header) before any new start",
    async ({ retryAfterMs, firstStartAfter }) => {
      const clock = virtualClock();
      const limiter = new RateLimiter({ requestsPerSecond: 0, maxConcurrency: 8 }, clock);
      (await limiter.acquire())({ throttled: true, retryAfterMs });
      const release = await limiter.acquire();
      expect(clock.now()).toBeGreaterThanOrEqual(firstStartAfter);
      expect(clock.now()).toBeLessThan(firstStartAfter + 5);
      release(OK);
    },
  );

  it("counts one decrease for requests that were already in flight when it reacted", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requestsPerSecond: 0, maxConcurrency: 8 }, clock);
    const inFlight = await Promise.all(Array.from({ length: 8 }, () => limiter.acquire()));
    clock.time += 10;
    for (const release of inFlight) release(THROTTLED);
    expect(limiter.state.concurrency).toBe(4);
    // 8 starts in the first 10 ms measure 80/s (over the 100 ms minimum span).
    expect(limiter.state.rate).toBeCloseTo(BETA * 80, 6);
    // A request started after the decrease, a second later, does count.
    clock.time += 1000;
    (await limiter.acquire())(THROTTLED);
    expect(limiter.state.concurrency).toBe(2);
  });

  it("after a throttle, paces starts at the lowered rate and raises it additively with successes", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requestsPerSecond: 0, maxConcurrency: 8 }, clock);
    for (let i = 0; i < 20; i++) {
      (await limiter.acquire())(OK); // 20 successes over the last second
      clock.time += 50;
    }
    (await limiter.acquire())(THROTTLED);
    const lowered = limiter.state.rate;
    expect(lowered).toBeCloseTo(BETA * 20, 6);
    const starts = await sequential(limiter, clock, Math.ceil(lowered) * 3, OK);
    // Paced: consecutive starts at least 1/rate apart for the rate at that time, and the rate grew
    // by RATE_STEP per second's worth of successes.
    for (let i = 1; i < starts.length; i++) {
      expect((starts[i] ?? 0) - (starts[i - 1] ?? 0)).toBeGreaterThanOrEqual(
        1000 / (lowered + 3 * RATE_STEP) - 1,
      );
    }
    expect(limiter.state.rate).toBeGreaterThan(lowered + 2 * RATE_STEP);
    expect(limiter.state.rate).toBeLessThan(lowered + 4 * RATE_STEP);
    // Concurrency came back by one per window of successes, up to the configured maximum.
    expect(limiter.state.concurrency).toBe(8);
  });

  it("caps requests in flight", async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 0, maxConcurrency: 3 });
    let inFlight = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const release = await limiter.acquire();
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight--;
        release(OK);
      }),
    );
    expect(peak).toBe(3);
    expect(limiter.active).toBe(0);
  });

  it("ignores a second release of the same slot", async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 0, maxConcurrency: 1 });
    const release = await limiter.acquire();
    release(THROTTLED);
    release(THROTTLED);
    expect(limiter.active).toBe(0);
    expect(limiter.state.concurrency).toBe(1);
    const again = await limiter.acquire();
    expect(limiter.active).toBe(1);
    again();
  });
});

describe("RateLimiter: random faults cannot starve a run", () => {
  it("stops decreasing at the floor however many throttles come, one a second", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requestsPerSecond: 0, maxConcurrency: 8 }, clock);
    for (let i = 0; i < 20; i++) {
      (await limiter.acquire())(THROTTLED);
      clock.time += 1001;
    }
    expect(limiter.state).toMatchObject({ rate: MIN_RATE, concurrency: MIN_CONCURRENCY });
    // At the floor, MIN_RATE starts still fit in every second.
    const starts = await sequential(limiter, clock, 2 * MIN_RATE, OK);
    expect((starts.at(-1) ?? 0) - (starts[0] ?? 0)).toBeLessThan(2000);
  });

  it("keeps a configured concurrency or rate below the floor", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requestsPerSecond: 2, maxConcurrency: 1 }, clock);
    for (let i = 0; i < 5; i++) {
      (await limiter.acquire())(THROTTLED);
      clock.time += 1001;
    }
    expect(limiter.state).toMatchObject({ rate: 2, concurrency: 1 });
  });

  it("neither slows down nor speeds up on a server failure that is no pace signal", async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requestsPerSecond: 0, maxConcurrency: 8 }, clock);
    await sequential(limiter, clock, 20, OK);
    clock.time += 500;
    (await limiter.acquire())(THROTTLED);
    const lowered = limiter.state;
    await sequential(limiter, clock, 40, UNAVAILABLE);
    // The same rate and concurrency, and no pause: an unavailable server asks for no pace.
    expect(limiter.state).toEqual(lowered);
  });
});
