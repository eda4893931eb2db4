/**
 * The one fixture builder of the emulator tests: a fresh emulator with the bootstrap TMC admin's
 * token, optionally a company with callers of every kind (see `orgFixture` in `org-helpers.ts`),
 * wired into a suite's hooks by {@link useFixture}.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { Emulator, EmulatorOptions } from "../../src/emulator";
import { adminToken, freshEmulator } from "./helpers";

/** A fresh emulator and a token of its bootstrap TMC admin. */
export interface EmulatorFixture {
  emu: Emulator;
  /** The bootstrap TMC admin. */
  token: string;
}

/** Builds an {@link EmulatorFixture}; `options` go to the emulator (settings, seed, clock...). */
export async function emulatorFixture(options: EmulatorOptions = {}): Promise<EmulatorFixture> {
  const emu = await freshEmulator(options);
  return { emu, token: await adminToken(emu) };
}

/**
 * Builds a fixture before each test of the suite (or once, with `scope: "all"`) and closes its
 * emulator after. The returned object is filled in place, so read its fields inside tests and
 * hooks only.
 */
export function useFixture<F extends { emu: Emulator }>(
  build: () => Promise<F>,
  scope: "each" | "all" = "each",
): F {
  const fixture = {} as F;
  (scope === "each" ? beforeEach : beforeAll)(async () => {
    Object.assign(fixture, await build());
  });
  (scope === "each" ? afterEach : afterAll)(() => fixture.emu.close());
  return fixture;
}
