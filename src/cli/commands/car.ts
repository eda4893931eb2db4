/**
 * `pulumi-travel car trips|show|search|modify|cancel`: car booking changes from scripts and runbooks.
 * Tables by default, `--json` for scripts (stdout holds only the JSON document; progress and
 * prompts go to stderr), a confirmation prompt before booking or cancelling unless `--yes`, and
 * the exit codes of {@link CAR_EXITS}. Configured by the `TRAVEL_*` environment variables.
 */
import type { Command } from "commander";
import {
  CarChangeError,
  type CarCriteria,
  type CarModifySearchRequest,
  type CarSortOption,
  type CarBooking,
  cancelCarBooking,
  changeImpact,
  changeImpactText,
  getCarBooking,
  listTrips,
  modifyCarBooking,
  quoteCancellation,
  type SearchOverrides,
  searchCarChanges,
  searchPlacesFor,
} from "../../car";
import { redactText, type TravelClient } from "../../client";
import {
  cancelQuestion,
  changeQuestion,
  formatBooking,
  formatCancelResult,
  formatModifyResult,
  formatProgress,
  formatSearch,
  formatTrips,
  priceChangeQuestion,
  priceChangeText,
} from "../car-output";
import { clientFromEnv } from "../client-from-env";
import { type CommandExits, exitCodesHelp } from "../exit-codes";
import { Prompter } from "../prompt";
import { CliError, UsageError } from "../cli-error";

/** Thrown when the user (or the price policy) declined; exit code 7 (`declined`). */
export class DeclinedError extends CliError {
  constructor(message: string) {
    super("declined", message);
    this.name = "DeclinedError";
  }
}

/** The exit codes every `car` command can return, in the car commands' own words. */
export const CAR_EXITS: CommandExits = [
  ["ok", "done: listed, shown, searched, booked or cancelled"],
  "failure",
  ["usage", "wrong usage, missing TRAVEL_* configuration, or input rejected before any call"],
  [
    "refused",
    "refused by the platform, such as PNR_ALREADY_CANCELLED, PNR_REPLACED,\nBOOKING_KEY_EXPIRED (the price hold expired twice) or ARRIVAL_FLIGHT_NUMBER_REQUIRED",
  ],
  "auth",
  ["notFound", "not found: an unknown trip or PNR, or no car matches the selection"],
  "unavailable",
  ["declined", "declined at the prompt, or the price changed and was not accepted; nothing was changed"],
];

/** The car-specific reading of the exit codes, shown by every `car` command's `--help`. */
export const CAR_EXIT_CODES_HELP = `${exitCodesHelp(CAR_EXITS)}

Configuration: TRAVEL_BASE_URL, TRAVEL_CLIENT_ID and TRAVEL_CLIENT_SECRET (or TRAVEL_ACCESS_TOKEN).
With --json, stdout holds one JSON document: the result, or {"error":{...}} on failure
(command-line usage errors are reported on stderr only).`;

interface BookingOptions {
  trip: string;
  pnr: string;
  json?: boolean;
}

interface SearchOptions extends BookingOptions {
  pickup?: string;
  pickupAt?: string;
  dropOff?: string;
  dropOffAt?: string;
  vendor?: string;
  category?: string;
  transmission?: string;
  maxTotal?: string;
  sort?: string;
  renterAge?: string;
  loyaltyCode?: string;
}

interface ModifyOptions extends SearchOptions {
  car?: string;
  sameLocation?: boolean;
  flight?: string;
  acceptPriceChange?: boolean;
  yes?: boolean;
  quiet?: boolean;
}

interface CancelOptions extends BookingOptions {
  yes?: boolean;
}

interface TripsOptions {
  company?: string;
  json?: boolean;
}

const SORT_KEYS: Record<string, CarSortOption["sortBy"]> = {
  price: "PRICE",
  vendor: "VENDOR",
  category: "CATEGORY",
};

/** Registers `car` and its subcommands. */
export function registerCarCommand(program: Command): void {
  const car = program
    .command("car")
    .description("change and cancel car bookings (search, price, book, cancel) on the platform")
    .addHelpText("after", CAR_EXIT_CODES_HELP);
  registerLookups(car);
  registerModify(car);
  registerCancel(car);
}

