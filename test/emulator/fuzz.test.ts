/**
 * A seeded fuzzer over every route of the emulator (method × path from the app's own route
 * table): mutated and random bodies, malformed JSON, deep nesting, wrong content types, bad
 * percent-encodings, huge and hostile path parameters, odd queries and credentials. Bar: every
 * error body is in the platform's shape, and nothing answers 5xx (no faults are installed).
 * Fixed seed and bounded count, so a failure reproduces exactly.
 */
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { CarAdmin } from "../../src/emulator/car/admin";
import { type Random, seededRandom } from "../../src/emulator/core/random";
import { emulatorFixture, useFixture } from "./fixtures";
import { createCompany } from "./helpers";

const SEED = 0x9f0221;
const REQUESTS = 3000;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
type Method = (typeof METHODS)[number];

/** Routes not fuzzed: a reset would invalidate the fuzzer's own credentials and fixtures. */
const EXCLUDED = new Set(["POST /_emulator/reset"]);

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

function randomString(random: Random, max = 24): string {
  const alphabet = "abcXYZ019 -_./%?#&=\"'\\\u0000\u00e9\u2603\ud83d\ude00<>{}[]";
  let text = "";
  const length = Math.floor(random() * max);
  for (let i = 0; i < length; i++) text += pick(random, [...alphabet]);
  return text;
}

function randomJson(random: Random, depth = 0): unknown {
  const kind = Math.floor(random() * (depth > 4 ? 6 : 8));
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return pick(random, [0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 42]);
    case 3:
    case 4:
      return randomString(random);
    case 5:
      return pick(random, ["USD", "ORG", "TMC", "2026-01-01T00:00:00Z", "", "x".repeat(5000)]);
    case 6:
      return Array.from({ length: Math.floor(random() * 4) }, () => randomJson(random, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = Math.floor(random() * 5); i > 0; i--)
        object[pick(random, ["name", "id", "externalId", "code", "companyId", randomString(random, 8)])] =
          randomJson(random, depth + 1);
      return object;
    }
  }
}

/** Plausible bodies of the platform and admin routes, for mutation. */
const TEMPLATES: Record<string, unknown>[] = [
  { name: "Acme", billingCurrency: "USD", companyRoles: ["ORG"], externalId: "ext-1" },
  { name: "Sales", code: "S1", externalId: "cc-1" },
  { name: "Berlin office", address: { city: "Berlin", countryCode: "DE" } },
  { pickup: { dateTime: "2027-01-01T10:00:00" }, dropOff: { dateTime: "2027-01-03T10:00:00" } },
  { searchId: "s", carId: "c", isModify: true },
  { pnrId: "2000000001" },
  { role: "COMPANY_ADMIN", companyId: "x", credentialType: "CLIENT_CREDENTIALS" },
  { clientId: "x" },
  { enabled: true, features: { x: true } },
  { advanceSeconds: 1 },
  { name: "Other TMC" },
];

function mutate(random: Random, template: Record<string, unknown>): unknown {
  const body: Record<string, unknown> = structuredClone(template);
  const keys = Object.keys(body);
  for (let i = 1 + Math.floor(random() * 3); i > 0; i--) {
    const action = Math.floor(random() * 4);
    if (action === 0 && keys.length > 0) delete body[pick(random, keys)];
    else if (action === 1 && keys.length > 0) body[pick(random, keys)] = randomJson(random);
    else if (action === 2) body[randomString(random, 10)] = randomJson(random);
    else return randomJson(random);
  }
  return body;
}

function nestedText(depth: number, open = "[", close = "]"): string {
  return `${open.repeat(depth)}${close.repeat(depth)}`;
}

interface Fixtures {
  companyId: string;
  tripId: string;
  pnrId: string;
}

function paramValue(random: Random, fixtures: Fixtures): string {
  return pick(random, [
    fixtures.companyId,
    fixtures.companyId,
    fixtures.tripId,
    fixtures.pnrId,
    "1000000001",
    "2000000001",
    "00000000-0000-0000-0000-000000000000",
    encodeURIComponent(randomString(random)),
    "%ff%fe",
    "%",
    "%zz",
    "%c0%af",
    "%E2%98%83",
    "..",
    "%2F",
    "a".repeat(6000),
    "a".repeat(101),
    "-1",
    "null",
  ]);
}

function queryString(random: Random): string {
  if (random() < 0.6) return "";
  const pairs = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
    pick(random, [
      "limit=-1",
      "limit=abc",
      "limit=100000",
      "offset=%ff",
      "after=x",
      "pageToken=garbage",
      `q=${encodeURIComponent(randomString(random))}`,
      "x=%zz",
      "limit=1&limit=2",
    ]),
  );
  return `?${pairs.join("&")}`;
}

function requestBody(random: Random): Pick<InjectOptions, "payload" | "headers"> {
  const json = { "content-type": "application/json" };
  const kind = Math.floor(random() * 12);
  if (kind <= 4) return { headers: json, payload: JSON.stringify(mutate(random, pick(random, TEMPLATES))) };
  if (kind === 5) return { headers: json, payload: JSON.stringify(randomJson(random)) };
  if (kind === 6)
    return { headers: json, payload: pick(random, ["{bad", "", '{"a":', "nul", "\u0000", "[1,]"]) };
  if (kind === 7) {
    const depth = pick(random, [33, 40, 300, 3000, 20_000]);
    return {
      headers: json,
      payload: random() < 0.5 ? nestedText(depth) : `{"name":"x","deep":${nestedText(depth)}}`,
    };
  }
  if (kind === 8)
    return {
      headers: {
        "content-type": pick(random, [
          "text/plain",
          "application/xml",
          "multipart/form-data",
          "application/json; charset=latin1",
        ]),
      },
      payload: randomString(random, 200),
    };
  if (kind === 9)
    return {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: pick(random, [
        "grant_type=client_credentials&client_id=x&client_secret=y",
        "%ff=%fe",
        "a=b&a=c",
        randomString(random),
      ]),
    };
  if (kind === 10) return { headers: json, payload: JSON.stringify({ name: "x".repeat(70 * 1024) }) };
  return {};
}

