import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type CarFlowEvent,
  type CarOption,
  type CarRate,
  cancelCarBooking,
  getCarBooking,
  modifyCarBooking,
  type PriceChangeContext,
} from "../../src/car";
import { PRICE_HOLD_SECONDS } from "../../src/emulator/car/holds";
import { type CarTestBed, carTestBed, ROUTES, SEEDED } from "./harness";

const { california, hertzLax, budgetSfo } = SEEDED;

describe("modifyCarBooking against the emulator", () => {
  let bed: CarTestBed;
  beforeEach(async () => {
    bed = await carTestBed();
  });
  afterEach(() => bed.close());

  it("books the happy path in place, one call per step, with progress events in order", async () => {
    const events: CarFlowEvent["type"][] = [];
    const result = await modifyCarBooking(bed.client, {
      tripId: california,
      pnrId: hertzLax,
      select: { vendorCode: "ZE", category: "SUV", samePickupLocation: true },
      onProgress: (event) => {
        events.push(event.type);
      },
    });
    expect(result).toMatchObject({
      outcome: "booked",
      tripId: california,
      originalPnrId: hertzLax,
      pnrId: hertzLax,
      sourcePnrId: hertzLax,
      pnrStatus: "CONFIRMED",
      replaced: false,
      priceChanged: false,
      repriced: false,
      car: { vendor: { code: "ZE" }, vehicle: { category: "SUV" }, isSamePickupLocation: true },
    });
    if (result.outcome !== "booked") throw new Error("not booked");
    expect(result.rate).toEqual(result.quotedRate);
    expect(events).toEqual([
      "booking-read",
      "searched",
      "car-selected",
      "rate-details",
      "price-checked",
      "booking",
      "booked",
    ]);
    expect(bed.callsSinceMark()).toEqual({
      [ROUTES.booking]: 1,
      [ROUTES.search]: 1,
      [ROUTES.rateDetails]: 1,
      [ROUTES.priceCheck]: 1,
      [ROUTES.book]: 1,
    });
    const after = await getCarBooking(bed.client, { tripId: california, pnrId: hertzLax });
    expect(after).toMatchObject({ pnrVersion: 2, vehicle: { category: "SUV" }, rateInfo: result.rate });
    // The original booking's flight number and payment were carried over.
    expect(after.arrivalFlightNumber).toBe("UA123");
    expect(after.bookingCharges).toEqual({ paymentMethod: "CREDIT_CARD", paymentSourceId: "card-visa-4242" });
  });

  it("follows a supplier rebooking into a new PNR on the same trip", async () => {
    const result = await modifyCarBooking(bed.client, {
      tripId: california,
      pnrId: budgetSfo,
      filters: { vendorCodes: ["ZD"], categories: ["COMPACT"] },
    });
    expect(result).toMatchObject({ outcome: "booked", replaced: true, sourcePnrId: budgetSfo });
    if (result.outcome !== "booked") throw new Error("not booked");
    expect(result.pnrId).not.toBe(budgetSfo);
    const replacement = await getCarBooking(bed.client, { tripId: california, pnrId: result.pnrId });
    expect(replacement).toMatchObject({ tripId: california, sourcePnrId: budgetSfo, pnrStatus: "CONFIRMED" });
    const original = await getCarBooking(bed.client, { tripId: california, pnrId: budgetSfo });
    expect(original).toMatchObject({ pnrStatus: "REPLACED", replacedByPnrId: result.pnrId });
  });

  it("accepts a price change when the policy is true", async () => {
    bed.carAdmin.queuePriceChange({ percent: 10, vendorCode: "ZE" });
    const result = await modifyCarBooking(bed.client, {
      tripId: california,
      pnrId: hertzLax,
      select: { vendorCode: "ZE", category: "FULLSIZE", samePickupLocation: true },
      acceptPriceChange: true,
    });
    expect(result).toMatchObject({ outcome: "booked", priceChanged: true, repriced: false });
    if (result.outcome !== "booked") throw new Error("not booked");
    expect(result.rate.totalAmount.amount).toBeGreaterThan(result.quotedRate.totalAmount.amount);
    const after = await getCarBooking(bed.client, { tripId: california, pnrId: hertzLax });
    expect(after.rateInfo).toEqual(result.rate);
  });

  it("hands old and new rates to a price-change callback, which may accept", async () => {
    bed.carAdmin.queuePriceChange({ percent: 8, vendorCode: "ZE" });
    const seen: { oldRate: CarRate; newRate: CarRate; context: PriceChangeContext }[] = [];
    const result = await modifyCarBooking(bed.client, {
      tripId: california,
      pnrId: hertzLax,
      select: { vendorCode: "ZE", category: "SUV", samePickupLocation: true },
      acceptPriceChange: (oldRate, newRate, context) => {
        seen.push({ oldRate, newRate, context });
        return newRate.totalAmount.amount <= oldRate.totalAmount.amount * 1.1;
      },
    });
    expect(result.outcome).toBe("booked");
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call?.context.attempt).toBe(1);
    expect(call?.oldRate).toEqual(result.car.rateInfo);
    expect(call?.newRate.dailyRate.amount).toBeCloseTo((call?.oldRate.dailyRate.amount ?? 0) * 1.08, 2);
  });

  it("books nothing when the price change is rejected, by default or by the callback", async () => {
    bed.carAdmin.queuePriceChange({ percent: 12, vendorCode: "ZE", count: 2 });
    const select = { vendorCode: "ZE", category: "SUV" as const, samePickupLocation: true };
    const byDefault = await modifyCarBooking(bed.client, { tripId: california, pnrId: hertzLax, select });
    expect(byDefault).toMatchObject({ outcome: "price-change-rejected", originalPnrId: hertzLax });
    if (byDefault.outcome !== "price-change-rejected") throw new Error("not rejected");
    expect(byDefault.newRate.totalAmount.amount).toBeGreaterThan(byDefault.oldRate.totalAmount.amount);

    const byCallback = await modifyCarBooking(bed.client, {
      tripId: california,
      pnrId: hertzLax,
      select,
      acceptPriceChange: (oldRate, newRate) =>
        newRate.totalAmount.amount <= oldRate.totalAmount.amount * 1.05,
    });
    expect(byCallback.outcome).toBe("price-change-rejected");
    expect(bed.callsSinceMark()[ROUTES.book]).toBeUndefined();
    expect((await getCarBooking(bed.client, { tripId: california, pnrId: hertzLax })).pnrVersion).toBe(1);
  });

  it("re-prices once when the hold expires before booking, then books", async () => {
    const checks: number[] = [];
    const result = await modifyCarBooking(bed.client, {
      tripId: california,
      pnrId: hertzLax,
      select: { vendorCode: "ZE", category: "SUV", samePickupLocation: true },
      onProgress: (event) => {
        if (event.type !== "price-checked") return;
        checks.push(event.attempt);
        // The traveler dawdles past the hold after the first price check only.
        if (event.attempt === 1) bed.emu.admin.clock.advance(PRICE_HOLD_SECONDS * 1000);
      },
    });
    expect(result).toMatchObject({ outcome: "booked", repriced: true, priceChanged: false, pnrId: hertzLax });
    expect(checks).toEqual([1, 2]);
    expect(bed.callsSinceMark()).toMatchObject({ [ROUTES.priceCheck]: 2, [ROUTES.book]: 2 });
    const statuses = bed.emu.admin
      .requests()
      .filter((r) => r.route === ROUTES.book)
      .map((r) => r.status);
    expect(statuses).toEqual([409, 200]);
  });

  it("asks the policy again when the re-priced hold shows a new price", async () => {
    const attempts: number[] = [];
    const result = await modifyCarBooking(bed.client, {
      tripId: california,
      pnrId: hertzLax,
      select: { vendorCode: "ZE", category: "SUV", samePickupLocation: true },
      acceptPriceChange: (_old, _new, context) => {
        attempts.push(context.attempt);
        return false;
      },
      onProgress: (event) => {
        if (event.type === "price-checked" && event.attempt === 1) {
          bed.emu.admin.clock.advance(PRICE_HOLD_SECONDS * 1000);
          bed.carAdmin.queuePriceChange({ percent: 5, vendorCode: "ZE" });
        }
      },
    });
    expect(attempts).toEqual([2]);
    expect(result.outcome).toBe("price-change-rejected");
  });

  it("gives up with BOOKING_KEY_EXPIRED when the hold expires a second time", async () => {
    const failure = await modifyCarBooking(bed.client, {
      tripId: california,
      pnrId: hertzLax,
      select: { vendorCode: "ZE", category: "SUV", samePickupLocation: true },
      onProgress: (event) => {
        if (event.type === "price-checked") bed.emu.admin.clock.advance(PRICE_HOLD_SECONDS * 1000);
      },
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: "conflict", status: 409, code: "BOOKING_KEY_EXPIRED" });
    expect(bed.callsSinceMark()).toMatchObject({ [ROUTES.priceCheck]: 2, [ROUTES.book]: 2 });
    expect((await getCarBooking(bed.client, { tripId: california, pnrId: hertzLax })).pnrVersion).toBe(1);
  });

  it("stops before pricing when the car needs a flight number the booking lacks, and books with one", async () => {
    const sixtAtTheAirport = (cars: readonly CarOption[]) =>
      cars.find((c) => c.vendor.code === "SX" && c.pickupLocation.isAirport);
    // Only the pickup location changes; the round trip's drop-off follows it, the dates stay.
    const airport = { locationCode: "SFO" };
    const failure = await modifyCarBooking(bed.client, {
      tripId: california,
      pnrId: budgetSfo,
      pickup: airport,
      select: sixtAtTheAirport,
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "ARRIVAL_FLIGHT_NUMBER_REQUIRED", kind: "bad_request" });
    expect((failure as Error).message).toMatch(
      /arrivalFlightNumber: Sixt requires the arrival flight number/,
    );
    expect(bed.callsSinceMark()[ROUTES.priceCheck]).toBeUndefined();

    const result = await modifyCarBooking(bed.client, {
      tripId: california,
      pnrId: budgetSfo,
      pickup: airport,
      select: sixtAtTheAirport,
      arrivalFlightNumber: "AA100",
    });
    expect(result).toMatchObject({ outcome: "booked", replaced: true });
    if (result.outcome !== "booked") throw new Error("not booked");
    const replacement = await getCarBooking(bed.client, { tripId: california, pnrId: result.pnrId });
    expect(replacement).toMatchObject({
      arrivalFlightNumber: "AA100",
      pickupLocation: { code: "SFO" },
      dropOffLocation: { code: "SFO" },
    });
    const original = await getCarBooking(bed.client, { tripId: california, pnrId: budgetSfo });
    expect(replacement.pickup.dateTime).toBe(original.pickup.dateTime);
    expect(replacement.dropOff.dateTime).toBe(original.dropOff.dateTime);
  });

  it("returns declined when the confirmation says no, and books nothing", async () => {
    let asked = 0;
    const result = await modifyCarBooking(bed.client, {
      tripId: california,
      pnrId: hertzLax,
      confirm: (quote) => {
        asked++;
        expect(quote.rate).toEqual(quote.quote.finalRateInfo);
        expect(quote.booking.pnrId).toBe(hertzLax);
        return false;
      },
    });
    expect(asked).toBe(1);
    expect(result.outcome).toBe("declined");
    expect(bed.callsSinceMark()[ROUTES.book]).toBeUndefined();
  });

  it("reports a selector that matches nothing, naming it", async () => {
    const failure = await modifyCarBooking(bed.client, {
      tripId: california,
      pnrId: hertzLax,
      select: { vendorCode: "ZD", category: "PREMIUM" },
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "NO_MATCHING_CAR", kind: "not_found" });
    expect((failure as Error).message).toMatch(/vendorCode=ZD, category=PREMIUM/);
  });

  it("surfaces the platform's refusal for a replaced PNR", async () => {
    const first = await modifyCarBooking(bed.client, {
      tripId: california,
      pnrId: budgetSfo,
      filters: { vendorCodes: ["ZD"] },
    });
    expect(first).toMatchObject({ outcome: "booked", replaced: true });
    const failure = await modifyCarBooking(bed.client, { tripId: california, pnrId: budgetSfo }).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ kind: "conflict", code: "PNR_REPLACED" });
  });

  it("refuses a second cancellation, and the cancellation of a PNR a modification replaced", async () => {
    const cancelled = await cancelCarBooking(bed.client, { pnrId: SEEDED.sixtLhr });
    expect(cancelled.confirmationId).toMatch(/^SX-CXL-\d{8}$/);
    expect(cancelled.refund).toMatchObject({ status: "INITIATED" });
    const twice = await cancelCarBooking(bed.client, { pnrId: SEEDED.sixtLhr }).catch(
      (error: unknown) => error,
    );
    expect(twice).toMatchObject({ kind: "conflict", status: 409, code: "PNR_ALREADY_CANCELLED" });

    const modified = await modifyCarBooking(bed.client, {
      tripId: california,
      pnrId: budgetSfo,
      filters: { vendorCodes: ["ZD"] },
    });
    if (modified.outcome !== "booked") throw new Error("not booked");
    const replaced = await cancelCarBooking(bed.client, { pnrId: budgetSfo }).catch(
      (error: unknown) => error,
    );
    expect(replaced).toMatchObject({ kind: "conflict", code: "PNR_REPLACED" });
    expect((replaced as Error).message).toContain(modified.pnrId);
    const ok = await cancelCarBooking(bed.client, { pnrId: modified.pnrId });
    expect(ok).toMatchObject({ pnrStatus: "CANCELLED", refund: { status: "NOT_APPLICABLE" } });
  });

  it("rejects a bad flight number before any call, so no price is held", async () => {
    bed.mark();
    await expect(
      modifyCarBooking(bed.client, { tripId: california, pnrId: hertzLax, arrivalFlightNumber: "ua 123" }),
    ).rejects.toMatchObject({
      code: "INVALID_REQUEST",
      message: expect.stringContaining("arrivalFlightNumber"),
    });
    expect(bed.callsSinceMark()).toEqual({});
  });

  it("never repeats modify-book or cancel-pnr after the platform may have acted", async () => {
    bed.emu.admin.addFault({
      path: "/v2/car/pnrs/*/modify-book",
      rate503: 1,
      retryAfterSeconds: 0,
      times: 1,
    });
    bed.mark();
    await expect(modifyCarBooking(bed.client, { tripId: california, pnrId: hertzLax })).rejects.toMatchObject(
      {
        kind: "server_error",
        status: 503,
        attempts: 1,
      },
    );
    expect(bed.callsSinceMark()[ROUTES.book]).toBe(1);

    bed.emu.admin.addFault({ path: "/v2/car/pnrs/*/cancel-pnr", rate503: 1, retryAfterSeconds: 0, times: 1 });
    bed.mark();
    await expect(cancelCarBooking(bed.client, { pnrId: budgetSfo })).rejects.toMatchObject({
      status: 503,
      attempts: 1,
    });
    expect(bed.callsSinceMark()).toEqual({ [ROUTES.cancel]: 1 });
  });

  it("reports a booking whose listener fails afterwards as booked, with a warning", async () => {
    const emitWarning = vi.spyOn(process, "emitWarning").mockImplementation(() => undefined);
    try {
      const result = await modifyCarBooking(bed.client, {
        tripId: california,
        pnrId: hertzLax,
        onProgress: (event) => {
          if (event.type === "booked") throw new Error("listener broke");
        },
      });
      expect(result.outcome).toBe("booked");
      if (result.outcome !== "booked") throw new Error("expected a booking");
      expect(emitWarning).toHaveBeenCalledWith(
        `modifyCarBooking: the onProgress listener failed after PNR ${result.pnrId} was booked: listener broke`,
      );
    } finally {
      emitWarning.mockRestore();
    }
  });
});
