/** What the emulator's own operations need beyond a platform route's services. */
import type { EmulatorContext } from "../context";
import type { FaultInjector } from "./faults";
import type { RequestLog } from "./request-log";
import type { ResponseVariation } from "../core/response-variation";

/** The services of one emulator as its admin API sees them. */
export interface AdminContext extends EmulatorContext {
  faults: FaultInjector;
  log: RequestLog;
  /** Varied answers within the vendor's contract, off until set. */
  variation: ResponseVariation;
  /** Restores the seeded initial state. */
  reset(): void;
}
