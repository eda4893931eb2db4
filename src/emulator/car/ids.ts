/** Identifiers the emulator mints for trips, PNRs, searches, price holds and vendor confirmations. */
import { randomInt, randomUUID } from "node:crypto";
import { randomAlphanumeric } from "../core/ids";

/** `length` random decimal digits, the first one not zero. */
export function randomDigits(length: number): string {
  let out = String(randomInt(1, 10));
  while (out.length < length) out += String(randomInt(0, 10));
  return out;
}

/** A new 10-digit trip or PNR id that `taken` does not hold yet. */
export function newNumericId(taken: (id: string) => boolean): string {
  let id = randomDigits(10);
  while (taken(id)) id = randomDigits(10);
  return id;
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
