/** The caller's trips with their car PNRs: `POST /v3/trips/list`, every page. */
import { listAll, type TravelClient } from "../client";
import {
  type TripListRequest,
  tripListRequestSchema,
  tripListResponseSchema,
  type TripSummary,
} from "../schemas/trips";
import { validateInput } from "./validate";

/** At most this many trips are read; a longer listing throws `PaginationLimitError`. */
export const MAX_TRIPS = 10_000;

/**
 * Lists the trips the caller may manage (optionally of one company), oldest first, each with its
 * car PNRs, replaced and cancelled ones included. Reads every page; narrow a listing of more than
 * {@link MAX_TRIPS} trips with `companyId`.
 */
export async function listTrips(
  client: TravelClient,
  filter: Pick<TripListRequest, "companyId"> = {},
): Promise<TripSummary[]> {
  const { companyId } = validateInput(tripListRequestSchema.pick({ companyId: true }), filter, "listTrips");
  return listAll(client, {
    path: "/v3/trips/list",
    shape: "offsetBody",
    page: tripListResponseSchema,
    items: (page) => page.trips,
    body: companyId !== undefined ? { companyId } : {},
    maxItems: MAX_TRIPS,
  });
}
