/** Everything a route of the emulator needs, bundled once per emulator instance. */
import type { EmulatorClock } from "./core/clock";
import type { FaultInjector } from "./admin/faults";
import type { Identity } from "./identity/identity";
import type { RequestLog } from "./admin/request-log";
import type { EmulatorSettings } from "./core/settings";
import type { EmulatorStore } from "./core/store";

/** Shared services of one emulator. */
export interface EmulatorContext {
  store: EmulatorStore;
  clock: EmulatorClock;
  faults: FaultInjector;
  log: RequestLog;
  identity: Identity;
  /** Current settings (the admin API may change them). */
  settings: EmulatorSettings;
  /** Restores the seeded initial state. */
  reset(): void;
}
