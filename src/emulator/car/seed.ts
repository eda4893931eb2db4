/**
 * Demo trips with car PNRs across vendors and locations. Every seeded emulator gets the set with
 * fixed ids ({@link SEEDED_TRIP_IDS}) on the TMC's own company record, so no extra company shows
 * up in company listings; the admin API seeds the same set with fresh ids for any company.
 * Dates are relative to the emulator clock at seeding time.
 */
import { randomUUID } from "node:crypto";
import type { BookingCharges, CarCategory } from "../../schemas/car";
import { carIdOf } from "./catalog";
import { newNumericId, newVendorConfirmation } from "./ids";
import { pricingInputsOfPnr, quoteRate } from "./pricing";
import { type CarPnrRecord, carCollections, type TripRecord } from "./records";
import type { EmulatorContext } from "../context";

interface DemoPnr {
  pnrId: string;
  vendorCode: string;
  category: CarCategory;
  pickupLocationCode: string;
  dropOffLocationCode: string;
  /** Pickup is this many days from now, at `pickupHour` UTC. */
  startInDays: number;
  pickupHour: number;
  rentalDays: number;
  bookingCharges: BookingCharges;
  arrivalFlightNumber?: string;
}

interface DemoTrip {
  tripId: string;
  name: string;
  traveler: { userId: string; name: string };
  pnrs: DemoPnr[];
}

const DEMO_TRIPS: readonly DemoTrip[] = [
  {
    tripId: "1000000001",
    name: "Customer visit, California",
    traveler: { userId: "5b0c7f3e-1d2a-4c55-9a61-0f7d1e2a3b01", name: "Ada Lovelace" },
    pnrs: [
      {
        pnrId: "2000000001",
        vendorCode: "ZE",
        category: "INTERMEDIATE",
        pickupLocationCode: "LAX",
        dropOffLocationCode: "LAX",
        startInDays: 14,
        pickupHour: 10,
        rentalDays: 3,
        bookingCharges: { paymentMethod: "CREDIT_CARD", paymentSourceId: "card-visa-4242" },
        arrivalFlightNumber: "UA123",
      },
      {
        pnrId: "2000000002",
        vendorCode: "ZD",
        category: "ECONOMY",
        pickupLocationCode: "SFOC01",
        dropOffLocationCode: "SFOC01",
        startInDays: 17,
        pickupHour: 9,
        rentalDays: 2,
        bookingCharges: { paymentMethod: "PAY_AT_VENDOR" },
      },
    ],
  },
  {
    tripId: "1000000002",
    name: "Sales kickoff, New York",
    traveler: { userId: "5b0c7f3e-1d2a-4c55-9a61-0f7d1e2a3b02", name: "Grace Hopper" },
    pnrs: [
      {
        // Picked up within Avis's 48-hour window: its free cancellation has already ended.
        pnrId: "2000000003",
        vendorCode: "ZI",
        category: "SUV",
        pickupLocationCode: "NYCC01",
        dropOffLocationCode: "NYCC01",
        startInDays: 1,
        pickupHour: 18,
        rentalDays: 4,
        bookingCharges: { paymentMethod: "CENTRAL_CARD", paymentSourceId: "central-card-amex-1001" },
      },
    ],
  },
  {
    tripId: "1000000003",
    name: "Partner workshop, London",
    traveler: { userId: "5b0c7f3e-1d2a-4c55-9a61-0f7d1e2a3b03", name: "Alan Turing" },
    pnrs: [
      {
        pnrId: "2000000004",
        vendorCode: "SX",
        category: "COMPACT",
        pickupLocationCode: "LHR",
        dropOffLocationCode: "LHR",
        startInDays: 10,
        pickupHour: 8,
        rentalDays: 4,
        bookingCharges: { paymentMethod: "VIRTUAL_CARD", paymentSourceId: "virtual-card-7781" },
        arrivalFlightNumber: "BA286",
      },
    ],
  },
  {
    tripId: "1000000004",
    name: "Conference, Paris",
    traveler: { userId: "5b0c7f3e-1d2a-4c55-9a61-0f7d1e2a3b04", name: "Katherine Johnson" },
    pnrs: [
      {
        pnrId: "2000000005",
        vendorCode: "ET",
        category: "ECONOMY",
        pickupLocationCode: "PARC01",
        dropOffLocationCode: "CDG",
        startInDays: 21,
        pickupHour: 12,
        rentalDays: 5,
        bookingCharges: { paymentMethod: "PAY_AT_VENDOR" },
      },
    ],
  },
];

/** Trip and PNR ids of the set every emulator is seeded with. */
export const SEEDED_TRIP_IDS: readonly { tripId: string; pnrIds: string[] }[] = DEMO_TRIPS.map((t) => ({
  tripId: t.tripId,
  pnrIds: t.pnrs.map((p) => p.pnrId),
}));

/** A seeded trip: its id, name, owning company and PNR ids. */
export interface SeededTrip {
  tripId: string;
  name: string;
  companyId: string;
  pnrIds: string[];
}

/** `YYYY-MM-DDTHH:mm` of the day `days` after `nowMs`, at `hour`. */
function localDateTime(nowMs: number, days: number, hour: number): string {
  const date = new Date(nowMs + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString().slice(0, 16);
}

/**
 * Writes the demo trips for `companyId`. With `fixedIds` they keep the ids of
 * {@link SEEDED_TRIP_IDS} (the default seed); otherwise every trip, PNR and traveler id is new.
 */
export function seedDemoTrips(ctx: EmulatorContext, companyId: string, fixedIds = false): SeededTrip[] {
  const { trips, pnrs } = carCollections(ctx.store);
  const now = ctx.clock.now();
  return DEMO_TRIPS.map((demo) => {
    const tripId = fixedIds ? demo.tripId : newNumericId((id) => trips.has(id));
    const traveler = fixedIds ? demo.traveler : { ...demo.traveler, userId: randomUUID() };
    const pnrIds = demo.pnrs.map((spec) => {
      const pnrId = fixedIds ? spec.pnrId : newNumericId((id) => pnrs.has(id));
      const pickupAt = localDateTime(now, spec.startInDays, spec.pickupHour);
      const where = {
        vendorCode: spec.vendorCode,
        category: spec.category,
        pickup: { locationCode: spec.pickupLocationCode, dateTime: pickupAt },
        dropOff: {
          locationCode: spec.dropOffLocationCode,
          dateTime: localDateTime(now, spec.startInDays + spec.rentalDays, spec.pickupHour),
        },
      };
      const record: CarPnrRecord = {
        ...where,
        pnrId,
        tripId,
        pnrVersion: 1,
        status: "CONFIRMED",
        carId: carIdOf(spec.vendorCode, spec.pickupLocationCode, spec.category),
        rate: quoteRate(pricingInputsOfPnr(where)),
        travelers: [traveler],
        bookingCharges: spec.bookingCharges,
        arrivalFlightNumber: spec.arrivalFlightNumber,
        vendorConfirmationNumber: newVendorConfirmation(spec.vendorCode),
        createdAtMs: now,
        updatedAtMs: now,
      };
      pnrs.set(pnrId, record);
      return pnrId;
    });
    const trip: TripRecord = {
      tripId,
      companyId,
      name: demo.name,
      travelers: [traveler],
      pnrIds,
      createdAtMs: now,
    };
    trips.set(tripId, trip);
    return { tripId, name: demo.name, companyId, pnrIds };
  });
}

/** Seeds the fixed demo trips on the TMC's own company record; called by `applySeed`. */
export function seedCarTrips(ctx: EmulatorContext, tmcId: string): void {
  seedDemoTrips(ctx, tmcId, true);
}
