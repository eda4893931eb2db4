/**
 * The `Date` header of every answer, from the emulator's clock rather than the machine's (Node's
 * default): a test that moves the clock moves the platform's time as its clients see it. An answer
 * that set its own `Date` keeps it (an injected fault's skewed one).
 */
import type { FastifyPluginAsync } from "fastify";
import type { EmulatorClock } from "./clock";
import { globalPlugin } from "./global-plugin";

/** The plugin; it applies to every route, admin routes included. */
export function platformDate(clock: EmulatorClock): FastifyPluginAsync {
  return globalPlugin("platform-date", async (app) => {
    app.addHook("onSend", async (_request, reply, payload) => {
      if (!reply.hasHeader("date")) reply.header("date", new Date(clock.now()).toUTCString());
      return payload;
    });
  });
}
