/** A booking key of another company is answered exactly like an unknown key: nothing of the other tenant leaks. */
import { describe, expect, it } from "vitest";
import { CarAdmin } from "../../src/emulator/car/admin";
import type { CarBooking, CarPriceCheck, CarSearchResponse } from "../../src/schemas/car";
import { emulatorFixture, useFixture } from "./fixtures";
import { call, createCompany, tokenFor } from "./helpers";

describe("modify-book with another company's bookingKey", () => {
  const fx = useFixture(emulatorFixture, "all");

  /** A company with demo trips, its admin's token, and one of its PNRs with its trip. */
  async function tenant(name: string) {
    const companyId = await createCompany(fx.emu, fx.token, { name });
    const [trip] = new CarAdmin(fx.emu.context).seedTrips(companyId);
    const pnrId = trip?.pnrIds[0];
    if (!trip || !pnrId) throw new Error("no trip seeded");
    const admin = fx.emu.admin.createCompanyAdmin(companyId);
    const token = await tokenFor(fx.emu, admin.clientId, admin.clientSecret);
    const current = await call(fx.emu, token, "GET", `/v3/trips/${trip.tripId}/pnrs/${pnrId}`);
    expect(current.statusCode, current.body).toBe(200);
    return { token, pnrId, booking: current.json<CarBooking>() };
  }

  it("gets 404 BOOKING_KEY_NOT_FOUND, the same answer as a made-up key, naming nothing of the other tenant", async () => {
    const victim = await tenant("Victim");
    const attacker = await tenant("Attacker");
    const searched = await call(fx.emu, victim.token, "POST", `/v2/car/pnrs/${victim.pnrId}/modify-search`, {
      pickup: victim.booking.pickup,
      dropOff: victim.booking.dropOff,
    });
    expect(searched.statusCode, searched.body).toBe(200);
    const { searchId, cars } = searched.json<CarSearchResponse>();
    const carId = cars[0]?.carId ?? "";
    const quote = await call(fx.emu, victim.token, "POST", "/v2/car/price-check", {
      searchId,
      carId,
      isModify: true,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const { bookingKey } = quote.json<CarPriceCheck>();

    const attempt = (key: string) =>
      call(fx.emu, attacker.token, "POST", `/v2/car/pnrs/${attacker.pnrId}/modify-book`, {
        bookingKey: key,
        carId,
        tripData: {
          tripId: attacker.booking.tripId,
          travelers: attacker.booking.travelers.map((t) => ({ userId: t.userId })),
        },
        bookingCharges: attacker.booking.bookingCharges,
        ...(attacker.booking.arrivalFlightNumber
          ? { arrivalFlightNumber: attacker.booking.arrivalFlightNumber }
          : {}),
      });
    const stolen = await attempt(bookingKey);
    const madeUp = await attempt(`${bookingKey.slice(0, -4)}zzzz`);
    expect(stolen.statusCode).toBe(404);
    const codeAndMessage = (body: string, key: string) => {
      const parsed = JSON.parse(body) as { errorMessages: { errorCode: string; message: string }[] };
      return parsed.errorMessages.map((m) => ({ ...m, message: m.message.replace(key, "<key>") }));
    };
    expect(codeAndMessage(stolen.body, bookingKey)).toEqual(
      codeAndMessage(madeUp.body, `${bookingKey.slice(0, -4)}zzzz`),
    );
    expect(codeAndMessage(stolen.body, bookingKey)[0]?.errorCode).toBe("BOOKING_KEY_NOT_FOUND");
    expect(stolen.body).not.toContain(victim.pnrId);
    expect(stolen.body).not.toContain(searchId);

    // The key still works for its own company.
    const own = await call(fx.emu, victim.token, "POST", `/v2/car/pnrs/${victim.pnrId}/modify-book`, {
      bookingKey,
      carId,
      tripData: {
        tripId: victim.booking.tripId,
        travelers: victim.booking.travelers.map((t) => ({ userId: t.userId })),
      },
      bookingCharges: victim.booking.bookingCharges,
      ...(victim.booking.arrivalFlightNumber
        ? { arrivalFlightNumber: victim.booking.arrivalFlightNumber }
        : {}),
    });
    expect(own.statusCode, own.body).toBe(200);
  });
});
