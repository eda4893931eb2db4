/** Human-readable renderings of car bookings, searches, results and flow progress. */
import {
  type CancellationCost,
  type CancellationPenalty,
  type CarBooking,
  type CarCancelResponse,
  type CarChangeQuote,
  type CarFlowEvent,
  type CarLocation,
  type CarOption,
  type CarPlaceTime,
  type CarRate,
  type CarSearchResponse,
  type ModifyCarBookingResult,
  type Money,
  changeImpact,
  changeImpactText,
  priceDifference,
  type TripSummary,
} from "../car";
import { formatFields, formatTable } from "./format-table";

/** `USD 215.60`. */
export function formatMoney(money: Money | undefined): string {
  return money === undefined ? "-" : `${money.currencyCode} ${money.amount.toFixed(2)}`;
}

/** `2026-03-10T10:00 at Los Angeles International Airport (LAX)`. */
function placeTime(when: CarPlaceTime, where: CarLocation): string {
  return `${when.dateTime} at ${where.name} (${where.code})`;
}

function penaltyText(penalty: CancellationPenalty): string {
  return penalty.type === "AMOUNT" ? formatMoney(penalty.amount) : `${penalty.percentage}% of the total`;
}

function rateText(rate: CarRate): string {
  return `${formatMoney(rate.totalAmount)} (${rate.rentalDays} day${rate.rentalDays === 1 ? "" : "s"} at ${formatMoney(rate.dailyRate)})`;
}

/** A short description of a car: `Hertz SUV, Toyota RAV4 or similar, at LAX`. */
export function carText(car: CarOption): string {
  return `${car.vendor.name} ${car.vehicle.category}, ${car.vehicle.description}, at ${car.pickupLocation.code}`;
}

/** The booking details of a PNR. */
export function formatBooking(booking: CarBooking): string {
  const cancellation = booking.cancellation;
  return formatFields([
    ["PNR", `${booking.pnrId} (trip ${booking.tripId})`],
    [
      "status",
      `${booking.pnrStatus}${booking.pnrVersion !== undefined ? `, version ${booking.pnrVersion}` : ""}`,
    ],
    ["replaced by", booking.replacedByPnrId],
    ["source PNR", booking.sourcePnrId],
    [
      "vendor",
      `${booking.vendor.name} (${booking.vendor.code})${booking.vendorConfirmationNumber ? `, confirmation ${booking.vendorConfirmationNumber}` : ""}`,
    ],
    [
      "car",
      booking.vehicle
        ? `${booking.vehicle.category}, ${booking.vehicle.description}${booking.carId ? ` (${booking.carId})` : ""}`
        : booking.carId,
    ],
    ["pickup", placeTime(booking.pickup, booking.pickupLocation)],
    ["drop-off", placeTime(booking.dropOff, booking.dropOffLocation)],
    ["travelers", booking.travelers.map((t) => t.name ?? t.userId).join(", ")],
    ["total", rateText(booking.rateInfo)],
    [
      "payment",
      `${booking.bookingCharges.paymentMethod}${booking.bookingCharges.paymentSourceId ? ` ${booking.bookingCharges.paymentSourceId}` : ""}`,
    ],
    ["arrival flight", booking.arrivalFlightNumber],
    [
      "cancellation",
      `free until ${booking.cancellationPolicy.deadline}; after that a penalty of ${penaltyText(booking.cancellationPolicy.penalty)}`,
    ],
    [
      "cancelled",
      cancellation
        ? `${cancellation.cancelledAt}, cancellation number ${cancellation.confirmationId}, penalty ${formatMoney(cancellation.penalty)}, refund ${refundText(cancellation.refund)}`
        : undefined,
    ],
  ]);
}

function refundText(refund: CarCancelResponse["refund"]): string {
  switch (refund?.status) {
    case undefined:
      return "not stated";
    case "INITIATED":
      return `${formatMoney(refund.amount)} initiated${refund.refundId ? ` (${refund.refundId})` : ""}`;
    case "NOT_APPLICABLE":
      return "none: paid at the vendor, nothing was charged";
    case "NOT_ELIGIBLE":
      return "none: the penalty takes the whole amount";
  }
}

