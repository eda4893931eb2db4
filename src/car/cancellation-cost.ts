/**
 * What cancelling a car PNR costs at a given moment, from the booking's cancellation policy:
 * nothing before the free-cancellation deadline; after it the penalty, an amount (at most the
 * total) or a percentage of the total, rounded to the cent. A prepaid booking gets the rest back;
 * a booking paid at the vendor was never charged, so nothing is refunded.
 */
import { apiPath, type TravelClient } from "../client";
import { type CarBooking, carBookingSchema, type Money } from "../schemas/car";
import type { CarBookingRef } from "./booking";
import { requireId } from "./validate";

/** The cost of cancelling at {@link CancellationCost.at}. */
export interface CancellationCost {
  /** The moment priced (ISO 8601): the platform's time when it was read from a response. */
  at: string;
  /** End of free cancellation (ISO 8601). */
  deadline: string;
  /** Whether {@link CancellationCost.at} is at or after the deadline. */
  deadlinePassed: boolean;
  /** The penalty charged when cancelling at that moment (zero before the deadline). */
  penalty: Money;
  /** The penalty after the deadline, whatever the moment. */
  penaltyAfterDeadline: Money;
  /** What is refunded: an amount for prepaid bookings, `undefined` when paid at the vendor. */
  refund: Money | undefined;
}

const cents = (money: Money) => Math.round(money.amount * 100);
const money = (amountCents: number, currencyCode: string): Money => ({
  amount: amountCents / 100,
  currencyCode,
});

/** Prices cancelling `booking` at `nowMs` (ms since epoch). */
export function cancellationCostAt(booking: CarBooking, nowMs: number): CancellationCost {
  const { deadline, penalty: terms } = booking.cancellationPolicy;
  const total = cents(booking.rateInfo.totalAmount);
  const currency = booking.rateInfo.totalAmount.currencyCode;
  const afterDeadline =
    terms.type === "AMOUNT"
      ? Math.min(total, cents(terms.amount))
      : Math.round((total * terms.percentage) / 100);
  const deadlineMs = Date.parse(deadline);
  if (Number.isNaN(deadlineMs)) {
    throw new Error(
      `PNR ${booking.pnrId}: cancellationPolicy.deadline: not an ISO 8601 instant: ${deadline}`,
    );
  }
  const deadlinePassed = nowMs >= deadlineMs;
  const penalty = deadlinePassed ? afterDeadline : 0;
  return {
    at: new Date(nowMs).toISOString(),
    deadline,
    deadlinePassed,
    penalty: money(penalty, currency),
    penaltyAfterDeadline: money(afterDeadline, currency),
    refund:
      booking.bookingCharges.paymentMethod === "PAY_AT_VENDOR" ? undefined : money(total - penalty, currency),
  };
}

/**
 * Reads a car PNR and prices cancelling it now, by the platform's clock (the HTTP `Date` of the
 * answer; the local clock when the answer has none).
 */
export async function quoteCancellation(
  client: TravelClient,
  ref: CarBookingRef,
): Promise<{ booking: CarBooking; cost: CancellationCost }> {
  const tripId = requireId(ref.tripId, "tripId", "quoteCancellation");
  const pnrId = requireId(ref.pnrId, "pnrId", "quoteCancellation");
  const response = await client.request({
    method: "GET",
    path: apiPath`/v3/trips/${tripId}/pnrs/${pnrId}`,
    schema: carBookingSchema,
  });
  const date = response.headers.date;
  const platformNow = date === undefined ? Number.NaN : Date.parse(date);
  const nowMs = Number.isNaN(platformNow) ? Date.now() : platformNow;
  return { booking: response.data, cost: cancellationCostAt(response.data, nowMs) };
}
