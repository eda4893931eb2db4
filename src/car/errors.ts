/** Errors of the car module's own checks; platform refusals stay {@link ApiError}s. */
import { TravelError, type TravelErrorKind } from "../client";

/** Stable codes of {@link CarChangeError}. */
export type CarChangeErrorCode =
  "INVALID_REQUEST" | "NO_MATCHING_CAR" | "ARRIVAL_FLIGHT_NUMBER_REQUIRED" | "BOOKING_NOT_CONFIRMED";

/**
 * A car flow stopped on one of the module's own checks: bad input (checked before any call), no
 * car matching the selector or a missing mandatory flight number (after the search and rate
 * details, before any price is held), or a booking answered with a status other than CONFIRMED.
 */
export class CarChangeError extends TravelError {
  /** Stable code; branch on it (or on `kind`) rather than on the message. */
  readonly code: CarChangeErrorCode;

  constructor(code: CarChangeErrorCode, kind: TravelErrorKind, message: string) {
    super(kind, message);
    this.name = "CarChangeError";
    this.code = code;
  }
}

/** The platform's errorCode of an API error (or the code of a {@link CarChangeError}), across module copies. */
export function errorCodeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}
