/**
 * What the car CLI shows before acting: the penalty that cancelling now would charge (by the
 * platform's clock, and equal to what the cancellation then charges), whether a change replaces
 * the PNR, and the caller's trips with their car PNRs.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type CarBooking,
  type CarOption,
  cancelCarBooking,
  cancellationCostAt,
  changeImpact,
  changeImpactText,
  listTrips,
  modifyCarBooking,
  quoteCancellation,
} from "../../src/car";
import { type CarTestBed, carTestBed, SEEDED } from "./harness";

const { california, hertzLax, budgetSfo, newYork, avisNyc } = SEEDED;

describe("the cost of cancelling now", () => {
  let bed: CarTestBed;
  beforeEach(async () => {
    bed = await carTestBed();
  });
  afterEach(() => bed.close());

  it("after the deadline: the percentage penalty in money, equal to what cancelling charges", async () => {
    const { booking, cost } = await quoteCancellation(bed.client, { tripId: newYork, pnrId: avisNyc });
    expect(booking.cancellationPolicy.penalty).toMatchObject({ type: "PERCENTAGE", percentage: 20 });
    expect(cost.deadlinePassed).toBe(true);
    const total = booking.rateInfo.totalAmount.amount;
    expect(cost.penalty.amount).toBe(Math.round(total * 20) / 100);
    expect(cost.penalty.amount).toBeGreaterThan(0);

    const cancelled = await cancelCarBooking(bed.client, { pnrId: avisNyc });
    expect(cancelled.penalty).toEqual(cost.penalty);
  });

  it("before the deadline nothing; after it, by the platform's clock, the amount penalty", async () => {
    const before = await quoteCancellation(bed.client, { tripId: california, pnrId: hertzLax });
    expect(before.cost).toMatchObject({
      deadlinePassed: false,
      penalty: { amount: 0, currencyCode: "USD" },
      penaltyAfterDeadline: { amount: 50, currencyCode: "USD" },
    });
    expect(before.cost.refund).toEqual(before.booking.rateInfo.totalAmount);

    // Only the platform's clock moves: the quote must follow it, not the local clock.
    const deadline = Date.parse(before.cost.deadline);
    bed.emu.admin.clock.advance(deadline - bed.emu.context.clock.now() + 60_000);
    const after = await quoteCancellation(bed.client, { tripId: california, pnrId: hertzLax });
    expect(after.cost).toMatchObject({ deadlinePassed: true, penalty: { amount: 50, currencyCode: "USD" } });
    const cancelled = await cancelCarBooking(bed.client, { pnrId: hertzLax });
    expect(cancelled.penalty).toEqual(after.cost.penalty);
    expect(cancelled.refund).toMatchObject({ status: "INITIATED", amount: after.cost.refund });
  });

  it("prices from the policy alone: amount capped at the total, paid-at-vendor refunds nothing", () => {
    const booking = {
      pnrId: "1",
      rateInfo: { totalAmount: { amount: 30, currencyCode: "EUR" } },
      bookingCharges: { paymentMethod: "PAY_AT_VENDOR" },
      cancellationPolicy: {
        deadline: "2026-03-01T10:00:00.000Z",
        penalty: { type: "AMOUNT", amount: { amount: 35, currencyCode: "EUR" } },
      },
    } as unknown as CarBooking;
    expect(cancellationCostAt(booking, Date.parse("2026-03-01T09:59:59Z"))).toMatchObject({
      deadlinePassed: false,
      penalty: { amount: 0 },
      refund: undefined,
    });
    expect(cancellationCostAt(booking, Date.parse("2026-03-01T10:00:00Z"))).toMatchObject({
      deadlinePassed: true,
      penalty: { amount: 30, currencyCode: "EUR" },
    });
  });
});

describe("whether a change replaces the PNR", () => {
  const booking = { pnrId: "2000000001", vendor: { code: "ZE", name: "Hertz" } } as CarBooking;
  const car = (code: string, name: string) => ({ vendor: { code, name } }) as CarOption;

  it("a new vendor cancels the PNR and books a new one; the same vendor may modify in place", () => {
    expect(changeImpactText(changeImpact(booking, car("ZD", "Budget")))).toBe(
      "this cancels PNR 2000000001 with Hertz and books a new one with Budget",
    );
    expect(changeImpact(booking, car("ZE", "Hertz"))).toMatchObject({ kind: "same-vendor" });
  });
});

describe("the caller's trips", () => {
  let bed: CarTestBed;
  beforeEach(async () => {
    bed = await carTestBed();
  });
  afterEach(() => bed.close());

  it("lists every trip with its car PNRs, and shows a replacement after a vendor change", async () => {
    const trips = await listTrips(bed.client);
    expect(trips.map((trip) => trip.tripId)).toEqual(expect.arrayContaining([california, newYork]));
    const californiaTrip = trips.find((trip) => trip.tripId === california);
    expect(californiaTrip?.carPnrs.map((pnr) => [pnr.pnrId, pnr.pnrStatus, pnr.vendor.name])).toEqual([
      [hertzLax, "CONFIRMED", "Hertz"],
      [budgetSfo, "CONFIRMED", "Budget"],
    ]);

    const changed = await modifyCarBooking(bed.client, {
      tripId: california,
      pnrId: budgetSfo,
      filters: { vendorCodes: ["ZI"] },
      acceptPriceChange: true,
    });
    expect(changed).toMatchObject({ outcome: "booked", replaced: true });
    const after = (await listTrips(bed.client)).find((trip) => trip.tripId === california);
    expect(after?.carPnrs.map((pnr) => [pnr.pnrId, pnr.pnrStatus, pnr.replacedByPnrId])).toEqual([
      [hertzLax, "CONFIRMED", undefined],
      [budgetSfo, "REPLACED", changed.outcome === "booked" ? changed.pnrId : "?"],
      [changed.outcome === "booked" ? changed.pnrId : "?", "CONFIRMED", undefined],
    ]);
  });

  it("names the property of a bad filter before any call, and keeps other tenants' trips out", async () => {
    await expect(listTrips(bed.client, { companyId: "" })).rejects.toThrow(/^listTrips: companyId: /);
    const other = bed.emu.admin.createTmc("Other TMC");
    const theirs = bed.carAdmin.seedTrips(other.tmcId).map((trip) => trip.tripId);
    const mine = (await listTrips(bed.client)).map((trip) => trip.tripId);
    expect(mine.filter((tripId) => theirs.includes(tripId))).toEqual([]);
    await expect(listTrips(bed.client, { companyId: other.tmcId })).rejects.toMatchObject({ status: 403 });
  });
});
