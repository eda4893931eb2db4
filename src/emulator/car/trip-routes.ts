/** Trips: `GET /v3/trips/{tripId}/pnrs/{pnrId}`, the booking details of a car PNR. */
import type { FastifyInstance } from "fastify";
import { tripFor } from "./access";
import { carCollections } from "./records";
import { toCarBooking } from "./views";
import type { EmulatorContext } from "../context";
import { notFound } from "../core/errors";
import { param } from "../core/http";
import { authenticate, principalOf } from "../identity/authenticate";

/** Registers the trip routes. */
export function tripRoutes(ctx: EmulatorContext) {
  return async (app: FastifyInstance): Promise<void> => {
    app.addHook("preHandler", authenticate(ctx));

    app.get("/v3/trips/:tripId/pnrs/:pnrId", async (request) => {
      const trip = tripFor(ctx, principalOf(request), param(request, "tripId"));
      const pnrId = param(request, "pnrId");
      const pnr = carCollections(ctx.store).pnrs.get(pnrId);
      if (!pnr || pnr.tripId !== trip.tripId) throw notFound("PNR", pnrId);
      return toCarBooking(pnr);
    });
  };
}