/** The cars of a search as a table. */
export function formatSearch(search: CarSearchResponse): string {
  const heading = `search ${search.searchId}: ${search.cars.length} car${search.cars.length === 1 ? "" : "s"}${search.expiresAt ? ` (valid until ${search.expiresAt})` : ""}`;
  if (search.cars.length === 0) return heading;
  const table = formatTable(
    [
      { header: "CAR ID" },
      { header: "VENDOR" },
      { header: "CATEGORY" },
      { header: "CAR" },
      { header: "PICKUP" },
      { header: "SAME PICKUP" },
      { header: "DROP-OFF" },
      { header: "TOTAL", align: "right" },
    ],
    search.cars.map((car) => [
      car.carId,
      car.vendor.name,
      car.vehicle.category,
      car.vehicle.description,
      car.pickupLocation.code,
      car.isSamePickupLocation ? "yes" : "no",
      car.dropOffLocation.code,
      formatMoney(car.rateInfo.totalAmount),
    ]),
  );
  return `${heading}\n${table}`;
}

/** The result of `car modify`. */
export function formatModifyResult(result: ModifyCarBookingResult): string {
  switch (result.outcome) {
    case "booked":
      return formatFields([
        ["outcome", "booked"],
        [
          "PNR",
          result.replaced
            ? `${result.pnrId} (the supplier replaced PNR ${result.sourcePnrId})`
            : `${result.pnrId} (modified in place)`,
        ],
        ["status", result.pnrStatus],
        ["trip", result.tripId],
        ["car", `${carText(result.car)} (${result.car.carId})`],
        ["total", rateText(result.rate)],
        [
          "price changed",
          result.priceChanged ? `yes, from ${formatMoney(result.quotedRate.totalAmount)}` : "no",
        ],
        ["re-priced", result.repriced ? "yes, the first price hold expired" : undefined],
      ]);
    case "price-change-rejected":
      return formatFields([
        ["outcome", "price change not accepted; nothing was booked"],
        ["car", `${carText(result.car)} (${result.car.carId})`],
        ["price", priceChangeText(result.oldRate, result.newRate)],
        ["hint", "pass --accept-price-change to book at the new price"],
      ]);
    case "declined":
      return formatFields([
        ["outcome", "declined; nothing was booked"],
        ["car", `${carText(result.car)} (${result.car.carId})`],
        ["total", rateText(result.rate)],
      ]);
  }
}

/** `USD 300.00 → USD 330.00 (+10%)`. */
export function priceChangeText(oldRate: CarRate, newRate: CarRate): string {
  const { percent } = priceDifference(oldRate, newRate);
  return `${formatMoney(oldRate.totalAmount)} → ${formatMoney(newRate.totalAmount)} (${percent > 0 ? "+" : ""}${percent}%)`;
}

/** The result of `car cancel`. */
export function formatCancelResult(pnrId: string, result: CarCancelResponse): string {
  return formatFields([
    ["outcome", "cancelled"],
    ["PNR", pnrId],
    ["cancellation number", result.confirmationId],
    ["penalty", result.penalty ? formatMoney(result.penalty) : undefined],
    ["refund", refundText(result.refund)],
  ]);
}

/** One progress line of the modify flow (for stderr). */
export function formatProgress(event: CarFlowEvent): string {
  switch (event.type) {
    case "booking-read":
      return `read PNR ${event.booking.pnrId}: ${event.booking.pnrStatus}, ${[event.booking.vendor.name, event.booking.vehicle?.category].filter(Boolean).join(" ")} at ${event.booking.pickupLocation.code}, ${formatMoney(event.booking.rateInfo.totalAmount)}`;
    case "searched":
      return `searched: ${event.carCount} car${event.carCount === 1 ? "" : "s"} (search ${event.searchId})`;
    case "car-selected":
      return `selected ${event.car.carId}: ${carText(event.car)}, ${formatMoney(event.car.rateInfo.totalAmount)}`;
    case "rate-details":
      return `rate details: CO2 ${event.details.co2Emission.value} ${event.details.co2Emission.unit}; arrival flight number ${event.details.isFlightNumberMandatoryForPickup ? "required" : "not required"}`;
    case "price-checked":
      return `${event.attempt === 1 ? "price checked" : "priced again"}: ${formatMoney(event.quote.finalRateInfo.totalAmount)}, held for ${event.quote.timeoutSeconds} s${event.quote.hasPriceChanged ? " (the price changed)" : ""}`;
    case "price-change":
      return `price change ${priceChangeText(event.oldRate, event.newRate)}: ${event.accepted ? "accepted" : "not accepted"}`;
    case "booking":
      return "booking...";
    case "hold-expired":
      return "the price hold expired before booking; pricing again (once)";
    case "booked":
      return event.response.pnrId === event.response.sourcePnrId
        ? `booked: PNR ${event.response.pnrId} modified in place`
        : `booked: PNR ${event.response.pnrId} replaces PNR ${event.response.sourcePnrId}`;
  }
}

