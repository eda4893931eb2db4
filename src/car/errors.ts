/** Errors of the car module's own checks; platform refusals stay {@link ApiError}s. */
import { TravelError, type TravelErrorKind } from "../client";

/** Stable codes of {@link CarChangeError}. */
export type CarChangeErrorCode = "INVALID_REQUEST" | "NO_MATCHING_CAR" | "ARRIVAL_FLIGHT_NUMBER_REQUIRED";

/** A car flow stopped before the platform was asked: bad input, or no car matched the selector. */
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
