/** The embedded emulator of the travel platform API. */
export { EmulatorAdmin } from "./admin/operations";
export type { ClockState } from "./core/clock";
export {
  createEmulator,
  type Emulator,
  type EmulatorOptions,
  type RunningEmulator,
  startEmulator,
} from "./emulator";
export type { FaultRule, InstalledFault } from "./admin/faults";
export type { LoggedRequest } from "./admin/request-log";
export { ADMIN_PREFIX } from "./core/http";
export type { BootstrapInfo, Seed } from "./seed";
export type { EmulatorSettings } from "./core/settings";
export type { StateSnapshot } from "./core/snapshot";