/**
 * The question before booking a change. It first says what happens to the PNR: a change of
 * vendor cancels it and books a new one (`This cancels PNR X with Hertz and books a new one with Budget.`).
 */
export function changeQuestion({ booking, car, rate }: CarChangeQuote): string {
  const impact = changeImpact(booking, car);
  const warning = impact.kind === "replaces-pnr" ? `${sentence(changeImpactText(impact))}\n` : "";
  return `${warning}Change PNR ${booking.pnrId} (${booking.vendor.name}, ${formatMoney(booking.rateInfo.totalAmount)}) to ${carText(car)} (${car.carId}) for ${formatMoney(rate.totalAmount)}?`;
}

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

/** The question when the price changed. */
export function priceChangeQuestion(oldRate: CarRate, newRate: CarRate): string {
  return `The price changed: ${priceChangeText(oldRate, newRate)}. Accept it?`;
}

/**
 * The question before cancelling: the booking, then what cancelling now costs in money, saying
 * whether the free-cancellation deadline has passed, and what is refunded.
 */
export function cancelQuestion(booking: CarBooking, cost: CancellationCost): string {
  const { penalty } = booking.cancellationPolicy;
  const terms = penalty.type === "PERCENTAGE" ? ` (${penalty.percentage}% of the total)` : "";
  const now = cost.deadlinePassed
    ? `The free-cancellation deadline (${cost.deadline}) has passed: cancelling now costs a penalty of ${formatMoney(cost.penalty)}${terms}`
    : `Cancelling now is free until ${cost.deadline}; after that it costs a penalty of ${formatMoney(cost.penaltyAfterDeadline)}${terms}`;
  const refund =
    cost.refund === undefined
      ? "; paid at the vendor, so nothing is refunded"
      : cost.deadlinePassed
        ? `, and ${formatMoney(cost.refund)} is refunded`
        : `; ${formatMoney(cost.refund)} is refunded`;
  return `${now}${refund}.\nCancel PNR ${booking.pnrId} (${booking.vendor.name}, pickup ${booking.pickup.dateTime} at ${booking.pickupLocation.code}, ${formatMoney(booking.rateInfo.totalAmount)})?`;
}

/** The caller's trips and their car PNRs as a table, one row per PNR. */
export function formatTrips(trips: readonly TripSummary[]): string {
  const pnrCount = trips.reduce((count, trip) => count + trip.carPnrs.length, 0);
  const heading = `${trips.length} trip${trips.length === 1 ? "" : "s"}, ${pnrCount} car PNR${pnrCount === 1 ? "" : "s"}`;
  if (trips.length === 0) return heading;
  const rows = trips.flatMap((trip) => {
    const travelers = trip.travelers.map((t) => t.name ?? t.userId).join(", ");
    if (trip.carPnrs.length === 0) return [[trip.tripId, trip.name, travelers, "-", "", "", "", ""]];
    return trip.carPnrs.map((pnr) => [
      trip.tripId,
      trip.name,
      travelers,
      pnr.pnrId,
      pnr.replacedByPnrId ? `${pnr.pnrStatus} by ${pnr.replacedByPnrId}` : pnr.pnrStatus,
      `${pnr.vendor.name} ${pnr.vendorConfirmationNumber}`,
      pnr.pickup.locationCode,
      pnr.pickup.dateTime,
    ]);
  });
  const table = formatTable(
    [
      { header: "TRIP" },
      { header: "NAME" },
      { header: "TRAVELERS" },
      { header: "CAR PNR" },
      { header: "STATUS" },
      { header: "VENDOR" },
      { header: "PICKUP" },
      { header: "PICKUP AT" },
    ],
    rows,
  );
  return `${heading}\n${table}`;
}
