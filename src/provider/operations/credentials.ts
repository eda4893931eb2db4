/**
 * Credential checks of the provider: one token request at preview, so that a wrong secret or an
 * unreachable platform fails the preview instead of the apply, and a hint on credential errors
 * during refresh and destroy, which use the stack config recorded in state.
 */
import { isTravelError, TOKEN_PATH, type TravelClient } from "../../client";
import type { ProviderConfig } from "./config";

const FIX =
  "pulumi refresh and pulumi destroy use the stack config recorded by the last pulumi up; " +
  "set TRAVEL_CLIENT_ID and TRAVEL_CLIENT_SECRET (or TRAVEL_ACCESS_TOKEN), which win over stack config, " +
  "or run pulumi up (or pulumi refresh --run-program) to record the fixed config";

/** True for an error of the token endpoint, or a 401/403 that says the credentials are wrong. */
function isCredentialError(error: unknown): boolean {
  if (!isTravelError(error)) return false;
  if (error.kind !== "unauthorized" && error.kind !== "forbidden") return false;
  const code = (error as { code?: unknown }).code;
  const url = (error as { url?: unknown }).url;
  return code === "INVALID_CLIENT_CREDENTIALS" || (typeof url === "string" && url.includes(TOKEN_PATH));
}

/**
 * Requests one token with the configured client credentials (or takes the one another process of
 * the same run fetched moments ago). Throws an error that says what
 * failed and how to fix or skip the check. With an access token only, there is nothing to verify.
 */
export async function verifyCredentials(client: TravelClient, config: ProviderConfig): Promise<void> {
  if (config.clientId === undefined || config.clientSecret === undefined) return;
  try {
    // The client's own token source: the token serves the rest of the run, in this process and,
    // through the run's token cache, in the run's other processes (a preview's lookups).
    await client.ensureToken();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `pulumi-travel could not verify its credentials against ${config.baseUrl}: ${reason}. ${adviceFor(error)}; ` +
        "set travel:verifyCredentials false to skip this check",
      { cause: error },
    );
  }
}

/** What to do about a failed credential check, by what failed. */
function adviceFor(error: unknown): string {
  if (isTravelError(error, "invalid_response") || isTravelError(error, "server_error"))
    return "The platform answered but its answer could not be used; the credentials were not judged, so try again";
  if (isTravelError(error, "rate_limited"))
    return "The platform asked the client to slow down (above); the credentials were not judged, so try again later";
  if (isTravelError(error, "connection") || isTravelError(error, "timeout"))
    return "The platform could not be reached: check travel:baseUrl (or TRAVEL_BASE_URL) and the network";
  return (
    "Check travel:baseUrl, travel:clientId and travel:clientSecret (or TRAVEL_BASE_URL, TRAVEL_CLIENT_ID, " +
    "TRAVEL_CLIENT_SECRET, which win over stack config)"
  );
}

/** Runs `operation`; a credential error gets a hint on how to fix the recorded configuration. */
export async function credentialHint<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (!isCredentialError(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}. ${FIX}`, { cause: error });
  }
}
