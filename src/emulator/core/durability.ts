/**
 * Durable acknowledgement: an answer leaves only once the state it reflects is on disk (with a
 * state file; at once without). A failed write turns the answer into 500 STATE_NOT_PERSISTED.
 */
import type { FastifyPluginAsync } from "fastify";
import { PlatformError } from "./errors";
import { globalPlugin } from "./global-plugin";
import type { EmulatorStore } from "./store";

declare module "fastify" {
  interface FastifyRequest {
    /** Set once the answer waited for durability (an error answer then does not wait again). */
    durabilityAwaited?: boolean;
  }
}

/** The plugin; register it before any other `onSend` hook, so they see a durable state. */
export function durableAnswers(store: EmulatorStore, options: { logErrors: boolean }): FastifyPluginAsync {
  return globalPlugin("durable-answers", async (app) => {
    app.addHook("onSend", async (request, _reply, payload) => {
      if (request.durabilityAwaited) return payload;
      request.durabilityAwaited = true;
      try {
        await store.whenDurable();
      } catch (error) {
        if (options.logErrors) process.stderr.write(`emulator: ${(error as Error).message}\n`);
        throw new PlatformError(
          500,
          "STATE_NOT_PERSISTED",
          "the change was applied in memory but could not be written to the state file; see the emulator's stderr",
        );
      }
      return payload;
    });
  });
}
