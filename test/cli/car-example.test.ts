import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCarBooking } from "../../src/car";
import { clearSharedTokens, TravelClient } from "../../src/client";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { ROOT, runNode, travelEnv } from "./harness";

const EXAMPLE = join(ROOT, "examples", "car-modify.ts");

describe("examples/car-modify.ts against the emulator", () => {
  let emu: RunningEmulator;
  let client: TravelClient;
  beforeAll(async () => {
    clearSharedTokens();
    emu = await startEmulator({ logErrors: false });
    client = new TravelClient({
      baseUrl: emu.url,
      credentials: { clientId: emu.bootstrap.clientId, clientSecret: emu.bootstrap.clientSecret },
    });
  });
  afterAll(async () => {
    await client?.close();
    await emu?.close();
  });

  it("changes the seeded booking to an SUV, and runs again on the replacement", async () => {
    const first = await runNode(EXAMPLE, [], travelEnv(emu));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^before: PNR 2000000001 CONFIRMED: Hertz INTERMEDIATE at LAX/m);
    const replacement = /rebooked into PNR (\d{10})/.exec(first.stdout)?.[1];
    expect(replacement, first.stdout).toBeDefined();
    expect(first.stderr).toMatch(/step: price-checked/);
    const booked = await getCarBooking(client, { tripId: "1000000001", pnrId: replacement ?? "" });
    expect(booked).toMatchObject({
      pnrStatus: "CONFIRMED",
      sourcePnrId: "2000000001",
      vehicle: { category: "SUV" },
    });
    expect(booked.pickupLocation.code).toBe("LAX");

    const second = await runNode(EXAMPLE, [], travelEnv(emu));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain(`before: PNR ${replacement} CONFIRMED`);
    expect(second.stdout + second.stderr).not.toContain(emu.bootstrap.clientSecret);
  });

  it("fails with a clear message when it is not configured", async () => {
    const finished = await runNode(EXAMPLE, [], {});
    expect(finished.code).toBe(1);
    expect(finished.stderr).toMatch(/car-modify failed: set TRAVEL_BASE_URL/);
  });
});
