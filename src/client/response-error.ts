/** Turns a failed HTTP response into the {@link ApiError} the caller sees, with redacted messages. */
import { type ApiError, apiErrorFromResponse, type PlatformErrorMessage, type RequestTarget } from "./errors";
import type { HttpResponse } from "./http";
import { redactText } from "./redact";

/**
 * The error of a final non-2xx response, read from the platform's `errorMessages` body; `gaveUp`
 * says why a retryable answer was not retried (a Retry-After over the cap, the attempts spent).
 */
export function apiErrorFromHttpResponse(
  response: HttpResponse,
  target: RequestTarget,
  attempts: number,
  retryAfterMs?: number,
  gaveUp?: string,
): ApiError {
  const body = tryParseJson(response.body) as
    { debugIdentifier?: unknown; errorMessages?: unknown } | undefined;
  const messages = Array.isArray(body?.errorMessages) ? (body.errorMessages as PlatformErrorMessage[]) : [];
  const first = messages[0];
  const text =
    messages
      .map((m) => m.message)
      .filter((m): m is string => typeof m === "string" && m !== "")
      .join("; ") || (response.body && !body ? response.body.slice(0, 200) : `HTTP ${response.status}`);
  const debugIdentifier =
    typeof body?.debugIdentifier === "string" ? body.debugIdentifier : response.headers["x-request-id"];
  return apiErrorFromResponse({
    ...target,
    status: response.status,
    code: typeof first?.errorCode === "string" ? first.errorCode : undefined,
    message: redactText(gaveUp === undefined ? text : `${text} (not retried: ${gaveUp})`),
    debugIdentifier,
    errorMessages: messages.map((m) => ({ ...m, message: m.message ? redactText(m.message) : m.message })),
    retryAfterMs,
    attempts,
  });
}

function tryParseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
