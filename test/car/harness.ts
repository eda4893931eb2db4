/** A live emulator, a client of its bootstrap TMC admin and the seeded car ids, for car module tests. */
import type { TravelClient } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { CarAdmin } from "../../src/emulator/car/admin";
import { clientFor, liveEmulator } from "../support/live-emulator";

/** Seeded trips and PNRs (see docs/car.md). */
export const SEEDED = {
  california: "1000000001",
  hertzLax: "2000000001", // Hertz, LAX, prepaid, modifies in place, flight UA123
  budgetSfo: "2000000002", // Budget, San Francisco downtown, pay at vendor, rebooks
  newYork: "1000000002",
  avisNyc: "2000000003", // Avis, Manhattan, deadline already passed
  london: "1000000003",
  sixtLhr: "2000000004",
} as const;

/** Everything a car test needs. */
export interface CarTestBed {
  emu: RunningEmulator;
  client: TravelClient;
  carAdmin: CarAdmin;
  /** Calls per route since the last {@link CarTestBed.mark}. */
  callsSinceMark(): Record<string, number>;
  mark(): void;
  close(): Promise<void>;
}

/** Starts an emulator and a client with fast retries. */
export async function carTestBed(): Promise<CarTestBed> {
  const emu = await liveEmulator();
  const client = clientFor(emu);
  let seq = emu.admin.lastRequestSeq;
  return {
    emu,
    client,
    carAdmin: new CarAdmin(emu.context),
    callsSinceMark: () => {
      const counts = emu.admin.requestCounts(seq);
      delete counts["POST /v2/auth/oauth2-token"];
      return counts;
    },
    mark: () => {
      seq = emu.admin.lastRequestSeq;
    },
    close: async () => {
      await client.close();
      await emu.close();
    },
  };
}

/** Route names of the car steps, as the request log counts them. */
export const ROUTES = {
  booking: "GET /v3/trips/:tripId/pnrs/:pnrId",
  search: "POST /v2/car/pnrs/:pnrId/modify-search",
  rateDetails: "POST /v2/car/rate-details",
  priceCheck: "POST /v2/car/price-check",
  book: "POST /v2/car/pnrs/:pnrId/modify-book",
  cancel: "POST /v2/car/pnrs/:pnrId/cancel-pnr",
} as const;
