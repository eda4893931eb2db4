/** Client-test helpers: a recording dispatcher and request counts, over the shared live emulator. */
import { Agent, type Dispatcher } from "undici";
import type { RunningEmulator } from "../../src/emulator";

export { clientFor, liveEmulator } from "../support/live-emulator";

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

/** Platform calls per route since `afterSeq`. */
export function counts(emulator: RunningEmulator, afterSeq = 0): Record<string, number> {
  return emulator.admin.requestCounts(afterSeq);
}
