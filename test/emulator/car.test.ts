import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { CarAdmin } from "../../src/emulator/car/admin";
import { PRICE_HOLD_SECONDS, SEARCH_TTL_SECONDS } from "../../src/emulator/car/holds";
import { cancellationOutcome } from "../../src/emulator/car/pricing";
import type { CarPnrRecord } from "../../src/emulator/car/records";
import { SEEDED_TRIP_IDS } from "../../src/emulator/car/seed";
import type { CarBooking, CarOption, CarPriceCheck, CarSearchResponse } from "../../src/schemas/car";
import { adminToken, call, createCompany, errorCode, tokenFor } from "./helpers";
import { emulatorFixture, useFixture } from "./fixtures";

/** Seeded ids (docs/car.md). */
const CALIFORNIA = "1000000001";
const HERTZ_LAX = "2000000001"; // prepaid, in place, flight UA123
const BUDGET_SFO = "2000000002"; // pay at vendor, rebooks
const NEW_YORK = "1000000002";
const AVIS_NYC = "2000000003"; // prepaid, deadline already passed, 20 %
const LONDON = "1000000003";
const SIXT_LHR = "2000000004";
const PARIS = "1000000004";
const ENTERPRISE_PARIS = "2000000005";

function message(response: LightMyRequestResponse): string {
  return response.json<{ errorMessages: { message: string }[] }>().errorMessages[0]?.message ?? "";
}

