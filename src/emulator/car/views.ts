/** The API view of a stored car PNR: `GET /v3/trips/{tripId}/pnrs/{pnrId}`. */
import type { CarBooking } from "../../schemas/car";
import { catalogLocation, catalogVendor, locationView, vehicleView } from "./catalog";
import { cancellationPolicyOf } from "./pricing";
import type { CarPnrRecord } from "./records";

const iso = (ms: number) => new Date(ms).toISOString();

/** Booking details of a PNR, with its cancellation deadline and penalty. */
export function toCarBooking(pnr: CarPnrRecord): CarBooking {
  const vendor = catalogVendor(pnr.vendorCode);
  const booking: CarBooking = {
    tripId: pnr.tripId,
    pnrId: pnr.pnrId,
    pnrVersion: pnr.pnrVersion,
    pnrStatus: pnr.status,
    vendorConfirmationNumber: pnr.vendorConfirmationNumber,
    carId: pnr.carId,
    vendor: { code: vendor.code, name: vendor.name },
    vehicle: vehicleView(pnr.category),
    pickup: pnr.pickup,
    dropOff: pnr.dropOff,
    pickupLocation: locationView(catalogLocation(pnr.pickup.locationCode)),
    dropOffLocation: locationView(catalogLocation(pnr.dropOff.locationCode)),
    rateInfo: pnr.rate,
    travelers: pnr.travelers,
    bookingCharges: pnr.bookingCharges,
    cancellationPolicy: cancellationPolicyOf(pnr, pnr.rate.totalAmount.currencyCode),
    createdAt: iso(pnr.createdAtMs),
    updatedAt: iso(pnr.updatedAtMs),
  };
  if (pnr.sourcePnrId !== undefined) booking.sourcePnrId = pnr.sourcePnrId;
  if (pnr.replacedByPnrId !== undefined) booking.replacedByPnrId = pnr.replacedByPnrId;
  if (pnr.arrivalFlightNumber !== undefined) booking.arrivalFlightNumber = pnr.arrivalFlightNumber;
  if (pnr.waiveOffInfo !== undefined) booking.waiveOffInfo = pnr.waiveOffInfo;
  if (pnr.cancellation) {
    const { confirmationId, cancelledAtMs, penalty, refund } = pnr.cancellation;
    booking.cancellation = { confirmationId, cancelledAt: iso(cancelledAtMs), penalty, refund };
  }
  return booking;
}
