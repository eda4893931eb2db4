/** A live emulator on 127.0.0.1 and clients pointed at it, with a recording dispatcher. */
import { Agent, type Dispatcher } from "undici";
import { clearSharedTokens, TravelClient, type TravelClientOptions } from "../../src/client";
import { type RunningEmulator, startEmulator } from "../../src/emulator";

/** An undici Agent that records when each request is handed to the wire and its Authorization header. */
export class RecordingAgent extends Agent {
  readonly dispatchedAt: number[] = [];
  readonly authorizations: string[] = [];

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    this.dispatchedAt.push(performance.now());
    const headers = options.headers as Record<string, string> | undefined;
    if (headers?.authorization) this.authorizations.push(headers.authorization);
    return super.dispatch(options, handler);
  }
}

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

/** Platform calls per route since `afterSeq`. */
export function counts(emulator: RunningEmulator, afterSeq = 0): Record<string, number> {
  return emulator.admin.requestCounts(afterSeq);
}
