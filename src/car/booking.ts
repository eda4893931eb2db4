/** The booking details of a car PNR: `GET /v3/trips/{tripId}/pnrs/{pnrId}`. */
import { apiPath, type TravelClient } from "../client";
import { type CarBooking, carBookingSchema } from "../schemas/car";
import { requireId } from "./validate";

/** Which PNR of which trip. */
export interface CarBookingRef {
  tripId: string;
  pnrId: string;
}

/** Reads a car PNR: status, car, rate, travelers, cancellation deadline and penalty. */
export async function getCarBooking(client: TravelClient, ref: CarBookingRef): Promise<CarBooking> {
  const tripId = requireId(ref.tripId, "tripId", "getCarBooking");
  const pnrId = requireId(ref.pnrId, "pnrId", "getCarBooking");
  return client.get(apiPath`/v3/trips/${tripId}/pnrs/${pnrId}`, { schema: carBookingSchema });
}
