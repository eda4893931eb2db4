/** The embedded emulator of the travel platform API. */
export { EmulatorAdmin } from "./admin";
export type { ClockState } from "./clock";
export {
  createEmulator,
  type Emulator,
  type EmulatorOptions,
  type RunningEmulator,
  startEmulator,
} from "./emulator";
export type { FaultRule, InstalledFault } from "./faults";
export type { LoggedRequest } from "./request-log";
export { ADMIN_PREFIX } from "./routes/admin";
export type { BootstrapInfo, Seed } from "./seed";
export type { EmulatorSettings } from "./settings";
export type { StateSnapshot } from "./store";
