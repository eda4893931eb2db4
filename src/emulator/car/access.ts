/**
 * Finding trips, car PNRs and searches for a caller: 404 when they do not exist, 403 when they
 * belong to a company the caller may not manage (a TMC admin of the company's TMC or a
 * COMPANY_ADMIN of the company may), and 409 when a PNR's state forbids changes.
 */
import { carCollections, type CarPnrRecord, type CarSearchRecord, type TripRecord } from "./records";
import type { EmulatorContext } from "../context";
import { conflict, notFound } from "../core/errors";
import type { Principal } from "../identity/identity";
import { companyFor } from "../org/permissions";

/** The trip `tripId`, if the caller may manage its company. */
export function tripFor(ctx: EmulatorContext, principal: Principal, tripId: string): TripRecord {
  const trip = carCollections(ctx.store).trips.get(tripId);
  if (!trip) throw notFound("trip", tripId);
  companyFor(ctx.store, principal, trip.companyId);
  return trip;
}

/** The car PNR `pnrId` and its trip, if the caller may manage the trip's company. */
export function pnrFor(
  ctx: EmulatorContext,
  principal: Principal,
  pnrId: string,
): { pnr: CarPnrRecord; trip: TripRecord } {
  const pnr = carCollections(ctx.store).pnrs.get(pnrId);
  if (!pnr) throw notFound("PNR", pnrId);
  return { pnr, trip: tripFor(ctx, principal, pnr.tripId) };
}

/** Throws 409 unless the PNR is confirmed: `PNR_CANCELLED`, or `PNR_REPLACED` naming its successor. */
export function assertChangeable(pnr: CarPnrRecord, action: string): void {
  if (pnr.status === "REPLACED") {
    throw conflict(
      "PNR_REPLACED",
      `PNR ${pnr.pnrId} was replaced by PNR ${pnr.replacedByPnrId ?? "?"} in a modification; ${action} PNR ${pnr.replacedByPnrId ?? "?"} instead`,
    );
  }
  if (pnr.status === "CANCELLED") {
    throw conflict("PNR_CANCELLED", `PNR ${pnr.pnrId} is cancelled and cannot be changed`);
  }
}

/** The search `searchId`, if the caller may use it and it has not expired (409 SEARCH_EXPIRED). */
export function searchFor(ctx: EmulatorContext, principal: Principal, searchId: string): CarSearchRecord {
  const search = carCollections(ctx.store).searches.get(searchId);
  if (!search) throw notFound("search", searchId);
  companyFor(ctx.store, principal, search.companyId);
  if (ctx.clock.now() >= search.expiresAtMs) {
    throw conflict(
      "SEARCH_EXPIRED",
      `search ${searchId} expired at ${new Date(search.expiresAtMs).toISOString()}; run modify-search again`,
    );
  }
  return search;
}
