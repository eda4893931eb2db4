/** A live emulator on 127.0.0.1 and clients of its bootstrap TMC admin, shared by the test suites. */
import { clearSharedTokens, TravelClient, type TravelClientOptions } from "../../src/client";
import { type RunningEmulator, startEmulator } from "../../src/emulator";

/** Starts an emulator for a test file. */
export async function liveEmulator(): Promise<RunningEmulator> {
  clearSharedTokens();
  return startEmulator({ logErrors: false });
}

/** A client of the emulator's bootstrap TMC admin, with fast retries unless overridden. */
export function clientFor(
  emulator: RunningEmulator,
  options: Partial<TravelClientOptions> = {},
): TravelClient {
  return new TravelClient({
    baseUrl: emulator.url,
    credentials: { clientId: emulator.bootstrap.clientId, clientSecret: emulator.bootstrap.clientSecret },
    retry: { baseDelayMs: 5, maxDelayMs: 50 },
    requestsPerSecond: 10_000,
    maxConcurrency: 32,
    ...options,
  });
}
