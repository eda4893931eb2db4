/** A live emulator on 127.0.0.1 and clients of its bootstrap TMC admin, shared by the test suites. */
import { afterAll, afterEach, beforeAll } from "vitest";
import { apiPath, clearSharedTokens, TravelClient, type TravelClientOptions } from "../../src/client";
import { type RunningEmulator, startEmulator } from "../../src/emulator";

/** Starts an emulator for a test file. */
export async function liveEmulator(): Promise<RunningEmulator> {
  clearSharedTokens();
  return startEmulator({ logErrors: false });
}

/**
 * The `TRAVEL_*` environment that points a provider (either host) at the emulator as its bootstrap
 * TMC admin, through `url` (a contract recorder in front of it, by default the emulator itself).
 */
export function travelEnv(emulator: RunningEmulator, url: string = emulator.url): Record<string, string> {
  return {
    TRAVEL_BASE_URL: url,
    TRAVEL_CLIENT_ID: emulator.bootstrap.clientId,
    TRAVEL_CLIENT_SECRET: emulator.bootstrap.clientSecret,
    TRAVEL_ALLOW_INSECURE_HTTP: "true",
  };
}

/** A client of the emulator's bootstrap TMC admin, with fast retries unless overridden. */
export function clientFor(
  emulator: RunningEmulator,
  options: Partial<TravelClientOptions> = {},
): TravelClient {
  return new TravelClient({
    baseUrl: emulator.url,
    credentials: { clientId: emulator.bootstrap.clientId, clientSecret: emulator.bootstrap.clientSecret },
    retry: { baseDelayMs: 5, maxDelayMs: 50 },
    requestsPerSecond: 10_000,
    maxConcurrency: 32,
    ...options,
  });
}

/**
 * Creates a custom user group of `companyId` through the emulator's admin API (the platform's
 * group-creation call is not in the spec) and returns its id.
 */
export async function createCustomGroup(
  emulator: RunningEmulator,
  companyId: string,
  name: string,
): Promise<string> {
  const response = await fetch(`${emulator.url}/_emulator/companies/${companyId}/user-groups`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  if (response.status !== 201) throw new Error(`creating group ${name}: HTTP ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Renames the cost center `name` of `companyId` to `newName` through the API, as a person in the
 * platform's own UI would: a change out of band for the stack that declared it.
 */
export async function renameCostCenterOutOfBand(
  emulator: RunningEmulator,
  companyId: string,
  name: string,
  newName: string,
): Promise<void> {
  const client = clientFor(emulator);
  try {
    const list = await client.post<{ costCenters: { id: string; name: string }[] }>(
      apiPath`/v3/companies/${companyId}/cost-centers/list`,
      { body: { paginationParams: { offset: 0, limit: 100 } }, idempotent: true },
    );
    const target = list.costCenters.find((cc) => cc.name === name);
    if (target === undefined) throw new Error(`company ${companyId} has no cost center named ${name}`);
    const path = apiPath`/v2/companies/${companyId}/cost-centers/${target.id}`;
    const current = await client.get<Record<string, unknown>>(path);
    await client.put(path, { body: { ...current, name: newName } });
  } finally {
    await client.close();
  }
}

/** A client-credentials token request with `clientId` and `clientSecret`: its status, and the token when issued. */
export async function requestToken(
  baseUrl: string,
  clientId: string,
  clientSecret: string,
): Promise<{ status: number; token?: string | undefined }> {
  const response = await fetch(`${baseUrl}/v2/auth/oauth2-token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: clientId,
      client_secret: clientSecret,
    }),
  });
  const body = (await response.json()) as { access_token?: string };
  return { status: response.status, token: body.access_token };
}

/** The status of a client-credentials token request with `clientId` and `clientSecret`: 200 when they work. */
export async function tokenStatus(baseUrl: string, clientId: string, clientSecret: string): Promise<number> {
  return (await requestToken(baseUrl, clientId, clientSecret)).status;
}

/** The emulator and client of a test file, set up by {@link useLiveEmulator}. */
export interface LiveEmulatorUse {
  readonly emulator: RunningEmulator;
  readonly client: TravelClient;
}

/**
 * Starts an emulator and a client of its TMC admin before the file's tests, clears its faults
 * after each test, and closes both afterwards.
 */
export function useLiveEmulator(): LiveEmulatorUse {
  const use = {} as { emulator: RunningEmulator; client: TravelClient };
  beforeAll(async () => {
    use.emulator = await liveEmulator();
    use.client = clientFor(use.emulator);
  });
  afterEach(() => use.emulator.admin.clearFaults());
  afterAll(async () => {
    await use.client.close();
    await use.emulator.close();
  });
  return use;
}
