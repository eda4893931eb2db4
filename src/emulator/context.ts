/** The services a platform route of the emulator needs, bundled once per emulator instance. */
import type { EmulatorStore } from "./core/store";
import type { IdentityServices } from "./identity/services";

/** Shared services of one emulator: the store, and the clock, settings and identity of callers. */
export interface EmulatorContext extends IdentityServices {
  store: EmulatorStore;
}
