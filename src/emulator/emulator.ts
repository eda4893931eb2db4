/**
 * Creating and starting an emulator: context, seed or state file, Fastify app, and an HTTP
 * server on loopback. Tests use {@link createEmulator} with `app.inject`, or
 * {@link startEmulator} for a real socket.
 */
import type { FastifyInstance } from "fastify";
import { EmulatorAdmin } from "./admin/operations";
import { buildEmulatorApp } from "./app";
import { EmulatorClock } from "./core/clock";
import type { AdminContext } from "./admin/admin-context";
import { FaultInjector } from "./admin/faults";
import { Identity } from "./identity/identity";
import { readStateFile, StatePersistence } from "./core/persistence";
import { seededRandom } from "./core/random";
import { RequestLog } from "./admin/request-log";
import { ResponseVariation, type ResponseVariationSetting } from "./core/response-variation";
import { type BootstrapInfo, readBootstrap } from "./identity/bootstrap";
import { applySeed, loadSeedFile, parseSeed, type Seed } from "./seed";
import { type EmulatorSettings, type EmulatorSettingsInput, settingsSchema } from "./core/settings";
import { EmulatorStore } from "./core/store";
import { EMULATOR_RECORDS } from "./records";

/** Options of {@link createEmulator} and {@link startEmulator}. */
export interface EmulatorOptions {
  /** A seed object, or the path of a YAML/JSON seed file. */
  seed?: Partial<Seed> | string | undefined;
  /** Persist state to this JSON file (loaded at start when it exists). In memory otherwise. */
  stateFile?: string | undefined;
  /** Settings that override the seed's. */
  settings?: Partial<EmulatorSettingsInput> | undefined;
  /** Seed of the fault-injection random generator. */
  randomSeed?: number | undefined;
  /**
   * Answer in varied forms within the vendor's contract (docs/emulator.md, "Response variation");
   * off by default.
   */
  responseVariation?: ResponseVariationSetting | undefined;
  /** Print unexpected errors to stderr (default true). */
  logErrors?: boolean | undefined;
}

/** An emulator that is built but not listening. */
export interface Emulator {
  app: FastifyInstance;
  admin: EmulatorAdmin;
  context: AdminContext;
  /** Credentials of the bootstrap TMC admin. */
  bootstrap: BootstrapInfo;
  /** The state file's writer, with a state file. */
  persistence?: StatePersistence | undefined;
  /** Closes the app and waits until the state file holds the final state. */
  close(): Promise<void>;
}

/** A listening emulator. */
export interface RunningEmulator extends Emulator {
  /** Base URL, such as `http://127.0.0.1:43123`. */
  url: string;
  port: number;
}

/** Builds an emulator: seeded (or loaded from its state file), not yet listening. */
export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const seed = typeof options.seed === "string" ? loadSeedFile(options.seed) : parseSeed(options.seed ?? {});
  const settings: EmulatorSettings = settingsSchema.parse({ ...seed.settings, ...options.settings });
  const store = new EmulatorStore(EMULATOR_RECORDS);
  const clock = new EmulatorClock();
  const random = seededRandom(options.randomSeed ?? 0x5eed);
  const context: AdminContext = {
    store,
    clock,
    faults: new FaultInjector(random),
    log: new RequestLog(),
    variation: new ResponseVariation(),
    identity: undefined as unknown as Identity,
    settings,
    reset: () => {
      const previous = readBootstrap(store);
      store.clear();
      context.log.clear();
      context.faults.clear();
      context.clock.reset();
      context.identity.resetRateLimits();
      applySeed(context, seed, previous);
    },
  };
  context.identity = new Identity(store, clock, () => context.settings);

  const saved = options.stateFile ? readStateFile(options.stateFile) : undefined;
  if (saved) {
    try {
      store.load(saved);
    } catch (error) {
      throw new Error(`state file ${options.stateFile}: ${(error as Error).message}`, { cause: error });
    }
  } else applySeed(context, seed);
  try {
    context.variation.configure(options.responseVariation);
  } catch (error) {
    throw new Error(`responseVariation: ${(error as Error).message}`, { cause: error });
  }
  const persistence = options.stateFile ? new StatePersistence(options.stateFile, store) : undefined;
  persistence?.flush();

  const app = buildEmulatorApp(context, { logErrors: options.logErrors ?? true });
  const admin = new EmulatorAdmin(context);
  const bootstrap = readBootstrap(store);
  if (!bootstrap)
    throw new Error(`state file ${options.stateFile} has no bootstrap credentials; delete it to reseed`);
  return {
    app,
    admin,
    context,
    bootstrap,
    persistence,
    close: async () => {
      await app.close();
      await persistence?.close();
    },
  };
}

/** Starts an emulator on `host:port` (default 127.0.0.1 and a free port). */
export async function startEmulator(
  options: EmulatorOptions & { port?: number | undefined; host?: string | undefined } = {},
): Promise<RunningEmulator> {
  const emulator = createEmulator(options);
  const host = options.host ?? "127.0.0.1";
  await emulator.app.listen({ port: options.port ?? 0, host });
  const address = emulator.app.server.address();
  if (!address || typeof address === "string") throw new Error("the emulator did not get a TCP address");
  const urlHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return { ...emulator, url: `http://${urlHost}:${address.port}`, port: address.port };
}
