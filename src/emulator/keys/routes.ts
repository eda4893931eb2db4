/** The keys area: partner public keys and the tenant key, registered together. */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { partnerKeyRoutes } from "./partner-key-routes";
import { tenantKeyRoutes } from "./tenant-key-routes";

/** Registers every route of the keys area. */
export function keyRoutes(ctx: EmulatorContext) {
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(partnerKeyRoutes(ctx));
    await app.register(tenantKeyRoutes(ctx));
  };
}
