/**
 * The one fixture builder of the emulator tests: a fresh emulator with the bootstrap TMC admin's
 * token, optionally a state file in a temporary directory, a company (see {@link companyFixture}),
 * or a company with callers of every kind (see `orgFixture` in `org-helpers.ts`), wired into a
 * suite's hooks by {@link useFixture}.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import {
  createEmulator,
  type Emulator,
  type EmulatorOptions,
  type RunningEmulator,
  startEmulator,
} from "../../src/emulator";
import { adminToken, createCompany } from "./helpers";

/** What a fixture's emulator is built with: the emulator's own options, and these. */
export interface FixtureOptions extends EmulatorOptions {
  /** Persist to `state.json` in a fresh temporary directory, removed when the fixture closes. */
  tempStateFile?: boolean;
  /** Runs before the app is ready, e.g. to add an `onRoute` hook. Not with a listening emulator. */
  beforeReady?: (emu: Emulator) => void;
}

/** A fresh emulator and a token of its bootstrap TMC admin. */
export interface EmulatorFixture<E extends Emulator = Emulator> {
  emu: E;
  /** The bootstrap TMC admin. */
  token: string;
  /** The emulator's state file, if it has one. */
  stateFile?: string | undefined;
  /** Closes the emulator, then removes the temporary state directory. */
  close(): Promise<void>;
}

/** A fixture with one company, created by the TMC admin. */
export interface CompanyFixture extends EmulatorFixture {
  companyId: string;
}

/** Builds an {@link EmulatorFixture} answering `inject` only. */
export function emulatorFixture(options: FixtureOptions = {}): Promise<EmulatorFixture> {
  const { beforeReady, ...rest } = options;
  return buildFixture(rest, async (emulatorOptions) => {
    const emu = createEmulator({ logErrors: false, ...emulatorOptions });
    beforeReady?.(emu);
    await emu.app.ready();
    return emu;
  });
}

/** Builds an {@link EmulatorFixture} listening on a free loopback port, for real sockets. */
export function runningEmulatorFixture(
  options: Omit<FixtureOptions, "beforeReady"> = {},
): Promise<EmulatorFixture<RunningEmulator>> {
  return buildFixture(options, (emulatorOptions) => startEmulator({ logErrors: false, ...emulatorOptions }));
}

/** Builds a {@link CompanyFixture}. */
export async function companyFixture(options: FixtureOptions = {}): Promise<CompanyFixture> {
  const fixture = await emulatorFixture(options);
  return { ...fixture, companyId: await createCompany(fixture.emu, fixture.token) };
}

async function buildFixture<E extends Emulator>(
  options: Omit<FixtureOptions, "beforeReady">,
  start: (options: EmulatorOptions) => Promise<E>,
): Promise<EmulatorFixture<E>> {
  const { tempStateFile, ...emulatorOptions } = options;
  const dir = tempStateFile ? mkdtempSync(join(tmpdir(), "emulator-fixture-")) : undefined;
  const removeDir = () => dir && rmSync(dir, { recursive: true, force: true });
  const stateFile = dir ? join(dir, "state.json") : emulatorOptions.stateFile;
  let emu: E | undefined;
  try {
    emu = await start({ ...emulatorOptions, stateFile });
    const started = emu;
    const close = async () => {
      try {
        await started.close();
      } finally {
        removeDir();
      }
    };
    return { emu, token: await adminToken(emu), stateFile, close };
  } catch (error) {
    await emu?.close();
    removeDir();
    throw error;
  }
}

/**
 * Builds a fixture before each test of the suite (or once, with `scope: "all"`) and closes it
 * after (its `close`, else its emulator's). The returned object is filled in place, so read its
 * fields inside tests and hooks only.
 */
export function useFixture<F extends { emu: Emulator; close?: () => Promise<void> }>(
  build: () => Promise<F>,
  scope: "each" | "all" = "each",
): F {
  const fixture = {} as F;
  (scope === "each" ? beforeEach : beforeAll)(async () => {
    Object.assign(fixture, await build());
  });
  (scope === "each" ? afterEach : afterAll)(() => (fixture.close ? fixture.close() : fixture.emu.close()));
  return fixture;
}
