/** The caller's trips with their car PNRs: `POST /v3/trips/list`, every page. */
import type { TravelClient } from "../client";
import { type TripListRequest, tripListResponseSchema, type TripSummary } from "../schemas/trips";
import { CarChangeError } from "./errors";
import { validateInput } from "./validate";
import { tripListRequestSchema } from "../schemas/trips";

/** At most this many trips are read, so a runaway listing cannot loop forever. */
export const MAX_TRIPS = 10_000;

/**
 * Lists the trips the caller may manage (optionally of one company), oldest first, each with its
 * car PNRs, replaced and cancelled ones included. Reads every page.
 */
export async function listTrips(
  client: TravelClient,
  filter: Pick<TripListRequest, "companyId"> = {},
): Promise<TripSummary[]> {
  const { companyId } = validateInput(tripListRequestSchema.pick({ companyId: true }), filter, "listTrips");
  const trips: TripSummary[] = [];
  for (;;) {
    const page = await client.post("/v3/trips/list", {
      body: { ...(companyId !== undefined ? { companyId } : {}), offset: trips.length, limit: 100 },
      idempotent: true,
      schema: tripListResponseSchema,
    });
    trips.push(...page.trips);
    if (page.trips.length === 0 || trips.length >= page.totalCount) return trips;
    if (trips.length >= MAX_TRIPS) {
      throw new CarChangeError(
        "INVALID_REQUEST",
        "bad_request",
        `listTrips: more than ${MAX_TRIPS} trips; narrow the listing with companyId`,
      );
    }
  }
}
