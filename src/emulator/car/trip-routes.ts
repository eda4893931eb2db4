/**
 * Trips: `GET /v3/trips/{tripId}/pnrs/{pnrId}`, the booking details of a car PNR, and
 * `POST /v3/trips/list`, the trips the caller may manage with their car PNRs (a listing of
 * pulumi-travel's design: docs/api-decisions.md, "Trip listing").
 */
import type { FastifyInstance } from "fastify";
import { tripFor } from "./access";
import { catalogVendor } from "./catalog";
import { carCollections, type TripRecord } from "./records";
import { toCarBooking } from "./views";
import type { EmulatorContext } from "../context";
import { notFound } from "../core/errors";
import { param } from "../core/http";
import { pageLimit } from "../core/settings";
import { optionalBody, withZod } from "../core/request-validation";
import { authenticate, principalOf } from "../identity/authenticate";
import { canAccessCompany, companyFor } from "../org/permissions";
import { COMPANIES } from "../org/records";
import { type TripSummary, tripListRequestSchema } from "../../schemas/trips";

/** Registers the trip routes. */
export function tripRoutes(ctx: EmulatorContext) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    app.addHook("preValidation", authenticate(ctx));

    app.get("/v3/trips/:tripId/pnrs/:pnrId", async (request) => {
      const trip = tripFor(ctx, principalOf(request), param(request, "tripId"));
      const pnrId = param(request, "pnrId");
      const pnr = carCollections(ctx.store).pnrs.get(pnrId);
      if (!pnr || pnr.tripId !== trip.tripId) throw notFound("PNR", pnrId);
      return toCarBooking(pnr);
    });

    app.post("/v3/trips/list", { schema: { body: optionalBody(tripListRequestSchema) } }, async (request) => {
      const principal = principalOf(request);
      const body = request.body;
      if (body.companyId !== undefined) companyFor(ctx.store, principal, body.companyId);
      const companies = ctx.store.records(COMPANIES);
      const visible = carCollections(ctx.store)
        .trips.values()
        .filter((trip) => body.companyId === undefined || trip.companyId === body.companyId)
        .filter((trip) => {
          const company = companies.get(trip.companyId);
          return company !== undefined && canAccessCompany(principal, company);
        })
        .sort((a, b) => a.createdAtMs - b.createdAtMs || a.tripId.localeCompare(b.tripId));
      const limit = pageLimit(ctx.settings, body.limit);
      return {
        trips: visible.slice(body.offset, body.offset + limit).map((trip) => tripSummary(ctx, trip)),
        offset: body.offset,
        limit,
        totalCount: visible.length,
      };
    });
  };
}

/** A trip with its car PNRs, oldest first. */
function tripSummary(ctx: EmulatorContext, trip: TripRecord): TripSummary {
  const pnrs = carCollections(ctx.store).pnrs;
  return {
    tripId: trip.tripId,
    name: trip.name,
    companyId: trip.companyId,
    travelers: trip.travelers,
    createdAt: new Date(trip.createdAtMs).toISOString(),
    carPnrs: trip.pnrIds.flatMap((pnrId) => {
      const pnr = pnrs.get(pnrId);
      if (!pnr) return [];
      const vendor = catalogVendor(pnr.vendorCode);
      return [
        {
          pnrId: pnr.pnrId,
          pnrStatus: pnr.status,
          vendor: { code: vendor.code, name: vendor.name },
          vendorConfirmationNumber: pnr.vendorConfirmationNumber,
          pickup: pnr.pickup,
          dropOff: pnr.dropOff,
          ...(pnr.sourcePnrId !== undefined ? { sourcePnrId: pnr.sourcePnrId } : {}),
          ...(pnr.replacedByPnrId !== undefined ? { replacedByPnrId: pnr.replacedByPnrId } : {}),
        },
      ];
    }),
  };
}
