import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CarBooking, CarSearchResponse } from "../../src/car";
import { clearSharedTokens } from "../../src/client";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { CarAdmin } from "../../src/emulator/car/admin";
import { CLI, type Finished, runNode, travelEnv } from "./harness";

const TRIP = "1000000001";
const HERTZ_LAX = "2000000001";
const BUDGET_SFO = "2000000002";
const LONDON = "1000000003";
const SIXT_LHR = "2000000004";
const NEW_YORK = "1000000002";
const AVIS_NYC = "2000000003";

/** `car <command> --trip <tripId> --pnr <pnrId>` followed by the space-separated `options`. */
function carArgs(command: string, tripId: string, pnrId: string, options = ""): string[] {
  return ["car", command, "--trip", tripId, "--pnr", pnrId, ...options.split(" ").filter((o) => o !== "")];
}

describe("pulumi-travel car (the CLI against the emulator)", () => {
  let emu: RunningEmulator;
  let carAdmin: CarAdmin;
  beforeAll(async () => {
    clearSharedTokens();
    emu = await startEmulator({ logErrors: false });
    carAdmin = new CarAdmin(emu.context);
  });
  afterAll(() => emu?.close());
  beforeEach(() => emu.admin.reset());

  /** Runs the CLI and checks that no secret reached its output. */
  const cli = async (
    args: string[],
    options: { input?: string; env?: Record<string, string | undefined> } = {},
  ) => {
    const finished = await runNode(CLI, args, { ...travelEnv(emu), ...options.env }, options.input);
    expect(finished.stdout + finished.stderr).not.toContain(emu.bootstrap.clientSecret);
    expect(finished.stdout + finished.stderr).not.toMatch(/Bearer\s+emu\./);
    return finished;
  };
  const json = <T>(finished: Finished): T => JSON.parse(finished.stdout) as T;
  const booking = async (tripId: string, pnrId: string) =>
    json<CarBooking>(await cli(carArgs("show", tripId, pnrId, "--json")));

  it("documents the subcommands and exit codes in --help", async () => {
    const help = await cli(["car", "--help"]);
    expect(help.code).toBe(0);
    for (const word of [
      "show",
      "search",
      "modify",
      "cancel",
      "Exit codes:",
      "7  declined",
      "TRAVEL_BASE_URL",
    ]) {
      expect(help.stdout).toContain(word);
    }
    const modify = await cli(["car", "modify", "--help"]);
    expect(modify.stdout).toMatch(/--accept-price-change/);
    expect(modify.stdout).toMatch(/3 {2}refused by the platform/);
  });

  it("shows a booking as JSON for scripts and as text for people", async () => {
    const shown = await booking(TRIP, HERTZ_LAX);
    expect(shown).toMatchObject({
      pnrId: HERTZ_LAX,
      tripId: TRIP,
      pnrStatus: "CONFIRMED",
      vendor: { code: "ZE" },
    });
    expect(shown.cancellationPolicy.penalty).toEqual({
      type: "AMOUNT",
      amount: { amount: 50, currencyCode: "USD" },
    });
    const text = await cli(carArgs("show", TRIP, HERTZ_LAX));
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^status\s+CONFIRMED, version 1$/m);
    expect(text.stdout).toContain(
      `free until ${shown.cancellationPolicy.deadline}; after that a penalty of USD 50.00`,
    );
  });

  it("searches with filters and sort, defaulting to the booking's places and times", async () => {
    const found = await cli(carArgs("search", TRIP, HERTZ_LAX, "--vendor ze,zi --sort price:desc --json"));
    expect(found.code).toBe(0);
    const result = json<CarSearchResponse>(found);
    expect(result.cars.length).toBeGreaterThan(0);
    expect(new Set(result.cars.map((c) => c.vendor.code))).toEqual(new Set(["ZE", "ZI"]));
    const totals = result.cars.map((c) => c.rateInfo.totalAmount.amount);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const table = await cli(carArgs("search", TRIP, HERTZ_LAX, "--category SUV"));
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^CAR ID\s+VENDOR\s+CATEGORY/m);
    expect(table.stdout).toMatch(
      /^ZE-LAX-SFAR\s+Hertz\s+SUV\s+Toyota RAV4 or similar\s+LAX\s+yes\s+LAX\s+USD \d+\.\d\d$/m,
    );
  });

  it("modifies a booking with --yes, printing progress on stderr and the result as JSON", async () => {
    const done = await cli(
      carArgs("modify", TRIP, HERTZ_LAX, "--vendor ZE --category SUV --same-location --yes --json"),
    );
    expect(done.code, done.stderr).toBe(0);
    const result = json<Record<string, unknown>>(done);
    expect(result).toMatchObject({
      outcome: "booked",
      pnrId: HERTZ_LAX,
      replaced: false,
      car: { carId: "ZE-LAX-SFAR" },
    });
    expect(done.stderr).toMatch(/^> searched: \d+ cars/m);
    expect(done.stderr).toMatch(/^> booked: PNR 2000000001 modified in place$/m);
    expect((await booking(TRIP, HERTZ_LAX)).vehicle?.category).toBe("SUV");
  });

  it("exits 7 when the price changed and was not accepted, and books with --accept-price-change", async () => {
    carAdmin.queuePriceChange({ percent: 10, vendorCode: "ZE", count: 2 });
    const args = carArgs(
      "modify",
      TRIP,
      HERTZ_LAX,
      "--vendor ZE --category SUV --same-location --yes --json --quiet",
    );
    const rejected = await cli(args);
    expect(rejected.code).toBe(7);
    expect(json(rejected)).toMatchObject({ outcome: "price-change-rejected" });
    expect(rejected.stderr).toMatch(
      /the price changed \(USD [\d.]+ → USD [\d.]+ \(\+10%\)\) and was not accepted; nothing was booked/,
    );
    expect((await booking(TRIP, HERTZ_LAX)).pnrVersion).toBe(1);

    const accepted = await cli([...args, "--accept-price-change"]);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(json(accepted)).toMatchObject({ outcome: "booked", priceChanged: true });
  });

  it("asks before booking and before accepting a price change, reading answers from stdin", async () => {
    carAdmin.queuePriceChange({ percent: 5, vendorCode: "SX" });
    const args = carArgs(
      "modify",
      LONDON,
      SIXT_LHR,
      "--vendor SX --category SUV --same-location --json --quiet",
    );
    const declined = await cli(args, { input: "y\nn\n" });
    expect(declined.code).toBe(7);
    expect(declined.stderr).toMatch(/The price changed: .*\(\+5%\)\. Accept it\? \[y\/N\]/);
    expect(declined.stderr).toMatch(/Change PNR 2000000004 .* for GBP [\d.]+\? \[y\/N\]/);
    expect(json(declined)).toMatchObject({ outcome: "declined" });

    const confirmed = await cli(args, { input: "y\n" });
    expect(confirmed.code, confirmed.stderr).toBe(0);
    expect(json(confirmed)).toMatchObject({ outcome: "booked", pnrId: SIXT_LHR });
  });

  it("refuses a car that needs a flight number the booking lacks (exit 3)", async () => {
    const sixtAtTheAirport = "--pickup SFO --car SX-SFO-IDAH --yes --json --quiet";
    const refused = await cli(carArgs("modify", TRIP, BUDGET_SFO, sixtAtTheAirport));
    expect(refused.code).toBe(3);
    expect(json(refused)).toMatchObject({
      error: { code: "ARRIVAL_FLIGHT_NUMBER_REQUIRED", kind: "bad_request" },
    });
    const booked = await cli(carArgs("modify", TRIP, BUDGET_SFO, `${sixtAtTheAirport} --flight AA100`));
    expect(booked.code, booked.stderr).toBe(0);
    expect(json(booked)).toMatchObject({
      outcome: "booked",
      replaced: true,
      car: { pickupLocation: { code: "SFO" } },
    });
  });

  it("cancels with --yes, and exits 3 with the errorCode when cancelling twice", async () => {
    const first = await cli(carArgs("cancel", TRIP, HERTZ_LAX, "--yes --json"));
    expect(first.code, first.stderr).toBe(0);
    expect(json(first)).toMatchObject({
      outcome: "cancelled",
      pnrStatus: "CANCELLED",
      confirmationId: expect.stringMatching(/^ZE-CXL-\d{8}$/),
      refund: { status: "INITIATED" },
    });
    const second = await cli(carArgs("cancel", TRIP, HERTZ_LAX, "--yes --json"));
    expect(second.code).toBe(3);
    expect(json(second)).toMatchObject({
      error: { kind: "conflict", status: 409, code: "PNR_ALREADY_CANCELLED" },
    });
    expect(second.stderr).toMatch(/^pulumi-travel: .*PNR_ALREADY_CANCELLED/m);
  });

  it("exits 3 when cancelling a PNR that a modification replaced", async () => {
    const modified = await cli(carArgs("modify", TRIP, BUDGET_SFO, "--vendor ZD --yes --json --quiet"));
    const { pnrId } = json<{ pnrId: string }>(modified);
    expect(pnrId).not.toBe(BUDGET_SFO);
    const refused = await cli(carArgs("cancel", TRIP, BUDGET_SFO, "--yes --json"));
    expect(refused.code).toBe(3);
    expect(json(refused)).toMatchObject({ error: { code: "PNR_REPLACED" } });
    expect(refused.stderr).toContain(`cancel PNR ${pnrId} instead`);
  });

  it("asks before cancelling; no or end of input exits 7 and changes nothing", async () => {
    for (const input of ["n\n", ""]) {
      const declined = await cli(carArgs("cancel", TRIP, HERTZ_LAX), { input });
      expect(declined.code).toBe(7);
      expect(declined.stderr).toMatch(
        /^Cancelling now is free until \S+; after that it costs a penalty of USD 50\.00; USD [\d.]+ is refunded\.\nCancel PNR 2000000001 \(Hertz, .*\)\? \[y\/N\]/m,
      );
      expect(declined.stdout).toBe("");
    }
    expect((await booking(TRIP, HERTZ_LAX)).pnrStatus).toBe("CONFIRMED");
    const yes = await cli(carArgs("cancel", TRIP, HERTZ_LAX), { input: "yes\n" });
    expect(yes.code, yes.stderr).toBe(0);
    expect(yes.stdout).toMatch(/^cancellation number\s+ZE-CXL-\d{8}$/m);
  });

  it("shows the penalty that cancelling now would charge, in money, once the deadline has passed", async () => {
    const avis = await booking(NEW_YORK, AVIS_NYC);
    const total = avis.rateInfo.totalAmount.amount;
    const penalty = (Math.round(total * 20) / 100).toFixed(2);
    const declined = await cli(carArgs("cancel", NEW_YORK, AVIS_NYC, "--json"), { input: "n\n" });
    expect(declined.code).toBe(7);
    expect(declined.stderr).toContain(
      `The free-cancellation deadline (${avis.cancellationPolicy.deadline}) has passed: cancelling now costs a penalty of USD ${penalty} (20% of the total), and USD ${(total - Number(penalty)).toFixed(2)} is refunded.`,
    );
    expect(json(declined)).toMatchObject({
      outcome: "declined",
      costNow: { deadlinePassed: true, penalty: { amount: Number(penalty), currencyCode: "USD" } },
    });
    const cancelled = await cli(carArgs("cancel", NEW_YORK, AVIS_NYC, "--json"), { input: "y\n" });
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(json(cancelled)).toMatchObject({ penalty: { amount: Number(penalty), currencyCode: "USD" } });
  });

  it("says before confirming that a change of vendor cancels the PNR and books a new one", async () => {
    const args = carArgs("modify", TRIP, HERTZ_LAX, "--vendor ZD --category SUV --json");
    const declined = await cli(args, { input: "n\n" });
    expect(declined.code).toBe(7);
    expect(declined.stderr).toMatch(
      /^> this cancels PNR 2000000001 with Hertz and books a new one with Budget$[\s\S]*^This cancels PNR 2000000001 with Hertz and books a new one with Budget\.\nChange PNR 2000000001 \(Hertz, USD [\d.]+\) to Budget SUV, .*\? \[y\/N\]/m,
    );
    expect((await booking(TRIP, HERTZ_LAX)).pnrStatus).toBe("CONFIRMED");

    const sameVendor = await cli(carArgs("modify", TRIP, HERTZ_LAX, "--vendor ZE --category SUV --json"), {
      input: "n\n",
    });
    expect(sameVendor.code).toBe(7);
    expect(sameVendor.stderr).toMatch(/^Change PNR 2000000001 \(Hertz, USD [\d.]+\) to Hertz SUV/m);
    expect(sameVendor.stderr).not.toContain("this cancels PNR");

    const booked = await cli(args, { input: "y\n" });
    expect(booked.code, booked.stderr).toBe(0);
    expect(json(booked)).toMatchObject({ outcome: "booked", replaced: true, sourcePnrId: HERTZ_LAX });
  });

  it("lists the caller's trips with their car PNRs, replaced ones included", async () => {
    const modified = await cli(carArgs("modify", TRIP, BUDGET_SFO, "--vendor ZI --yes --json --quiet"));
    expect(modified.code, modified.stderr).toBe(0);
    const { pnrId: replacement } = json<{ pnrId: string }>(modified);

    const listed = await cli(["car", "trips", "--json"]);
    expect(listed.code, listed.stderr).toBe(0);
    const { trips } = json<{ trips: { tripId: string; carPnrs: { pnrId: string; pnrStatus: string }[] }[] }>(
      listed,
    );
    expect(trips.map((trip) => trip.tripId)).toEqual(expect.arrayContaining([TRIP, NEW_YORK, LONDON]));
    expect(trips.find((trip) => trip.tripId === TRIP)?.carPnrs).toMatchObject([
      { pnrId: HERTZ_LAX, pnrStatus: "CONFIRMED" },
      { pnrId: BUDGET_SFO, pnrStatus: "REPLACED", replacedByPnrId: replacement },
      { pnrId: replacement, pnrStatus: "CONFIRMED" },
    ]);

    const table = await cli(["car", "trips"]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^\d+ trips, \d+ car PNRs$/m);
    expect(table.stdout).toMatch(
      /^TRIP\s+NAME\s+TRAVELERS\s+CAR PNR\s+STATUS\s+VENDOR\s+PICKUP\s+PICKUP AT$/m,
    );
    expect(table.stdout).toMatch(
      new RegExp(
        `^${TRIP}\\s+Customer visit, California\\s+Ada Lovelace\\s+${BUDGET_SFO}\\s+REPLACED by ${replacement}\\s+Budget `,
        "m",
      ),
    );

    const unconfigured = await cli(["car", "trips"], { env: { TRAVEL_CLIENT_ID: undefined } });
    expect(unconfigured.code).toBe(2);
    expect(unconfigured.stderr).toMatch(/^pulumi-travel: .*TRAVEL_CLIENT_ID/m);
    expect(unconfigured.stderr).not.toMatch(/travel:(baseUrl|clientId|clientSecret|accessToken)/);
  });

  it("maps failures to exit codes scripts can rely on", async () => {
    const notFound = await cli(carArgs("show", TRIP, "9999999999", "--json"));
    expect(notFound.code).toBe(5);
    expect(json(notFound)).toMatchObject({ error: { code: "PNR_NOT_FOUND", status: 404 } });

    const noMatch = await cli(carArgs("modify", TRIP, HERTZ_LAX, "--car QQ-LAX-EDAR --yes"));
    expect(noMatch.code).toBe(5);
    expect(noMatch.stderr).toMatch(/NO_MATCHING_CAR|matches carId=QQ-LAX-EDAR/);

    const badCredentials = await cli(carArgs("show", TRIP, HERTZ_LAX), {
      env: { TRAVEL_CLIENT_SECRET: "not-the-secret-at-all" },
    });
    expect(badCredentials.code).toBe(4);
    expect(badCredentials.stderr).not.toContain("not-the-secret-at-all");

    const unconfigured = await cli(carArgs("show", TRIP, HERTZ_LAX), {
      env: { TRAVEL_BASE_URL: undefined },
    });
    expect(unconfigured.code).toBe(2);
    expect(unconfigured.stderr).toMatch(/TRAVEL_BASE_URL: is required/);
    expect(unconfigured.stderr).not.toContain("travel:baseUrl");

    const missingOption = await cli(["car", "show", "--trip", TRIP]);
    expect(missingOption.code).toBe(2);
    expect(missingOption.stderr).toMatch(/--pnr <pnrId>/);

    const badNumber = await cli(carArgs("search", TRIP, HERTZ_LAX, "--renter-age old"));
    expect(badNumber.code).toBe(2);
    expect(badNumber.stderr).toMatch(/--renter-age must be a number, got old/);

    const rejectedInput = await cli(carArgs("search", TRIP, HERTZ_LAX, "--renter-age 12 --json"));
    expect(rejectedInput.code).toBe(2);
    expect(json(rejectedInput)).toMatchObject({
      error: { kind: "usage", message: "searchCarChanges: renterAge: must be 18 or more" },
    });

    const refusedByPlatform = await cli(carArgs("search", TRIP, HERTZ_LAX, "--pickup XYZ"));
    expect(refusedByPlatform.code).toBe(3);
    expect(refusedByPlatform.stderr).toMatch(/pickup\.locationCode: unknown location XYZ/);
  });
});
