/**
 * The car admin API under `/_emulator/car` (no token, like the rest of the admin API):
 * `POST /trips` seeds demo trips for a company, `GET /trips` lists trips, and
 * `GET|POST|DELETE /price-changes` manage deterministic price changes. See docs/car.md.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { CarAdmin, priceChangeRequestSchema } from "./admin";
import type { EmulatorContext } from "../context";
import { badRequest } from "../core/errors";
import { optionalBody, withZod } from "../core/request-validation";

const seedTripsRequest = z.strictObject({ companyId: z.string().min(1) });
const tripsQuery = z.looseObject({ companyId: z.string().min(1).optional() });

/** Registers the car admin routes (mount under `/_emulator/car`). */
export function carAdminRoutes(ctx: EmulatorContext) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    const admin = new CarAdmin(ctx);
    const attempt = <T>(operation: () => T): T => {
      try {
        return operation();
      } catch (error) {
        throw badRequest((error as Error).message, "EMULATOR_ADMIN_INVALID");
      }
    };

    app.post("/trips", { schema: { body: seedTripsRequest } }, async (request, reply) => {
      const { companyId } = request.body;
      return reply.code(201).send({ trips: attempt(() => admin.seedTrips(companyId)) });
    });
    app.get("/trips", { schema: { querystring: tripsQuery } }, async (request) => {
      const { companyId } = request.query;
      return { trips: admin.trips(companyId) };
    });
    app.get("/price-changes", async () => ({ priceChanges: admin.priceChanges() }));
    app.post(
      "/price-changes",
      { schema: { body: optionalBody(priceChangeRequestSchema) } },
      async (request, reply) => {
        const rule = request.body;
        return reply.code(201).send(admin.queuePriceChange(rule));
      },
    );
    app.delete("/price-changes", async (_request, reply) => {
      admin.clearPriceChanges();
      return reply.code(204).send();
    });
  };
}