describe("car booking changes in the emulator", () => {
  const fx = useFixture(emulatorFixture);

  const booking = async (tripId: string, pnrId: string, as = fx.token): Promise<CarBooking> => {
    const response = await call(fx.emu, as, "GET", `/v3/trips/${tripId}/pnrs/${pnrId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CarBooking>();
  };
  const search = (pnrId: string, body: Record<string, unknown>, as = fx.token) =>
    call(fx.emu, as, "POST", `/v2/car/pnrs/${pnrId}/modify-search`, body);
  /** A search over the booking's own dates and places, plus `extra`. */
  const searchLike = async (tripId: string, pnrId: string, extra: Record<string, unknown> = {}) => {
    const current = await booking(tripId, pnrId);
    const response = await search(pnrId, { pickup: current.pickup, dropOff: current.dropOff, ...extra });
    expect(response.statusCode, response.body).toBe(200);
    return { current, result: response.json<CarSearchResponse>() };
  };
  const priceCheck = async (searchId: string, carId: string) => {
    const response = await call(fx.emu, fx.token, "POST", "/v2/car/price-check", {
      searchId,
      carId,
      isModify: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CarPriceCheck>();
  };
  const book = (pnrId: string, body: Record<string, unknown>) =>
    call(fx.emu, fx.token, "POST", `/v2/car/pnrs/${pnrId}/modify-book`, body);
  const bookBody = (
    current: CarBooking,
    quote: CarPriceCheck,
    car: CarOption,
    extra: Record<string, unknown> = {},
  ) => ({
    bookingKey: quote.bookingKey,
    carId: car.carId,
    tripData: { tripId: current.tripId, travelers: current.travelers.map((t) => ({ userId: t.userId })) },
    bookingCharges: current.bookingCharges,
    ...(current.arrivalFlightNumber ? { arrivalFlightNumber: current.arrivalFlightNumber } : {}),
    ...extra,
  });
  const cancel = (pnrId: string, body: Record<string, unknown> = { pnrId }, as = fx.token) =>
    call(fx.emu, as, "POST", `/v2/car/pnrs/${pnrId}/cancel-pnr`, body);
  const pick = (
    cars: CarOption[],
    vendor: string,
    location: string,
    category = "INTERMEDIATE",
  ): CarOption => {
    const car = cars.find(
      (c) =>
        c.vendor.code === vendor && c.pickupLocation.code === location && c.vehicle.category === category,
    );
    if (!car) throw new Error(`no ${vendor} ${category} at ${location}`);
    return car;
  };

  describe("seeded trips and booking details", () => {
    it("seeds trips with car PNRs across vendors and locations", async () => {
      const details = await Promise.all(
        SEEDED_TRIP_IDS.flatMap(({ tripId, pnrIds }) => pnrIds.map((pnrId) => booking(tripId, pnrId))),
      );
      expect(details).toHaveLength(5);
      expect(new Set(details.map((d) => d.vendor.code))).toEqual(new Set(["ZE", "ZD", "ZI", "SX", "ET"]));
      expect(new Set(details.map((d) => d.pickupLocation.code)).size).toBe(5);
      for (const d of details) {
        expect(d.pnrStatus).toBe("CONFIRMED");
        expect(d.travelers).toHaveLength(1);
        expect(d.rateInfo.totalAmount.amount).toBeGreaterThan(0);
      }
      expect(details.find((d) => d.pnrId === ENTERPRISE_PARIS)?.dropOffLocation.code).toBe("CDG");
    });

    it("shows the cancellation deadline and the penalty as an amount or a percentage", async () => {
      const hertz = await booking(CALIFORNIA, HERTZ_LAX);
      expect(hertz.cancellationPolicy.penalty).toEqual({
        type: "AMOUNT",
        amount: { amount: 50, currencyCode: "USD" },
      });
      // Hertz: free cancellation until 24 hours before pickup (local time is treated as UTC).
      expect(Date.parse(hertz.cancellationPolicy.deadline)).toBe(
        Date.parse(`${hertz.pickup.dateTime}Z`) - 24 * 3_600_000,
      );
      const avis = await booking(NEW_YORK, AVIS_NYC);
      expect(avis.cancellationPolicy.penalty).toEqual({ type: "PERCENTAGE", percentage: 20 });
      expect(Date.parse(avis.cancellationPolicy.deadline)).toBeLessThan(fx.emu.admin.clock.now());
    });

    it("answers 404 for an unknown trip, an unknown PNR and a PNR of another trip", async () => {
      expect(errorCode(await call(fx.emu, fx.token, "GET", `/v3/trips/999/pnrs/${HERTZ_LAX}`))).toBe(
        "TRIP_NOT_FOUND",
      );
      expect(errorCode(await call(fx.emu, fx.token, "GET", `/v3/trips/${CALIFORNIA}/pnrs/999`))).toBe(
        "PNR_NOT_FOUND",
      );
      expect(errorCode(await call(fx.emu, fx.token, "GET", `/v3/trips/${CALIFORNIA}/pnrs/${AVIS_NYC}`))).toBe(
        "PNR_NOT_FOUND",
      );
    });
  });

  describe("modify-search", () => {
    it("returns a searchId and cars, with isSamePickupLocation set against the original booking", async () => {
      const { current, result } = await searchLike(CALIFORNIA, HERTZ_LAX);
      expect(result.searchId).toMatch(/^[0-9a-f-]{36}$/);
      expect(result.cars.length).toBeGreaterThan(10);
      // The search covers every branch of the city: the airport and downtown.
      const locations = new Set(result.cars.map((c) => c.pickupLocation.code));
      expect(locations).toEqual(new Set(["LAX", "LAXC01"]));
      for (const car of result.cars) expect(car.isSamePickupLocation).toBe(car.pickupLocation.code === "LAX");
      // Default order: cheapest first.
      const totals = result.cars.map((c) => c.rateInfo.totalAmount.amount);
      expect(totals).toEqual([...totals].sort((a, b) => a - b));

      const downtown = await search(HERTZ_LAX, {
        pickup: { locationCode: "LAXC01", dateTime: current.pickup.dateTime },
        dropOff: current.dropOff,
      });
      const downtownCars = downtown.json<CarSearchResponse>().cars;
      // Still compared with the original pickup (LAX), not with the searched location.
      expect(
        downtownCars.filter((c) => c.isSamePickupLocation).every((c) => c.pickupLocation.code === "LAX"),
      ).toBe(true);
      // A downtown drop-off of an airport pickup is one-way within the city.
      expect(downtownCars.every((c) => c.dropOffLocation.code === "LAX")).toBe(true);
      expect(downtownCars.find((c) => c.pickupLocation.code === "LAXC01")?.rateInfo.oneWayFee).toEqual({
        amount: 25,
        currencyCode: "USD",
      });
    });

    it("honours filters and sort options", async () => {
      const { result } = await searchLike(CALIFORNIA, HERTZ_LAX, {
        filters: { vendorCodes: ["ZE", "ZI"], categories: ["SUV", "PREMIUM"], transmission: "AUTOMATIC" },
        sortOptions: [{ sortBy: "VENDOR" }, { sortBy: "PRICE", sortOrder: "DESCENDING" }],
      });
      expect(result.cars.length).toBe(8); // 2 vendors × 2 categories × 2 branches
      expect(result.cars.map((c) => c.vendor.name)).toEqual([
        ...Array(4).fill("Avis"),
        ...Array(4).fill("Hertz"),
      ]);
      const avisTotals = result.cars.slice(0, 4).map((c) => c.rateInfo.totalAmount.amount);
      expect(avisTotals).toEqual([...avisTotals].sort((a, b) => b - a));
      const cheap = await searchLike(CALIFORNIA, HERTZ_LAX, { filters: { maxTotalAmount: 200 } });
      expect(cheap.result.cars.length).toBeGreaterThan(0);
      expect(cheap.result.cars.every((c) => c.rateInfo.totalAmount.amount <= 200)).toBe(true);
      const manual = await searchLike(CALIFORNIA, HERTZ_LAX, { filters: { transmission: "MANUAL" } });
      expect(manual.result.cars.every((c) => c.vehicle.category === "COMPACT")).toBe(true);
      const byCategory = await searchLike(CALIFORNIA, HERTZ_LAX, {
        sortOptions: [{ sortBy: "CATEGORY", sortOrder: "DESCENDING" }],
      });
      expect(byCategory.result.cars[0]?.vehicle.category).toBe("PREMIUM");
    });

    it("honours renterAge and loyaltyCode", async () => {
      const adult = (await searchLike(CALIFORNIA, HERTZ_LAX)).result.cars;
      const young = (await searchLike(CALIFORNIA, HERTZ_LAX, { renterAge: 20 })).result.cars;
      // Only Hertz (20) and Sixt (18) rent to a 20-year-old, and nobody rents them FULLSIZE, SUV or PREMIUM.
      expect(new Set(young.map((c) => c.vendor.code))).toEqual(new Set(["ZE", "SX"]));
      expect(young.some((c) => ["FULLSIZE", "SUV", "PREMIUM"].includes(c.vehicle.category))).toBe(false);
      const adultHertz = pick(adult, "ZE", "LAX");
      const youngHertz = pick(young, "ZE", "LAX");
      expect(youngHertz.rateInfo.youngRenterFee).toEqual({ amount: 75, currencyCode: "USD" }); // 3 days × 25
      expect(youngHertz.rateInfo.totalAmount.amount).toBeGreaterThan(adultHertz.rateInfo.totalAmount.amount);
      expect(adultHertz.rateInfo.youngRenterFee).toBeUndefined();

      const member = (await searchLike(CALIFORNIA, HERTZ_LAX, { loyaltyCode: "ZE-12345678" })).result.cars;
      const memberHertz = pick(member, "ZE", "LAX");
      expect(memberHertz.rateInfo.loyaltyDiscount?.amount).toBeCloseTo(
        adultHertz.rateInfo.baseAmount.amount * 0.1,
        2,
      );
      expect(memberHertz.rateInfo.totalAmount.amount).toBeLessThan(adultHertz.rateInfo.totalAmount.amount);
      // The discount applies to the member's vendor only.
      expect(pick(member, "ZI", "LAX").rateInfo).toEqual(pick(adult, "ZI", "LAX").rateInfo);
    });

    it("validates the body field by field", async () => {
      const current = await booking(CALIFORNIA, HERTZ_LAX);
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ dropOff: current.dropOff }, /pickup: .*expected object/],
        [
          { pickup: { locationCode: "LAX", dateTime: "tomorrow" }, dropOff: current.dropOff },
          /pickup\.dateTime: must be a local date-time/,
        ],
        [
          { pickup: current.dropOff, dropOff: current.pickup },
          /dropOff\.dateTime: must be after pickup\.dateTime/,
        ],
        [
          { pickup: current.pickup, dropOff: current.dropOff, renterAge: 16 },
          /renterAge: must be 18 or more/,
        ],
        [
          { pickup: { ...current.pickup, locationCode: "XYZ" }, dropOff: current.dropOff },
          /pickup\.locationCode: unknown location XYZ/,
        ],
        [
          { pickup: current.pickup, dropOff: { ...current.dropOff, locationCode: "LHR" } },
          /one-way rentals between countries/,
        ],
        [
          { pickup: current.pickup, dropOff: current.dropOff, filters: { vendorCodes: ["QQ"] } },
          /filters\.vendorCodes\.0: unknown vendor QQ/,
        ],
        [
          { pickup: current.pickup, dropOff: current.dropOff, loyaltyCode: "gold" },
          /loyaltyCode: must be <vendor code>-<member number>/,
        ],
        [
          { pickup: { ...current.pickup, dateTime: "2020-01-01T10:00" }, dropOff: current.dropOff },
          /pickup\.dateTime: .* is in the past/,
        ],
      ];
      for (const [body, pattern] of cases) {
        const response = await search(HERTZ_LAX, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(errorCode(response)).toBe("INVALID_REQUEST");
        expect(message(response)).toMatch(pattern);
      }
    });
  });

  describe("rate-details and price-check", () => {
    it("returns location, vendor, co2Emission and whether the flight number is mandatory", async () => {
      const { result } = await searchLike(CALIFORNIA, HERTZ_LAX);
      const sixtAirport = pick(result.cars, "SX", "LAX");
      const response = await call(fx.emu, fx.token, "POST", "/v2/car/rate-details", {
        searchId: result.searchId,
        carId: sixtAirport.carId,
        isModify: true,
      });
      expect(response.statusCode).toBe(200);
      const details = response.json<Record<string, unknown>>();
      expect(details).toMatchObject({
        pickupLocation: { code: "LAX", isAirport: true, name: "Los Angeles International Airport" },
        dropOffLocation: { code: "LAX" },
        vendor: { code: "SX", name: "Sixt" },
        co2Emission: { value: 95, unit: "G_PER_KM" },
        isFlightNumberMandatoryForPickup: true,
        additionalDetails: {
          mileage: "UNLIMITED",
          minimumRenterAge: 18,
          cancellationPolicy: { penalty: { type: "PERCENTAGE", percentage: 50 } },
        },
      });
      const sixtDowntown = pick(result.cars, "SX", "LAXC01");
      const downtown = await call(fx.emu, fx.token, "POST", "/v2/car/rate-details", {
        searchId: result.searchId,
        carId: sixtDowntown.carId,
        isModify: true,
      });
      expect(downtown.json()).toMatchObject({ isFlightNumberMandatoryForPickup: false });
    });

    it("refuses unknown searches and cars, isModify false, and an expired search", async () => {
      const { result } = await searchLike(CALIFORNIA, HERTZ_LAX);
      const carId = result.cars[0]?.carId ?? "";
      const post = (path: string, body: unknown) => call(fx.emu, fx.token, "POST", path, body);
      for (const path of ["/v2/car/rate-details", "/v2/car/price-check"]) {
        expect(errorCode(await post(path, { searchId: "nope", carId, isModify: true }))).toBe(
          "SEARCH_NOT_FOUND",
        );
        const wrongCar = await post(path, {
          searchId: result.searchId,
          carId: "ZZ-LAX-EDAR",
          isModify: true,
        });
        expect(wrongCar.statusCode).toBe(400);
        expect(errorCode(wrongCar)).toBe("CAR_NOT_IN_SEARCH");
        const notModify = await post(path, { searchId: result.searchId, carId, isModify: false });
        expect(message(notModify)).toMatch(/isModify: must be true/);
        const missing = await post(path, { carId });
        expect(message(missing)).toMatch(/searchId: is required; isModify: is required/);
      }
      fx.emu.admin.clock.advance(SEARCH_TTL_SECONDS * 1000);
      const expired = await post("/v2/car/price-check", { searchId: result.searchId, carId, isModify: true });
      expect(expired.statusCode).toBe(409);
      expect(errorCode(expired)).toBe("SEARCH_EXPIRED");
    });

    it("holds the price for timeoutSeconds by the emulator clock and refuses expired or reused keys", async () => {
      const { current, result } = await searchLike(CALIFORNIA, HERTZ_LAX, {
        filters: { vendorCodes: ["ZE"] },
      });
      const car = pick(result.cars, "ZE", "LAX", "SUV");
      const held = await priceCheck(result.searchId, car.carId);
      expect(held).toMatchObject({ hasPriceChanged: false, timeoutSeconds: PRICE_HOLD_SECONDS });
      expect(held.finalRateInfo).toEqual(car.rateInfo);
      fx.emu.admin.clock.advance(PRICE_HOLD_SECONDS * 1000);
      const expired = await book(HERTZ_LAX, bookBody(current, held, car));
      expect(expired.statusCode).toBe(409);
      expect(errorCode(expired)).toBe("BOOKING_KEY_EXPIRED");
      expect(message(expired)).toMatch(/run price-check again/);
      // A failed booking changed nothing.
      expect((await booking(CALIFORNIA, HERTZ_LAX)).pnrVersion).toBe(1);

      const fresh = await priceCheck(result.searchId, car.carId);
      fx.emu.admin.clock.advance(PRICE_HOLD_SECONDS * 1000 - 1000);
      expect((await book(HERTZ_LAX, bookBody(current, fresh, car))).statusCode).toBe(200);
      const reused = await book(HERTZ_LAX, bookBody(current, fresh, car));
      expect(reused.statusCode).toBe(409);
      expect(errorCode(reused)).toBe("BOOKING_KEY_ALREADY_USED");
      expect(
        errorCode(await book(HERTZ_LAX, bookBody(current, { ...fresh, bookingKey: "bk_unknown" }, car))),
      ).toBe("BOOKING_KEY_NOT_FOUND");
    });

    it("changes prices deterministically through the admin API", async () => {
      const admin = (method: "GET" | "POST" | "DELETE", body?: unknown) =>
        fx.emu.app.inject({
          method,
          url: "/_emulator/car/price-changes",
          ...(body !== undefined ? { payload: body as object } : {}),
        });
      const { result } = await searchLike(CALIFORNIA, HERTZ_LAX);
      const hertz = pick(result.cars, "ZE", "LAX");
      const avis = pick(result.cars, "ZI", "LAX");
      expect((await admin("POST", { percent: 0 })).statusCode).toBe(400);
      const rule = await admin("POST", { percent: 10, vendorCode: "ZE" });
      expect(rule.statusCode).toBe(201);
      expect(rule.json()).toMatchObject({ percent: 10, remaining: 1, vendorCode: "ZE" });

      // Another vendor's price check does not consume the rule.
      expect((await priceCheck(result.searchId, avis.carId)).hasPriceChanged).toBe(false);
      const changed = await priceCheck(result.searchId, hertz.carId);
      expect(changed.hasPriceChanged).toBe(true);
      expect(changed.finalRateInfo.dailyRate.amount).toBeCloseTo(hertz.rateInfo.dailyRate.amount * 1.1, 2);
      expect(changed.finalRateInfo.totalAmount.amount).toBeGreaterThan(hertz.rateInfo.totalAmount.amount);
      expect((await admin("GET")).json()).toEqual({ priceChanges: [] });
      // The market price stays moved: the next check of the same car shows the same new price.
      const again = await priceCheck(result.searchId, hertz.carId);
      expect(again.hasPriceChanged).toBe(true);
      expect(again.finalRateInfo).toEqual(changed.finalRateInfo);

      await admin("POST", { percent: -20, count: 3 });
      expect((await admin("GET")).json()).toMatchObject({ priceChanges: [{ percent: -20, remaining: 3 }] });
      expect((await admin("DELETE")).statusCode).toBe(204);
      expect((await admin("GET")).json()).toEqual({ priceChanges: [] });
    });
  });

  describe("modify-book", () => {
    it("modifies in place when the vendor supports it: same PNR, same trip, no new trip", async () => {
      const { current, result } = await searchLike(CALIFORNIA, HERTZ_LAX);
      const suv = pick(result.cars, "ZE", "LAX", "SUV");
      const quote = await priceCheck(result.searchId, suv.carId);
      const tripsBefore = new CarAdmin(fx.emu.context).trips().length;
      const response = await book(HERTZ_LAX, bookBody(current, quote, suv));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        pnrId: HERTZ_LAX,
        sourcePnrId: HERTZ_LAX,
        pnrStatus: "CONFIRMED",
        tripId: CALIFORNIA,
      });
      const after = await booking(CALIFORNIA, HERTZ_LAX);
      expect(after).toMatchObject({
        pnrStatus: "CONFIRMED",
        pnrVersion: 2,
        carId: suv.carId,
        vehicle: { category: "SUV" },
        vendorConfirmationNumber: current.vendorConfirmationNumber,
        rateInfo: quote.finalRateInfo,
      });
      expect(new CarAdmin(fx.emu.context).trips()).toHaveLength(tripsBefore);
    });

    it("cancels and rebooks into a new PNR when the supplier requires it; sourcePnrId links the two", async () => {
      const { current, result } = await searchLike(CALIFORNIA, BUDGET_SFO);
      const budget = pick(result.cars, "ZD", "SFOC01", "COMPACT");
      const quote = await priceCheck(result.searchId, budget.carId);
      const tripsBefore = new CarAdmin(fx.emu.context).trips().length;
      const response = await book(BUDGET_SFO, bookBody(current, quote, budget));
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<{
        pnrId: string;
        sourcePnrId: string;
        pnrStatus: string;
        tripId: string;
      }>();
      expect(answer.pnrId).not.toBe(BUDGET_SFO);
      expect(answer).toMatchObject({ sourcePnrId: BUDGET_SFO, pnrStatus: "CONFIRMED", tripId: CALIFORNIA });
      const replacement = await booking(CALIFORNIA, answer.pnrId);
      expect(replacement).toMatchObject({ pnrStatus: "CONFIRMED", sourcePnrId: BUDGET_SFO, pnrVersion: 1 });
      expect(replacement.vendorConfirmationNumber).not.toBe(current.vendorConfirmationNumber);
      expect(await booking(CALIFORNIA, BUDGET_SFO)).toMatchObject({
        pnrStatus: "REPLACED",
        replacedByPnrId: answer.pnrId,
      });
      const trips = new CarAdmin(fx.emu.context).trips();
      expect(trips).toHaveLength(tripsBefore);
      expect(trips.find((t) => t.tripId === CALIFORNIA)?.pnrIds).toEqual([
        HERTZ_LAX,
        BUDGET_SFO,
        answer.pnrId,
      ]);

      // The replaced PNR can be neither searched nor cancelled.
      const again = await search(BUDGET_SFO, { pickup: current.pickup, dropOff: current.dropOff });
      expect(again.statusCode).toBe(409);
      expect(errorCode(again)).toBe("PNR_REPLACED");
      expect(message(again)).toContain(answer.pnrId);
    });

    it("rebooks when the vendor changes, even from a vendor that modifies in place", async () => {
      const { current, result } = await searchLike(CALIFORNIA, HERTZ_LAX);
      const avis = pick(result.cars, "ZI", "LAX");
      const response = await book(
        HERTZ_LAX,
        bookBody(current, await priceCheck(result.searchId, avis.carId), avis),
      );
      expect(response.json()).toMatchObject({ sourcePnrId: HERTZ_LAX });
      expect(response.json<{ pnrId: string }>().pnrId).not.toBe(HERTZ_LAX);
    });

    it("refuses a missing arrival flight number when the car requires one", async () => {
      const { current, result } = await searchLike(CALIFORNIA, HERTZ_LAX);
      const sixt = pick(result.cars, "SX", "LAX");
      const quote = await priceCheck(result.searchId, sixt.carId);
      const { arrivalFlightNumber: _flight, ...withoutFlight } = bookBody(current, quote, sixt);
      const refused = await book(HERTZ_LAX, withoutFlight);
      expect(refused.statusCode).toBe(400);
      expect(errorCode(refused)).toBe("ARRIVAL_FLIGHT_NUMBER_REQUIRED");
      expect(message(refused)).toMatch(/arrivalFlightNumber: Sixt requires the arrival flight number/);
      const badFormat = await book(HERTZ_LAX, { ...withoutFlight, arrivalFlightNumber: "flight 12" });
      expect(message(badFormat)).toMatch(/arrivalFlightNumber: must be an IATA flight number/);
      // The refusals did not use up the key.
      const ok = await book(HERTZ_LAX, { ...withoutFlight, arrivalFlightNumber: "DL404" });
      expect(ok.statusCode, ok.body).toBe(200);
      const replacement = ok.json<{ pnrId: string }>().pnrId;
      expect((await booking(CALIFORNIA, replacement)).arrivalFlightNumber).toBe("DL404");
    });

    it("validates trip, travelers, payment and the key's PNR and car", async () => {
      const { current, result } = await searchLike(CALIFORNIA, HERTZ_LAX);
      const car = pick(result.cars, "ZE", "LAX", "SUV");
      const quote = await priceCheck(result.searchId, car.carId);
      const body = bookBody(current, quote, car);
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [
          { ...body, tripData: { ...body.tripData, tripId: NEW_YORK } },
          "TRIP_MISMATCH",
          /keeps the original trip/,
        ],
        [
          { ...body, tripData: { tripId: CALIFORNIA, travelers: [{ userId: "stranger" }] } },
          "TRAVELER_NOT_ON_TRIP",
          /tripData\.travelers\.0\.userId/,
        ],
        [
          { ...body, tripData: { tripId: CALIFORNIA, travelers: [] } },
          "INVALID_REQUEST",
          /tripData\.travelers: needs at least one traveler/,
        ],
        [
          { ...body, bookingCharges: { paymentMethod: "CREDIT_CARD" } },
          "INVALID_REQUEST",
          /bookingCharges\.paymentSourceId: is required for paymentMethod CREDIT_CARD/,
        ],
        [
          { ...body, carId: pick(result.cars, "ZE", "LAX", "ECONOMY").carId },
          "CAR_MISMATCH",
          /is not the car the bookingKey priced/,
        ],
        [{ ...body, bookingKey: undefined }, "INVALID_REQUEST", /bookingKey: is required/],
      ];
      for (const [payload, code, pattern] of cases) {
        const response = await book(HERTZ_LAX, payload);
        expect(response.statusCode, code).toBe(400);
        expect(errorCode(response)).toBe(code);
        expect(message(response)).toMatch(pattern);
      }
      const london = await booking(LONDON, SIXT_LHR);
      const otherPnr = await book(SIXT_LHR, {
        ...body,
        tripData: { tripId: LONDON, travelers: london.travelers.map((t) => ({ userId: t.userId })) },
      });
      expect(errorCode(otherPnr)).toBe("BOOKING_KEY_MISMATCH");
    });
  });

  describe("cancel-pnr", () => {
    it("returns the vendor confirmationId and starts a full refund before the deadline", async () => {
      const current = await booking(CALIFORNIA, HERTZ_LAX);
      const response = await cancel(HERTZ_LAX);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<Record<string, unknown>>();
      expect(answer).toMatchObject({
        pnrId: HERTZ_LAX,
        pnrStatus: "CANCELLED",
        penalty: { amount: 0, currencyCode: "USD" },
        refund: { status: "INITIATED", amount: current.rateInfo.totalAmount },
      });
      expect(answer.confirmationId).toMatch(/^ZE-CXL-\d{8}$/);
      expect(await booking(CALIFORNIA, HERTZ_LAX)).toMatchObject({
        pnrStatus: "CANCELLED",
        cancellation: { confirmationId: answer.confirmationId, refund: { status: "INITIATED" } },
      });
    });

    it("keeps the penalty after the deadline and refunds the rest of a prepaid booking", async () => {
      const current = await booking(NEW_YORK, AVIS_NYC);
      const answer = (await cancel(AVIS_NYC)).json<Record<string, unknown>>();
      const total = current.rateInfo.totalAmount.amount;
      expect(answer).toMatchObject({
        penalty: { amount: Math.round(total * 20) / 100, currencyCode: "USD" },
        refund: { status: "INITIATED", amount: { amount: Math.round(total * 80) / 100 } },
      });
    });

    it("refunds nothing for a booking paid at the vendor, and honours the clock for the deadline", async () => {
      const current = await booking(PARIS, ENTERPRISE_PARIS);
      fx.emu.admin.clock.set(Date.parse(current.cancellationPolicy.deadline));
      fx.token = await adminToken(fx.emu); // the old fx.token expired with the jump
      const answer = (await cancel(ENTERPRISE_PARIS)).json<Record<string, unknown>>();
      expect(answer).toMatchObject({
        penalty: { amount: 35, currencyCode: "EUR" },
        refund: { status: "NOT_APPLICABLE" },
      });
    });

    it("refuses cancelling twice, a replaced PNR and a mismatched pnrId", async () => {
      const first = (await cancel(SIXT_LHR)).json<{ confirmationId: string }>();
      const twice = await cancel(SIXT_LHR);
      expect(twice.statusCode).toBe(409);
      expect(errorCode(twice)).toBe("PNR_ALREADY_CANCELLED");
      expect(message(twice)).toContain(first.confirmationId);

      const { current, result } = await searchLike(CALIFORNIA, BUDGET_SFO);
      const car = pick(result.cars, "ZD", "SFOC01", "COMPACT");
      const { pnrId } = (
        await book(BUDGET_SFO, bookBody(current, await priceCheck(result.searchId, car.carId), car))
      ).json<{
        pnrId: string;
      }>();
      const replaced = await cancel(BUDGET_SFO);
      expect(replaced.statusCode).toBe(409);
      expect(errorCode(replaced)).toBe("PNR_REPLACED");
      expect(message(replaced)).toContain(`cancel PNR ${pnrId} instead`);
      expect((await cancel(pnrId)).statusCode).toBe(200);

      const mismatch = await cancel(HERTZ_LAX, { pnrId: AVIS_NYC });
      expect(mismatch.statusCode).toBe(400);
      expect(errorCode(mismatch)).toBe("PNR_ID_MISMATCH");
      expect(message(await cancel(HERTZ_LAX, {}))).toMatch(/pnrId: is required/);
    });

    it("computes penalties and refunds by the policy", () => {
      const pnr = (vendorCode: string, paymentMethod: "PAY_AT_VENDOR" | "CREDIT_CARD") =>
        ({
          vendorCode,
          pickup: { locationCode: "LAX", dateTime: "2030-01-10T10:00" },
          rate: { totalAmount: { amount: 300, currencyCode: "USD" } },
          bookingCharges: { paymentMethod, paymentSourceId: "card" },
        }) as unknown as CarPnrRecord;
      const early = Date.parse("2030-01-01T00:00:00Z");
      const late = Date.parse("2030-01-10T09:00:00Z");
      expect(cancellationOutcome(pnr("ZD", "CREDIT_CARD"), early)).toEqual({
        penalty: { amount: 0, currencyCode: "USD" },
        refund: { status: "INITIATED", amount: { amount: 300, currencyCode: "USD" } },
      });
      expect(cancellationOutcome(pnr("ZD", "CREDIT_CARD"), late)).toEqual({
        penalty: { amount: 300, currencyCode: "USD" },
        refund: { status: "NOT_ELIGIBLE" },
      });
      expect(cancellationOutcome(pnr("ZE", "CREDIT_CARD"), late).refund).toEqual({
        status: "INITIATED",
        amount: { amount: 250, currencyCode: "USD" },
      });
      expect(cancellationOutcome(pnr("ZE", "PAY_AT_VENDOR"), late)).toEqual({
        penalty: { amount: 50, currencyCode: "USD" },
        refund: { status: "NOT_APPLICABLE" },
      });
    });
  });

  describe("permissions", () => {
    it("lets a company admin act on its company's trips only, and keeps other TMCs out", async () => {
      const companyId = await createCompany(fx.emu, fx.token);
      const [trip] = new CarAdmin(fx.emu.context).seedTrips(companyId);
      if (!trip) throw new Error("no trip seeded");
      const pnrId = trip.pnrIds[0] ?? "";
      expect(trip.tripId).not.toBe(CALIFORNIA);
      const own = fx.emu.admin.createCompanyAdmin(companyId);
      const ownToken = await tokenFor(fx.emu, own.clientId, own.clientSecret);
      expect((await booking(trip.tripId, pnrId, ownToken)).pnrStatus).toBe("CONFIRMED");

      const otherCompany = await createCompany(fx.emu, fx.token, { name: "Other" });
      const stranger = fx.emu.admin.createCompanyAdmin(otherCompany);
      const strangerToken = await tokenFor(fx.emu, stranger.clientId, stranger.clientSecret);
      const otherTmc = fx.emu.admin.createTmc("Other TMC");
      const otherTmcToken = await tokenFor(fx.emu, otherTmc.clientId, otherTmc.clientSecret);
      for (const outsider of [strangerToken, otherTmcToken]) {
        expect(
          (await call(fx.emu, outsider, "GET", `/v3/trips/${trip.tripId}/pnrs/${pnrId}`)).statusCode,
        ).toBe(403);
        expect((await cancel(pnrId, { pnrId }, outsider)).statusCode).toBe(403);
        const current = await booking(trip.tripId, pnrId);
        expect(
          (await search(pnrId, { pickup: current.pickup, dropOff: current.dropOff }, outsider)).statusCode,
        ).toBe(403);
      }
      // Seeded demo trips belong to the TMC itself: a company admin cannot reach them.
      expect(
        (await call(fx.emu, ownToken, "GET", `/v3/trips/${CALIFORNIA}/pnrs/${HERTZ_LAX}`)).statusCode,
      ).toBe(403);
      // A search is bound to its company too.
      const current = await booking(trip.tripId, pnrId);
      const { searchId, cars } = (
        await search(pnrId, { pickup: current.pickup, dropOff: current.dropOff }, ownToken)
      ).json<CarSearchResponse>();
      const carId = cars[0]?.carId ?? "";
      expect(
        (
          await call(fx.emu, otherTmcToken, "POST", "/v2/car/price-check", {
            searchId,
            carId,
            isModify: true,
          })
        ).statusCode,
      ).toBe(403);
      expect((await cancel(pnrId, { pnrId }, ownToken)).statusCode).toBe(200);
      expect(
        (await call(fx.emu, undefined, "GET", `/v3/trips/${trip.tripId}/pnrs/${pnrId}`)).statusCode,
      ).toBe(401);
    });

    it("blocks deleting a company while it has active car bookings", async () => {
      const companyId = await createCompany(fx.emu, fx.token);
      const trips = new CarAdmin(fx.emu.context).seedTrips(companyId);
      const blocked = await call(fx.emu, fx.token, "DELETE", `/v2/companies/${companyId}`);
      expect(blocked.statusCode).toBe(400);
      expect(message(blocked)).toMatch(/5 active car bookings/);
      for (const trip of trips)
        for (const pnrId of trip.pnrIds) expect((await cancel(pnrId)).statusCode).toBe(200);
      expect((await call(fx.emu, fx.token, "DELETE", `/v2/companies/${companyId}`)).statusCode).toBe(204);
      // The company's trips went with it; the seeded demo trips stay.
      expect(new CarAdmin(fx.emu.context).trips(companyId)).toEqual([]);
      expect(new CarAdmin(fx.emu.context).trips()).toHaveLength(SEEDED_TRIP_IDS.length);
    });
  });

  describe("admin API", () => {
    it("seeds demo trips for a company over HTTP and lists them", async () => {
      const companyId = await createCompany(fx.emu, fx.token);
      const seeded = await fx.emu.app.inject({
        method: "POST",
        url: "/_emulator/car/trips",
        payload: { companyId },
      });
      expect(seeded.statusCode).toBe(201);
      const { trips } = seeded.json<{ trips: { tripId: string; companyId: string; pnrIds: string[] }[] }>();
      expect(trips).toHaveLength(4);
      expect(trips.every((t) => t.companyId === companyId && /^\d{10}$/.test(t.tripId))).toBe(true);
      const listed = await fx.emu.app.inject({
        method: "GET",
        url: `/_emulator/car/trips?companyId=${companyId}`,
      });
      expect(listed.json<{ trips: unknown[] }>().trips).toHaveLength(4);
      const unknown = await fx.emu.app.inject({
        method: "POST",
        url: "/_emulator/car/trips",
        payload: { companyId: "nope" },
      });
      expect(unknown.statusCode).toBe(400);
      expect(errorCode(unknown)).toBe("EMULATOR_ADMIN_INVALID");
    });

    it("restores the seeded trips on reset", async () => {
      expect((await cancel(HERTZ_LAX)).statusCode).toBe(200);
      fx.emu.admin.reset();
      const fresh = await adminToken(fx.emu);
      expect((await booking(CALIFORNIA, HERTZ_LAX, fresh)).pnrStatus).toBe("CONFIRMED");
    });
  });
});
