/** Errors the emulator answers with, in the platform's body shape. */
import { randomUUID } from "node:crypto";

/** The platform's error body. */
export interface PlatformErrorBody {
  debugIdentifier: string;
  errorMessages: { errorCode: string; message: string }[];
}

/** A handled error: thrown by a route, rendered by the error handler. */
export class PlatformError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "PlatformError";
  }
}

/** Builds the platform's error body. */
export function errorBody(
  errorCode: string,
  message: string,
  debugIdentifier: string = randomUUID(),
): PlatformErrorBody {
  return { debugIdentifier, errorMessages: [{ errorCode, message }] };
}

/** 400 with errorCode INVALID_REQUEST (or the given code). */
export function badRequest(message: string, errorCode = "INVALID_REQUEST"): PlatformError {
  return new PlatformError(400, errorCode, message);
}

/** 404 for a missing object of `kind`. */
export function notFound(kind: string, id: string): PlatformError {
  return new PlatformError(
    404,
    `${kind.toUpperCase().replace(/[^A-Z]+/g, "_")}_NOT_FOUND`,
    `${kind} ${id} does not exist`,
  );
}

/** 403 with errorCode PERMISSION_DENIED. */
export function forbidden(message: string): PlatformError {
  return new PlatformError(403, "PERMISSION_DENIED", message);
}

/** 409 with the given code. */
export function conflict(errorCode: string, message: string): PlatformError {
  return new PlatformError(409, errorCode, message);
}
