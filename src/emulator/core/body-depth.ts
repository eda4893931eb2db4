/** The nesting-depth limit on request bodies: 400 NESTING_TOO_DEEP beyond it. */
import type { FastifyPluginAsync } from "fastify";
import { findTooDeep, MAX_BODY_DEPTH } from "./depth";
import { badRequest } from "./errors";
import { globalPlugin } from "./global-plugin";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A body nesting limit other than {@link MAX_BODY_DEPTH} (the state snapshot's). */
    maxBodyDepth?: number;
  }
}

/** The plugin: checks every parsed body against its route's limit. */
export const bodyDepthLimit: FastifyPluginAsync = globalPlugin("body-depth-limit", async (app) => {
  app.addHook("preValidation", async (request) => {
    const limit = request.routeOptions.config.maxBodyDepth ?? MAX_BODY_DEPTH;
    const where = findTooDeep(request.body, limit);
    if (where !== undefined) {
      throw badRequest(
        `invalid request body: ${where}: is nested deeper than ${limit} levels of objects and arrays`,
        "NESTING_TOO_DEEP",
      );
    }
  });
});