/** `car trips`, `car show` and `car search`: read-only commands. */
function registerLookups(car: Command): void {
  car
    .command("trips")
    .description("list the trips you may manage with their car PNRs (replaced and cancelled ones too)")
    .option("--company <companyId>", "only the trips of this company")
    .option("--json", "print one JSON document on stdout, for scripts")
    .addHelpText("after", CAR_EXIT_CODES_HELP)
    .action(async (options: TripsOptions) => {
      await run(options, async (client) => {
        const trips = await listTrips(
          client,
          options.company === undefined ? {} : { companyId: options.company },
        );
        print(options, { trips }, () => formatTrips(trips));
      });
    });

  withBookingOptions(car.command("show"))
    .description("show a car PNR: status, car, rate, cancellation deadline and penalty")
    .action(async (options: BookingOptions) => {
      await run(options, async (client) => {
        const booking = await getCarBooking(client, { tripId: options.trip, pnrId: options.pnr });
        print(options, booking, () => formatBooking(booking));
      });
    });

  withSearchOptions(withBookingOptions(car.command("search")))
    .description("search replacement cars for a car PNR (defaults: the booking's places and times)")
    .action(async (options: SearchOptions) => {
      await run(options, async (client) => {
        const booking = await getCarBooking(client, { tripId: options.trip, pnrId: options.pnr });
        const search = await searchCarChanges(client, {
          pnrId: options.pnr,
          ...searchPlacesFor(booking, placeOverrides(options)),
          ...searchRefinements(options),
        });
        print(options, search, () => formatSearch(search));
      });
    });
}

/** `car modify`. */
function registerModify(car: Command): void {
  withSearchOptions(withBookingOptions(car.command("modify")))
    .description(
      "change a car booking: search, select a car (the first result unless --car), check the price, confirm and book",
    )
    .option("--car <carId>", "book this car of the search results")
    .option("--same-location", "only cars picked up where the original booking is")
    .option("--flight <number>", "arrival flight number (default: the booking's)")
    .option("--accept-price-change", "book even if the price changed since the search")
    .option(
      "-y, --yes",
      "do not ask for confirmation; a price change is then rejected unless --accept-price-change",
    )
    .option("-q, --quiet", "no progress output on stderr")
    .action(async (options: ModifyOptions) => {
      await run(options, (client, prompter) => modifyBooking(client, prompter, options));
    });
}

/** Runs the change `car modify` asks for, prompting unless `--yes`; a refusal throws {@link DeclinedError}. */
async function modifyBooking(
  client: TravelClient,
  prompter: Prompter,
  options: ModifyOptions,
): Promise<void> {
  const criteria: CarCriteria = { carId: options.car, samePickupLocation: options.sameLocation };
  let original: CarBooking | undefined;
  const result = await modifyCarBooking(client, {
    tripId: options.trip,
    pnrId: options.pnr,
    ...placeOverrides(options),
    ...searchRefinements(options),
    select: criteria,
    arrivalFlightNumber: options.flight,
    acceptPriceChange: options.acceptPriceChange
      ? true
      : options.yes
        ? false
        : (oldRate, newRate) => prompter.confirm(priceChangeQuestion(oldRate, newRate)),
    confirm: options.yes ? undefined : (quote) => prompter.confirm(changeQuestion(quote)),
    onProgress: options.quiet
      ? undefined
      : (event) => {
          progress(formatProgress(event));
          if (event.type === "booking-read") original = event.booking;
          if (event.type === "car-selected" && original) {
            const impact = changeImpact(original, event.car);
            if (impact.kind === "replaces-pnr") progress(changeImpactText(impact));
          }
        },
  });
  print(options, result, () => formatModifyResult(result));
  if (result.outcome === "price-change-rejected") {
    throw new DeclinedError(
      `the price changed (${priceChangeText(result.oldRate, result.newRate)}) and was not accepted; nothing was booked`,
    );
  }
  if (result.outcome === "declined") throw new DeclinedError("declined; nothing was booked");
}

/** `car cancel`. */
function registerCancel(car: Command): void {
  withBookingOptions(car.command("cancel"))
    .description("cancel a car PNR; prints the vendor's cancellation number and the refund")
    .option("-y, --yes", "do not ask for confirmation")
    .action(async (options: CancelOptions) => {
      await run(options, async (client, prompter) => {
        const { booking, cost } = await quoteCancellation(client, {
          tripId: options.trip,
          pnrId: options.pnr,
        });
        // A PNR that is not confirmed goes straight to the platform, whose refusal names the reason.
        if (booking.pnrStatus === "CONFIRMED" && !options.yes) {
          if (!(await prompter.confirm(cancelQuestion(booking, cost)))) {
            if (options.json) printJson({ outcome: "declined", pnrId: booking.pnrId, costNow: cost });
            throw new DeclinedError("declined; nothing was cancelled");
          }
        }
        const result = await cancelCarBooking(client, { pnrId: options.pnr });
        print(options, { outcome: "cancelled", ...result }, () => formatCancelResult(options.pnr, result));
      });
    });
}

function withBookingOptions(command: Command): Command {
  return command
    .requiredOption("--trip <tripId>", "trip id")
    .requiredOption("--pnr <pnrId>", "car PNR id")
    .option("--json", "print one JSON document on stdout, for scripts")
    .addHelpText("after", CAR_EXIT_CODES_HELP);
}

