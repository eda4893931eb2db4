/**
 * The emulator's response variation (docs/emulator.md, "Response variation"): with a seed, the
 * answers of documented routes come in other forms the vendor's published schema accepts, the
 * same seed gives the same answers, listings come in smaller pages with the true totals, and a
 * setting that names an unknown family is refused by the admin API.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishedAnswer } from "../../src/contract";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { requestToken } from "../support/live-emulator";

const COMPANY = "4974a66b-7493-4f41-908c-58ba81093947";
const TMC = "7e0f1c7a-5d0e-4b8e-9a55-3c1f6a0d2b11";
const SEED = {
  tmc: { id: TMC, name: "Variation TMC" },
  apiUsers: [
    { clientId: "variation-admin", clientSecret: "variation-secret-0123456789", role: "TMC_ADMIN" as const },
  ],
  companies: [
    {
      id: COMPANY,
      name: "Variation Co",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
      emailDomains: ["one.example", "two.example"],
      isSelfSignUpEnabled: false,
    },
    ...["A", "B", "C", "D"].map((name) => ({
      name: `Listed ${name}`,
      billingCurrency: "USD",
      companyRoles: ["ORG"],
    })),
  ],
};

/** The raw answer text of `GET path` on `emulator`, as its bootstrap admin. */
async function rawGet(emulator: RunningEmulator, path: string): Promise<string> {
  const { clientId, clientSecret } = emulator.bootstrap;
  const { token } = await requestToken(emulator.url, clientId, clientSecret);
  const answer = await fetch(`${emulator.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status).toBe(200);
  return answer.text();
}

describe("response variation", () => {
  const emulators: RunningEmulator[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++)
      emulators.push(await startEmulator({ logErrors: false, seed: SEED, responseVariation: { seed: 7 } }));
  });
  afterAll(async () => {
    for (const emulator of emulators) await emulator.close();
  });

  it("answers in forms the published schema accepts, and the same seed answers the same", async () => {
    const [first, second] = emulators as [RunningEmulator, RunningEmulator];
    const path = `/v2/companies/${COMPANY}`;
    const texts: string[] = [];
    for (let i = 0; i < 8; i++) {
      const text = await rawGet(first, path);
      expect(publishedAnswer("GET", path, 200)?.issues(JSON.parse(text))).toEqual([]);
      expect(await rawGet(second, path)).toBe(text);
      texts.push(text);
    }
    // Draws differ from call to call: not one fixed form.
    expect(new Set(texts).size).toBeGreaterThan(1);
    const { counts, setting } = first.admin.responseVariation();
    expect(setting).toEqual({ seed: 7 });
    expect(counts.varied).toBeGreaterThan(0);
    expect(counts.changes.undocumentedFields ?? 0).toBeGreaterThan(0);
  });

  it("serves listings in smaller pages with the true total", async () => {
    const [emulator] = emulators as [RunningEmulator];
    const text = await rawGet(emulator, "/v2/companies?offset=0&limit=100");
    const page = JSON.parse(text) as { elements?: unknown[]; totalNumResults?: number };
    expect(page.elements?.length ?? 0).toBeLessThan(6);
    expect(page.totalNumResults ?? 6).toBe(6);
    expect(emulator.admin.responseVariation().counts.smallerPages).toBeGreaterThan(0);
  });

  it("the admin API refuses an unknown family and turns variation off", async () => {
    const [emulator] = emulators as [RunningEmulator];
    const refused = await fetch(`${emulator.url}/_emulator/response-variation`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seed: 1, families: ["reverseEverything"] }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/families/);
    const off = await fetch(`${emulator.url}/_emulator/response-variation`, { method: "DELETE" });
    expect(off.status).toBe(204);
    expect(emulator.admin.responseVariation().setting).toBeUndefined();
  });
});
