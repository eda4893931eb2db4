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
  /**
   * Checks that veto deleting a company while it still has children. Route areas push theirs
   * when they register; each returns a description of what blocks (such as "2 legal entities").
   */
  companyDeletionGuards: CompanyDeletionGuard[];
  /** Called after a company is deleted, to remove what it owned and could not block deletion (configs). */
  onCompanyDeleted: ((companyId: string) => void)[];
}

/** Returns what still blocks deleting `companyId`, or undefined. */
export type CompanyDeletionGuard = (companyId: string) => string | undefined;