function withSearchOptions(command: Command): Command {
  return command
    .option("--pickup <location>", "pickup location code such as LAX (default: the booking's)")
    .option("--pickup-at <dateTime>", "local pickup time such as 2026-03-10T10:00 (default: the booking's)")
    .option(
      "--drop-off <location>",
      "drop-off location code (default: the booking's, or --pickup for a round trip)",
    )
    .option("--drop-off-at <dateTime>", "local drop-off time (default: the booking's)")
    .option("--vendor <codes>", "only these vendors, comma-separated, such as ZE,ZI")
    .option("--category <categories>", "only these categories, comma-separated, such as SUV,PREMIUM")
    .option("--transmission <type>", "AUTOMATIC or MANUAL")
    .option("--max-total <amount>", "only cars whose total is at most this amount")
    .option("--sort <keys>", "sort by price, vendor or category, comma-separated, each optionally :desc")
    .option("--renter-age <years>", "age of the renter (young renters pay a fee; some cars need 25+)")
    .option("--loyalty-code <code>", "vendor loyalty membership such as ZE-12345678");
}

function placeOverrides(options: SearchOptions): SearchOverrides {
  return {
    pickup: { locationCode: options.pickup, dateTime: options.pickupAt },
    dropOff: { locationCode: options.dropOff, dateTime: options.dropOffAt },
  };
}

/** Filters, sort, renter age and loyalty code from the options. */
function searchRefinements(options: SearchOptions): Omit<CarModifySearchRequest, "pickup" | "dropOff"> {
  const filters = defined({
    vendorCodes: list(options.vendor),
    categories: list(options.category) as NonNullable<CarModifySearchRequest["filters"]>["categories"],
    transmission: options.transmission?.toUpperCase() as "AUTOMATIC" | "MANUAL" | undefined,
    maxTotalAmount: options.maxTotal === undefined ? undefined : number(options.maxTotal, "--max-total"),
  });
  return defined({
    filters: Object.keys(filters).length > 0 ? filters : undefined,
    sortOptions: options.sort === undefined ? undefined : sortOptions(options.sort),
    renterAge: options.renterAge === undefined ? undefined : integer(options.renterAge, "--renter-age"),
    loyaltyCode: options.loyaltyCode,
  });
}

function sortOptions(text: string): CarSortOption[] {
  return text.split(",").map((part) => {
    const [key = "", order] = part.trim().toLowerCase().split(":");
    const sortBy = SORT_KEYS[key];
    if (!sortBy || (order !== undefined && order !== "asc" && order !== "desc")) {
      throw new UsageError(
        `--sort: ${part} is not one of price, vendor, category (optionally :asc or :desc)`,
      );
    }
    return { sortBy, sortOrder: order === "desc" ? "DESCENDING" : "ASCENDING" };
  });
}

function list(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  return text
    .split(",")
    .map((item) => item.trim().toUpperCase())
    .filter((item) => item !== "");
}

function number(text: string, option: string): number {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value))
    throw new UsageError(`${option} must be a number, got ${text}`);
  return value;
}

function integer(text: string, option: string): number {
  const value = number(text, option);
  if (!Number.isInteger(value)) throw new UsageError(`${option} must be a whole number, got ${text}`);
  return value;
}

/** `value` without its undefined properties, or undefined when none is left. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Writes the result on stdout: JSON with `--json`, else the human rendering. */
function print(options: { json?: boolean }, value: unknown, human: () => string): void {
  if (options.json) printJson(value);
  else process.stdout.write(`${human()}\n`);
}

/** Writes one JSON document on stdout. */
function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

function progress(line: string): void {
  process.stderr.write(`> ${line}\n`);
}

/**
 * Runs a car command with a client from the environment and a prompter, closing both. Input the
 * module rejects before calling the platform is a usage error. With `--json`, a failure other than
 * a decline is also printed on stdout as `{"error":{kind,code,status,message}}`.
 */
async function run(
  options: { json?: boolean },
  body: (client: TravelClient, prompter: Prompter) => Promise<void>,
): Promise<void> {
  const prompter = new Prompter();
  let client: TravelClient | undefined;
  try {
    client = clientFromEnv();
    await body(client, prompter);
  } catch (error) {
    const failure =
      error instanceof CarChangeError && error.code === "INVALID_REQUEST"
        ? new UsageError(error.message)
        : error;
    if (options.json && !(failure instanceof DeclinedError)) {
      printJson({ error: describe(failure) });
    }
    throw failure;
  } finally {
    prompter.close();
    await client?.close();
  }
}

/** The JSON view of a failure, redacted. */
function describe(error: unknown): Record<string, unknown> {
  const fields = (error ?? {}) as { kind?: unknown; code?: unknown; status?: unknown };
  return defined({
    kind: typeof fields.kind === "string" ? fields.kind : "failure",
    code: typeof fields.code === "string" ? fields.code : undefined,
    status: typeof fields.status === "number" ? fields.status : undefined,
    message: redactText(error instanceof Error ? error.message : String(error)),
  });
}
