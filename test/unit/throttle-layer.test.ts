import { describe, expect, it } from "vitest";
import { ConnectionError, TimeoutError } from "../../src/client/errors";
import type { Exchange } from "../../src/client/exchange";
import type { HttpResponse } from "../../src/client/http";
import { RateLimiter } from "../../src/client/rate-limiter";
import { throttleLayer } from "../../src/client/throttle-layer";
import { exchangeOf, fixedDeadline, reply, scriptedSend, TARGET } from "./layer-fakes";

/** One request at a time, no rate limit. */
const oneAtATime = () => new RateLimiter({ requestsPerSecond: 0, maxConcurrency: 1 });

/** A Send that holds each exchange until the test answers it. */
function heldSend() {
  const pending: ((response: HttpResponse) => void)[] = [];
  const send = (_exchange: Exchange) => new Promise<HttpResponse>((resolve) => pending.push(resolve));
  return { send, pending };
}

/** Lets queued promise callbacks and zero-delay timers run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("throttleLayer", () => {
  it("holds a slot while the exchange is in flight and releases it after", async () => {
    const limiter = oneAtATime();
    const held = heldSend();
    const call = throttleLayer(limiter)(held.send)(exchangeOf());
    await settle();
    expect(limiter.active).toBe(1);
    held.pending[0]?.(reply(200));
    await expect(call).resolves.toMatchObject({ status: 200 });
    expect(limiter.active).toBe(0);
  });

  it("releases the slot when the exchange fails, so the next one runs", async () => {
    const limiter = oneAtATime();
    const send = scriptedSend(new ConnectionError(TARGET, "socket hang up", "ECONNRESET"), reply(200));
    const layer = throttleLayer(limiter)(send);
    await expect(layer(exchangeOf())).rejects.toBeInstanceOf(ConnectionError);
    expect(limiter.active).toBe(0);
    await expect(layer(exchangeOf())).resolves.toMatchObject({ status: 200 });
    expect(limiter.active).toBe(0);
  });

  it("times out against the deadline while waiting for a slot, and never sends", async () => {
    const limiter = oneAtATime();
    const held = heldSend();
    const layer = throttleLayer(limiter)(held.send);
    const first = layer(exchangeOf());
    await settle();
    const late = exchangeOf({ deadline: fixedDeadline(0, 250), attempt: 2 });
    const error: unknown = await layer(late).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ phase: "deadline", attempts: 2 });
    expect((error as TimeoutError).message).toContain("deadline limit 250 ms");
    expect(held.pending).toHaveLength(1);

    // The slot the timed-out waiter was granted later goes back to the limiter.
    held.pending[0]?.(reply(200));
    await first;
    await settle();
    expect(limiter.active).toBe(0);
  });
});
