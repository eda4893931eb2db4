/** What authenticating a caller needs from one emulator. */
import type { EmulatorClock } from "../core/clock";
import type { EmulatorSettings } from "../core/settings";
import type { Identity } from "./identity";

/** The identity services of one emulator (the emulator's context provides them). */
export interface IdentityServices {
  identity: Identity;
  clock: EmulatorClock;
  /** Current settings (the admin API may change them). */
  settings: EmulatorSettings;
}
