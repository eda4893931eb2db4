/**
 * `POST /v3/trips/list` (a listing of pulumi-travel's design, docs/api-decisions.md "Trip
 * listing"): the caller's trips with their car PNRs, scoped like every car call, validated and
 * paged; and the emulator clock in the `Date` of car and trip answers.
 */
import { describe, expect, it } from "vitest";
import { CarAdmin } from "../../src/emulator/car/admin";
import type { TripListResponse } from "../../src/schemas/trips";
import { emulatorFixture, useFixture } from "./fixtures";
import { call, createCompany, errorCode, tokenFor } from "./helpers";

describe("trip listing in the emulator", () => {
  const fx = useFixture(emulatorFixture);

  const list = async (as: string, body?: unknown) => call(fx.emu, as, "POST", "/v3/trips/list", body);

  it("lists the seeded trips with their car PNRs, and pages", async () => {
    const all = await list(fx.token);
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json<TripListResponse>();
    expect(page).toMatchObject({ offset: 0, limit: 100, totalCount: page.trips.length });
    expect(page.trips[0]).toMatchObject({
      tripId: "1000000001",
      name: "Customer visit, California",
      carPnrs: [
        { pnrId: "2000000001", pnrStatus: "CONFIRMED", vendor: { code: "ZE", name: "Hertz" } },
        { pnrId: "2000000002", pnrStatus: "CONFIRMED", vendor: { code: "ZD", name: "Budget" } },
      ],
    });
    const second = (await list(fx.token, { offset: 1, limit: 1 })).json<TripListResponse>();
    expect(second.trips.map((trip) => trip.tripId)).toEqual([page.trips[1]?.tripId]);
    expect(second.totalCount).toBe(page.totalCount);
  });

  it("shows a company admin only its company's trips", async () => {
    const companyId = await createCompany(fx.emu, fx.token, { name: "Globex" });
    const seeded = new CarAdmin(fx.emu.context).seedTrips(companyId).map((trip) => trip.tripId);
    const admin = fx.emu.admin.createCompanyAdmin(companyId);
    const own = await tokenFor(fx.emu, admin.clientId, admin.clientSecret);
    const mine = (await list(own)).json<TripListResponse>();
    expect(mine.trips.map((trip) => trip.tripId).sort()).toEqual([...seeded].sort());
    const elsewhere = await list(own, { companyId: fx.emu.bootstrap.tmcId });
    expect(elsewhere.statusCode).toBe(403);
    expect(errorCode(elsewhere)).toBe("PERMISSION_DENIED");
  });

  it("names a bad field, and answers 404 for an unknown company", async () => {
    const bad = await list(fx.token, { limit: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/limit: /);
    const unknown = await list(fx.token, { companyId: "no-such-company" });
    expect(unknown.statusCode).toBe(404);
  });

  it("dates car and trip answers by the emulator clock", async () => {
    fx.emu.admin.clock.advance(3 * 86_400_000);
    const answer = await list(fx.token);
    const date = Date.parse(String(answer.headers.date));
    expect(Math.abs(date - fx.emu.context.clock.now())).toBeLessThan(2_000);
    expect(date - Date.now()).toBeGreaterThan(2 * 86_400_000);
  });
});
