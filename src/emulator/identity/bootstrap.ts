/** The bootstrap TMC admin's credentials, kept in the store so a restarted emulator can print them. */
import { platformRecords } from "../core/record-kind";
import type { EmulatorStore } from "../core/store";

/** What an applied seed gives the operator: the TMC and its bootstrap admin credentials. */
export interface BootstrapInfo {
  tmcId: string;
  clientId: string;
  clientSecret: string;
}

/** The emulator's own bookkeeping: one record, `bootstrap`. */
export const META = platformRecords<BootstrapInfo>("meta");

/** The bootstrap credentials recorded in the store, if any. */
export function readBootstrap(store: EmulatorStore): BootstrapInfo | undefined {
  return store.records(META).get("bootstrap");
}

/** Records the bootstrap credentials. */
export function writeBootstrap(store: EmulatorStore, bootstrap: BootstrapInfo): void {
  store.records(META).set("bootstrap", bootstrap);
}
