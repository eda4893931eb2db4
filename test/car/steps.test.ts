import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  bookCarChange,
  type CarOption,
  CarChangeError,
  checkPrice,
  getCarBooking,
  getRateDetails,
  priceDifference,
  searchCarChanges,
  selectCar,
} from "../../src/car";
import { type CarTestBed, carTestBed, ROUTES, SEEDED } from "./harness";

const { california, hertzLax } = SEEDED;

describe("car steps against the emulator", () => {
  let bed: CarTestBed;
  beforeEach(async () => {
    bed = await carTestBed();
  });
  afterEach(() => bed.close());

  const searchOriginal = async (extra: Record<string, unknown> = {}) => {
    const booking = await getCarBooking(bed.client, { tripId: california, pnrId: hertzLax });
    return searchCarChanges(bed.client, {
      pnrId: hertzLax,
      pickup: booking.pickup,
      dropOff: booking.dropOff,
      ...extra,
    });
  };

  it("runs each step as one typed call", async () => {
    const booking = await getCarBooking(bed.client, { tripId: california, pnrId: hertzLax });
    expect(booking).toMatchObject({
      tripId: california,
      pnrId: hertzLax,
      pnrStatus: "CONFIRMED",
      vendor: { code: "ZE" },
    });
    expect(booking.cancellationPolicy.penalty).toEqual({
      type: "AMOUNT",
      amount: { amount: 50, currencyCode: "USD" },
    });

    const search = await searchOriginal({
      filters: { vendorCodes: ["ZE"] },
      sortOptions: [{ sortBy: "PRICE", sortOrder: "DESCENDING" }],
    });
    expect(search.cars.every((c) => c.vendor.code === "ZE")).toBe(true);
    expect(search.cars[0]?.vehicle.category).toBe("PREMIUM");
    const car = selectCar(search.cars, { category: "SUV", samePickupLocation: true }) as CarOption;
    expect(car.carId).toBe("ZE-LAX-SFAR");

    const details = await getRateDetails(bed.client, { searchId: search.searchId, carId: car.carId });
    expect(details).toMatchObject({ vendor: { name: "Hertz" }, isFlightNumberMandatoryForPickup: false });
    expect(details.co2Emission).toEqual({ value: 165, unit: "G_PER_KM" });

    const quote = await checkPrice(bed.client, { searchId: search.searchId, carId: car.carId });
    expect(quote).toMatchObject({ hasPriceChanged: false, timeoutSeconds: 600, finalRateInfo: car.rateInfo });

    const booked = await bookCarChange(bed.client, {
      pnrId: hertzLax,
      bookingKey: quote.bookingKey,
      carId: car.carId,
      tripData: { tripId: california, travelers: booking.travelers.map((t) => ({ userId: t.userId })) },
      bookingCharges: { paymentMethod: "PAY_AT_VENDOR" },
    });
    expect(booked).toEqual({
      pnrId: hertzLax,
      sourcePnrId: hertzLax,
      pnrStatus: "CONFIRMED",
      tripId: california,
    });
    expect((await getCarBooking(bed.client, { tripId: california, pnrId: hertzLax })).bookingCharges).toEqual(
      {
        paymentMethod: "PAY_AT_VENDOR",
      },
    );
  });

  it("surfaces the platform's flight-number refusal from bookCarChange", async () => {
    const booking = await getCarBooking(bed.client, { tripId: california, pnrId: hertzLax });
    const search = await searchOriginal({ filters: { vendorCodes: ["SX"] } });
    const car = selectCar(search.cars, { samePickupLocation: true }) as CarOption;
    const quote = await checkPrice(bed.client, { searchId: search.searchId, carId: car.carId });
    const failure = await bookCarChange(bed.client, {
      pnrId: hertzLax,
      bookingKey: quote.bookingKey,
      carId: car.carId,
      tripData: { tripId: california, travelers: [{ userId: booking.travelers[0]?.userId ?? "" }] },
      bookingCharges: booking.bookingCharges,
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      kind: "bad_request",
      status: 400,
      code: "ARRIVAL_FLIGHT_NUMBER_REQUIRED",
    });
  });

  it("rejects bad input before calling the platform, naming the property", async () => {
    bed.mark();
    const cases: [Promise<unknown>, RegExp][] = [
      [
        searchCarChanges(bed.client, {
          pnrId: hertzLax,
          pickup: { locationCode: "LAX", dateTime: "2030-01-01T10:00" },
          dropOff: { locationCode: "LAX", dateTime: "2030-01-03T10:00" },
          renterAge: 12,
        }),
        /^searchCarChanges: renterAge: must be 18 or more$/,
      ],
      [
        searchCarChanges(bed.client, {
          pnrId: "",
          pickup: { locationCode: "LAX", dateTime: "2030-01-01T10:00" },
          dropOff: { locationCode: "LAX", dateTime: "2030-01-03T10:00" },
        }),
        /^searchCarChanges: pnrId: must be a non-empty string$/,
      ],
      [
        getRateDetails(bed.client, { searchId: "", carId: "x" }),
        /^getRateDetails: searchId: must not be empty$/,
      ],
      [checkPrice(bed.client, { searchId: "s", carId: "" }), /^checkPrice: carId: must not be empty$/],
      [
        getCarBooking(bed.client, { tripId: " ", pnrId: hertzLax }),
        /^getCarBooking: tripId: must be a non-empty string$/,
      ],
      [
        bookCarChange(bed.client, {
          pnrId: hertzLax,
          bookingKey: "k",
          carId: "c",
          tripData: { tripId: california, travelers: [{ userId: "u" }] },
          bookingCharges: { paymentMethod: "CREDIT_CARD" },
          arrivalFlightNumber: "late",
        }),
        /^bookCarChange: bookingCharges\.paymentSourceId: is required for paymentMethod CREDIT_CARD; arrivalFlightNumber: must be an IATA flight number/,
      ],
    ];
    for (const [promise, pattern] of cases) {
      const failure = await promise.catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(CarChangeError);
      expect(failure).toMatchObject({ kind: "bad_request", code: "INVALID_REQUEST" });
      expect((failure as Error).message).toMatch(pattern);
    }
    expect(bed.callsSinceMark()).toEqual({});
  });

  it("maps platform 404s to not_found errors", async () => {
    const failure = await getCarBooking(bed.client, { tripId: california, pnrId: "9999999999" }).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ kind: "not_found", status: 404, code: "PNR_NOT_FOUND" });
    expect(bed.callsSinceMark()[ROUTES.booking]).toBe(1);
  });

  it("computes price differences", () => {
    const rate = (amount: number) => ({
      rentalDays: 1,
      dailyRate: { amount, currencyCode: "USD" },
      baseAmount: { amount, currencyCode: "USD" },
      taxesAndFees: { amount: 0, currencyCode: "USD" },
      totalAmount: { amount, currencyCode: "USD" },
    });
    expect(priceDifference(rate(200), rate(230))).toEqual({
      difference: { amount: 30, currencyCode: "USD" },
      percent: 15,
    });
    expect(priceDifference(rate(200), rate(190.1))).toEqual({
      difference: { amount: -9.9, currencyCode: "USD" },
      percent: -5,
    });
  });
});
