/**
 * The optional server-side rate limit of platform API calls: at most `apiRateLimitPerSecond`
 * requests per client id in any sliding one-second window (emulator clock); beyond it 429
 * `RATE_LIMIT_EXCEEDED` with `Retry-After`. Off (0) by default. Token requests have their own
 * limit (`tokenRateLimit`) and do not count here.
 */
import { PlatformError } from "../core/errors";
import type { IdentityServices } from "./services";

const WINDOW_MS = 1000;
const windowsByContext = new WeakMap<IdentityServices, Map<string, number[]>>();

/** Counts a call of `clientId`; throws 429 with Retry-After when its window is full. */
export function chargeApiRequest(ctx: IdentityServices, clientId: string): void {
  const limit = ctx.settings.apiRateLimitPerSecond;
  if (!(limit > 0)) return;
  let windows = windowsByContext.get(ctx);
  if (!windows) {
    windows = new Map();
    windowsByContext.set(ctx, windows);
  }
  const now = ctx.clock.now();
  let arrivals = windows.get(clientId);
  if (!arrivals) {
    arrivals = [];
    windows.set(clientId, arrivals);
  }
  let expired = 0;
  while (expired < arrivals.length && (arrivals[expired] ?? 0) <= now - WINDOW_MS) expired++;
  if (expired > 0) arrivals.splice(0, expired);
  if (arrivals.length >= limit) {
    const freeInMs = (arrivals[0] ?? now) + WINDOW_MS - now;
    throw new PlatformError(
      429,
      "RATE_LIMIT_EXCEEDED",
      `too many requests: at most ${limit} per second for API user ${clientId}; retry after the Retry-After`,
      { "retry-after": String(Math.max(1, Math.ceil(freeInMs / 1000))) },
    );
  }
  arrivals.push(now);
}
