/**
 * Changes a car booking with the car module, no Pulumi involved: reads the booking, searches
 * replacement cars, takes the cheapest SUV at the same pickup location, accepts a price rise of at
 * most 10 %, books it on the same trip and prints the new booking.
 *
 *   pulumi-travel emulator --port 0 --json     # prints url, clientId and clientSecret
 *   TRAVEL_BASE_URL=http://127.0.0.1:<port> TRAVEL_CLIENT_ID=<id> TRAVEL_CLIENT_SECRET=<secret> \
 *     node dist/examples/car-modify.js
 *
 * TRAVEL_TRIP_ID and TRAVEL_PNR_ID choose the booking (default: the emulator's seeded Hertz
 * booking at LAX). A PNR that an earlier run replaced is followed to its replacement, so the
 * example can run again and again.
 */
import {
  type CarBooking,
  getCarBooking,
  type Money,
  modifyCarBooking,
  priceDifference,
} from "pulumi-travel/car";
import { TravelClient } from "pulumi-travel/client";

function env(name: string, fallback?: string): string {
  const value = process.env[name] ?? fallback;
  if (value === undefined || value === "") throw new Error(`set ${name}`);
  return value;
}

function money(value: Money): string {
  return `${value.currencyCode} ${value.amount.toFixed(2)}`;
}

function describe(booking: CarBooking): string {
  return `PNR ${booking.pnrId} ${booking.pnrStatus}: ${booking.vendor.name} ${booking.vehicle?.category ?? ""} at ${booking.pickupLocation.code}, ${money(booking.rateInfo.totalAmount)}`;
}

async function main(): Promise<void> {
  const client = new TravelClient({
    baseUrl: env("TRAVEL_BASE_URL"),
    credentials: { clientId: env("TRAVEL_CLIENT_ID"), clientSecret: env("TRAVEL_CLIENT_SECRET") },
  });
  try {
    const tripId = env("TRAVEL_TRIP_ID", "1000000001");
    let booking = await getCarBooking(client, { tripId, pnrId: env("TRAVEL_PNR_ID", "2000000001") });
    while (booking.pnrStatus === "REPLACED" && booking.replacedByPnrId !== undefined) {
      booking = await getCarBooking(client, { tripId, pnrId: booking.replacedByPnrId });
    }
    console.log(`before: ${describe(booking)}`);

    const result = await modifyCarBooking(client, {
      tripId,
      pnrId: booking.pnrId,
      filters: { categories: ["SUV"] },
      select: { samePickupLocation: true },
      acceptPriceChange: (oldRate, newRate) => priceDifference(oldRate, newRate).percent <= 10,
      onProgress: (event) => console.error(`  step: ${event.type}`),
    });
    if (result.outcome !== "booked") {
      console.log(`not booked: ${result.outcome}`);
      process.exitCode = 7;
      return;
    }
    const after = await getCarBooking(client, { tripId, pnrId: result.pnrId });
    console.log(`after:  ${describe(after)}`);
    console.log(
      result.replaced
        ? `the supplier cancelled PNR ${result.sourcePnrId} and rebooked into PNR ${result.pnrId}`
        : `PNR ${result.pnrId} was modified in place`,
    );
    console.log(`free cancellation until ${after.cancellationPolicy.deadline}`);
  } finally {
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(`car-modify failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
