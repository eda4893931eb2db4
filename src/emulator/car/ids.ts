/** Identifiers the emulator mints for trips, PNRs, searches, price holds and vendor confirmations. */
import { randomInt, randomUUID } from "node:crypto";
import { randomAlphanumeric } from "../core/ids";

/** `length` random decimal digits, the first one not zero. */
export function randomDigits(length: number): string {
  let out = String(randomInt(1, 10));
  while (out.length < length) out += String(randomInt(0, 10));
  return out;
}

/** Draws of {@link newNumericId} before it gives up: 9 * 10^9 ids make a clash of 100 in a row unthinkable. */
const MAX_ID_DRAWS = 100;

/** A new 10-digit trip or PNR id that `taken` does not hold yet. */
export function newNumericId(taken: (id: string) => boolean): string {
  for (let draw = 0; draw < MAX_ID_DRAWS; draw++) {
    const id = randomDigits(10);
    if (!taken(id)) return id;
  }
  throw new Error(`no free 10-digit id after ${MAX_ID_DRAWS} draws; the id space is exhausted`);
}

/** A new search id. */
export function newSearchId(): string {
  return randomUUID();
}

/** A new booking key (the handle of a price hold). */
export function newBookingKey(): string {
  return `bk_${randomAlphanumeric(32)}`;
}

/** A vendor's reservation number, such as `ZE48213377`. */
export function newVendorConfirmation(vendorCode: string): string {
  return `${vendorCode}${randomDigits(8)}`;
}

/** A vendor's cancellation number, such as `ZE-CXL-48213377`. */
export function newCancellationNumber(vendorCode: string): string {
  return `${vendorCode}-CXL-${randomDigits(8)}`;
}

/** A refund reference. */
export function newRefundId(): string {
  return `RF${randomDigits(10)}`;
}