/** The platform's error body, exactly: `{ debugIdentifier, errorMessages: [{ errorCode, message }] }`. */
function isPlatformError(body: unknown): boolean {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return false;
  const { debugIdentifier, errorMessages, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || typeof debugIdentifier !== "string") return false;
  if (!Array.isArray(errorMessages) || errorMessages.length === 0) return false;
  return errorMessages.every((entry: unknown) => {
    if (typeof entry !== "object" || entry === null) return false;
    const { errorCode, message } = entry as Record<string, unknown>;
    return typeof errorCode === "string" && errorCode !== "" && typeof message === "string";
  });
}

function parsed(response: LightMyRequestResponse): unknown {
  try {
    return JSON.parse(response.body) as unknown;
  } catch {
    return undefined;
  }
}

describe("fuzzing every route", () => {
  const routes: { method: Method; url: string }[] = [];
  let fixtures: Fixtures;
  let tokens: { tmc: string; company: string };
  const fx = useFixture(
    () =>
      emulatorFixture({
        randomSeed: SEED,
        settings: { bodyLimitBytes: 64 * 1024 },
        beforeReady: (emu) =>
          emu.app.addHook("onRoute", (route) => {
            for (const method of [route.method].flat()) {
              const upper = method.toUpperCase() as Method;
              if (!EXCLUDED.has(`${upper} ${route.url}`)) routes.push({ method: upper, url: route.url });
            }
          }),
      }),
    "all",
  );

  const mintTokens = () => {
    const { emu } = fx;
    const companyAdmin = emu.admin.createCompanyAdmin(fixtures.companyId);
    tokens = {
      tmc: emu.context.identity.issueToken(emu.bootstrap.clientId, emu.bootstrap.clientSecret).token,
      company: emu.context.identity.issueToken(companyAdmin.clientId, companyAdmin.clientSecret).token,
    };
  };

  beforeAll(async () => {
    const companyId = await createCompany(fx.emu, fx.token, { name: "Fuzz target" });
    const [trip] = new CarAdmin(fx.emu.context).seedTrips(companyId);
    fixtures = { companyId, tripId: trip?.tripId ?? "none", pnrId: trip?.pnrIds[0] ?? "none" };
    mintTokens();
  });

  it(`answers ${REQUESTS} fuzzed requests with platform-shaped errors and no 5xx`, async () => {
    expect(routes.length).toBeGreaterThan(40);
    const random = seededRandom(SEED);
    const offenders: string[] = [];
    const statuses = new Map<number, number>();
    for (let n = 0; n < REQUESTS; n++) {
      if (n % 50 === 0) mintTokens();
      const route = pick(random, routes);
      const method = random() < 0.8 ? route.method : pick(random, METHODS);
      const path = route.url.replace(/:[^/]+|\*/g, () => paramValue(random, fixtures));
      const auth = pick(random, [
        `Bearer ${tokens.tmc}`,
        `Bearer ${tokens.tmc}`,
        `Bearer ${tokens.tmc}`,
        `Bearer ${tokens.company}`,
        undefined,
        "Bearer emu.garbage",
        "Basic dXNlcjpwYXNz",
        "Bearer",
      ]);
      const body =
        method === "GET" || method === "HEAD"
          ? random() < 0.1
            ? requestBody(random)
            : {}
          : requestBody(random);
      const response = await fx.emu.app.inject({
        method,
        url: `${path}${queryString(random)}`,
        ...body,
        headers: { ...body.headers, ...(auth ? { authorization: auth } : {}) },
      });
      fx.emu.admin.clearFaults();
      fx.emu.admin.clock.reset();
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const label = `#${n} ${method} ${path.slice(0, 80)} -> ${response.statusCode} ${response.body.slice(0, 160)}`;
      if (response.statusCode >= 500) offenders.push(label);
      else if (response.statusCode >= 400 && method !== "HEAD" && !isPlatformError(parsed(response)))
        offenders.push(label);
    }
    expect(offenders).toEqual([]);
    // The fuzz reached past validation too: some requests succeeded, most were refused.
    const count = (predicate: (status: number) => boolean) =>
      [...statuses].filter(([status]) => predicate(status)).reduce((sum, [, n]) => sum + n, 0);
    expect(count((status) => status < 300)).toBeGreaterThan(50);
    expect(count((status) => status >= 400)).toBeGreaterThan(REQUESTS / 2);
    for (const status of [400, 401, 404, 405, 413, 414, 415])
      expect(statuses.get(status), `status ${status}`).toBeGreaterThan(0);

    const state = await fx.emu.app.inject({ method: "GET", url: "/_emulator/state" });
    expect(state.statusCode).toBe(200);
    expect((await fx.emu.app.inject({ method: "GET", url: "/_emulator/health" })).json()).toEqual({
      ok: true,
    });
  });
});
