/** Input validation of the car functions: errors name the function, the property and the reason. */
import type { z } from "zod";
import { CarChangeError } from "./errors";

/** Parses `value` with `schema`, or throws an INVALID_REQUEST {@link CarChangeError}. */
export function validateInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  operation: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const reasons = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "input"}: ${issue.message}`);
  throw new CarChangeError("INVALID_REQUEST", "bad_request", `${operation}: ${reasons.join("; ")}`);
}

/** Checks that an id is a non-empty string. */
export function requireId(value: unknown, name: string, operation: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new CarChangeError(
      "INVALID_REQUEST",
      "bad_request",
      `${operation}: ${name}: ${value === undefined ? "is required" : "must be a non-empty string"}`,
    );
  }
  return value;
}
