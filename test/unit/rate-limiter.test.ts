import { describe, expect, it } from "vitest";
import { type LimiterClock, RateLimiter } from "../../src/client/rate-limiter";

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

describe("RateLimiter", () => {
  it.each([1, 5, 20])("never starts more than %i requests in any one-second window", async (rps) => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ requestsPerSecond: rps, maxConcurrency: 0 }, clock);
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: rps * 4 + 3 }, async () => {
        const release = await limiter.acquire();
        starts.push(clock.now());
        release();
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
        release();
      }),
    );
    expect(peak).toBe(3);
    expect(limiter.active).toBe(0);
  });

  it("ignores a second release of the same slot", async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 0, maxConcurrency: 1 });
    const release = await limiter.acquire();
    release();
    release();
    expect(limiter.active).toBe(0);
    const again = await limiter.acquire();
    expect(limiter.active).toBe(1);
    again();
  });
});
