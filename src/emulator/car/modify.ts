/**
 * `modify-book`: applies a held price to a car PNR. The supplier either changes the reservation
 * in place (same vendor, and the vendor supports it) or cancels it and rebooks into a new PNR on
 * the same trip; `sourcePnrId` links the two. No trip is ever created.
 */
import type { z } from "zod";
import type { CarModifyBookResponse, carModifyBookRequestSchema } from "../../schemas/car";
import { catalogVendor, isFlightNumberMandatory } from "./catalog";
import { checkBookingKey, carOf } from "./holds";
import { newNumericId, newVendorConfirmation } from "./ids";
import { assertChangeable } from "./access";
import { type CarPnrRecord, carCollections, type TripRecord, type TripTraveler } from "./records";
import type { EmulatorContext } from "../context";
import { badRequest, conflict } from "../core/errors";

/** A validated modify-book body. */
export type ModifyBookRequest = z.output<typeof carModifyBookRequestSchema>;

/** Resolves the request's travelers against the trip (400 naming the first stranger). */
function travelersOf(trip: TripRecord, request: ModifyBookRequest): TripTraveler[] {
  return request.tripData.travelers.map((traveler, index) => {
    const known = trip.travelers.find((t) => t.userId === traveler.userId);
    if (!known) {
      throw badRequest(
        `tripData.travelers.${index}.userId: ${traveler.userId} is not a traveler of trip ${trip.tripId}`,
        "TRAVELER_NOT_ON_TRIP",
      );
    }
    return known;
  });
}

/** Books the change and returns the platform's answer. */
export function modifyBooking(
  ctx: EmulatorContext,
  pnr: CarPnrRecord,
  trip: TripRecord,
  request: ModifyBookRequest,
): CarModifyBookResponse {
  assertChangeable(pnr, "modify");
  if (request.tripData.tripId !== trip.tripId) {
    throw badRequest(
      `tripData.tripId: ${request.tripData.tripId} is not the trip of PNR ${pnr.pnrId} (${trip.tripId}); a modification keeps the original trip`,
      "TRIP_MISMATCH",
    );
  }
  const travelers = travelersOf(trip, request);
  const key = checkBookingKey(ctx, pnr, request.bookingKey, request.carId);
  const { pnrs, searches, bookingKeys, trips } = carCollections(ctx.store);
  const search = searches.get(key.searchId);
  if (!search) {
    throw conflict("BOOKING_KEY_EXPIRED", `the search of bookingKey is gone; run modify-search again`);
  }
  const car = carOf(search, key.carId);
  const vendor = catalogVendor(car.vendor.code);
  if (isFlightNumberMandatory(vendor.code, car.pickupLocation) && !request.arrivalFlightNumber) {
    throw badRequest(
      `arrivalFlightNumber: ${vendor.name} requires the arrival flight number for pickups at ${car.pickupLocation.name}`,
      "ARRIVAL_FLIGHT_NUMBER_REQUIRED",
    );
  }

  const now = ctx.clock.now();
  const changes = {
    vendorCode: vendor.code,
    category: car.vehicle.category,
    carId: car.carId,
    pickup: { locationCode: car.pickupLocation.code, dateTime: search.pickup.dateTime },
    dropOff: { locationCode: car.dropOffLocation.code, dateTime: search.dropOff.dateTime },
    rate: key.rate,
    travelers,
    bookingCharges: request.bookingCharges,
    arrivalFlightNumber: request.arrivalFlightNumber,
    bookingPaymentDetails: request.bookingPaymentDetails,
    waiveOffInfo: request.waiveOffInfo,
    updatedAtMs: now,
  };

  let pnrId: string;
  if (vendor.code === pnr.vendorCode && vendor.modifiesInPlace) {
    pnrId = pnr.pnrId;
    pnrs.set(pnrId, { ...pnr, ...changes, pnrVersion: pnr.pnrVersion + 1 });
  } else {
    pnrId = newNumericId((id) => pnrs.has(id));
    pnrs.set(pnrId, {
      ...changes,
      pnrId,
      tripId: trip.tripId,
      pnrVersion: 1,
      status: "CONFIRMED",
      sourcePnrId: pnr.pnrId,
      vendorConfirmationNumber: newVendorConfirmation(vendor.code),
      createdAtMs: now,
    });
    pnrs.set(pnr.pnrId, { ...pnr, status: "REPLACED", replacedByPnrId: pnrId, updatedAtMs: now });
    trips.set(trip.tripId, { ...trip, pnrIds: [...trip.pnrIds, pnrId] });
  }
  bookingKeys.set(key.bookingKey, { ...key, usedAtMs: now, bookedPnrId: pnrId });
  return { pnrId, sourcePnrId: pnr.pnrId, pnrStatus: "CONFIRMED", tripId: trip.tripId };
}
