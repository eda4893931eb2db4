/** In-process helpers for emulator tests: a fresh emulator, tokens, and JSON requests through inject. */
import type { LightMyRequestResponse } from "fastify";
import { createEmulator, type Emulator, type EmulatorOptions } from "../../src/emulator";

/** A fresh in-process emulator, ready for `inject`. */
export async function freshEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = createEmulator({ logErrors: false, ...options });
  await emulator.app.ready();
  return emulator;
}

/** Obtains an access token for client credentials through the real token endpoint. */
export async function tokenFor(emulator: Emulator, clientId: string, clientSecret: string): Promise<string> {
  const response = await emulator.app.inject({
    method: "POST",
    url: "/v2/auth/oauth2-token",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: clientId,
      client_secret: clientSecret,
    }).toString(),
  });
  if (response.statusCode !== 200)
    throw new Error(`token request failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

/** A token of the bootstrap TMC admin. */
export function adminToken(emulator: Emulator): Promise<string> {
  return tokenFor(emulator, emulator.bootstrap.clientId, emulator.bootstrap.clientSecret);
}

/** Sends a JSON request with a bearer token. */
export function call(
  emulator: Emulator,
  token: string | undefined,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return emulator.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

/** The first errorCode of a platform error body. */
export function errorCode(response: LightMyRequestResponse): string | undefined {
  const body = response.json<{ errorMessages?: { errorCode?: string }[] }>();
  return body.errorMessages?.[0]?.errorCode;
}

/** Creates a company as the given TMC admin and returns its id. */
export async function createCompany(
  emulator: Emulator,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const response = await call(emulator, token, "POST", "/v2/companies", {
    name: "Acme",
    billingCurrency: "USD",
    companyRoles: ["ORG"],
    ...fields,
  });
  if (response.statusCode !== 201)
    throw new Error(`create company failed: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string }>().id;
}
