/**
 * The whole car change: read the booking, search, select a car, read its rate details, check
 * the price (applying the price-change policy), optionally confirm, and book on the original
 * trip. When the price hold expires before booking, the car is priced again, once.
 */
import type { TravelClient } from "../client";
import type {
  BookingCharges,
  CarBooking,
  CarModifyBookResponse,
  CarModifySearchRequest,
  CarOption,
  CarPriceCheck,
  CarRate,
  CarRateDetails,
  PnrStatus,
  WaiveOffInfo,
} from "../schemas/car";
import { carModifyBookRequestSchema } from "../schemas/car";
import { bookCarChange } from "./book";
import { getCarBooking } from "./booking";
import { CarChangeError, errorCodeOf } from "./errors";
import type { CarFlowEvent, CarFlowListener } from "./flow-events";
import { acceptsPriceChange, type PriceChangePolicy, sameTotal } from "./price-change";
import { checkPrice } from "./price-check";
import { getRateDetails } from "./rate-details";
import { searchCarChanges } from "./search";
import { type SearchOverrides, searchPlacesFor } from "./search-defaults";
import { type CarSelector, describeSelector, selectCar } from "./select";
import { requireId, validateInput } from "./validate";

/** The booking-side fields of modify-book, checked before anything is searched or held. */
const bookingFieldsSchema = carModifyBookRequestSchema.omit({ bookingKey: true, carId: true });

/** What the flow shows before booking, for {@link ModifyCarBookingOptions.confirm}. */
export interface CarChangeQuote {
  booking: CarBooking;
  car: CarOption;
  details: CarRateDetails;
  /** The rate that will be booked. */
  rate: CarRate;
  quote: CarPriceCheck;
}

/** Options of {@link modifyCarBooking}. */
export interface ModifyCarBookingOptions {
  tripId: string;
  pnrId: string;
  /** Each part defaults to the booking's pickup place and time. */
  pickup?: SearchOverrides["pickup"];
  /**
   * Each part defaults to the booking's drop-off; when the booking returns the car where it
   * started, the location follows a changed pickup location.
   */
  dropOff?: SearchOverrides["dropOff"];
  filters?: CarModifySearchRequest["filters"];
  sortOptions?: CarModifySearchRequest["sortOptions"];
  renterAge?: number | undefined;
  loyaltyCode?: string | undefined;
  /** Which car to book; default: the first result (the cheapest, unless `sortOptions` say otherwise). */
  select?: CarSelector | undefined;
  /** What to do when the price differs from the one shown: default `false` (do not book). */
  acceptPriceChange?: PriceChangePolicy | undefined;
  /** Defaults to the booking's arrival flight number. */
  arrivalFlightNumber?: string | undefined;
  /** Defaults to the booking's payment. */
  bookingCharges?: BookingCharges | undefined;
  /** Defaults to the booking's travelers. */
  travelers?: { userId: string }[] | undefined;
  bookingPaymentDetails?: Record<string, unknown> | undefined;
  waiveOffInfo?: WaiveOffInfo | undefined;
  /** Asked once before booking; `false` stops the flow with outcome `declined`. */
  confirm?: ((quote: CarChangeQuote) => boolean | Promise<boolean>) | undefined;
  /** Receives progress events. */
  onProgress?: CarFlowListener | undefined;
}

interface FlowResultBase {
  tripId: string;
  /** The PNR the flow was asked to change. */
  originalPnrId: string;
  searchId: string;
  car: CarOption;
}

/** The change was booked. */
export interface CarChangeBooked extends FlowResultBase {
  outcome: "booked";
  /** The PNR that now holds the booking: new when the supplier rebooked. */
  pnrId: string;
  sourcePnrId: string;
  pnrStatus: PnrStatus;
  /** Whether the supplier cancelled the original PNR and rebooked into a new one. */
  replaced: boolean;
  /** The rate booked. */
  rate: CarRate;
  /** The rate the search showed. */
  quotedRate: CarRate;
  /** Whether a price change was accepted on the way. */
  priceChanged: boolean;
  /** Whether the hold expired and the car was priced again. */
  repriced: boolean;
}

/** The price changed and the policy did not accept it; nothing was booked. */
export interface CarChangePriceRejected extends FlowResultBase {
  outcome: "price-change-rejected";
  oldRate: CarRate;
  newRate: CarRate;
}

/** The confirmation callback said no; nothing was booked. */
export interface CarChangeDeclined extends FlowResultBase {
  outcome: "declined";
  rate: CarRate;
}

/** The typed result of {@link modifyCarBooking}. */
export type ModifyCarBookingResult = CarChangeBooked | CarChangePriceRejected | CarChangeDeclined;

const OPERATION = "modifyCarBooking";

type Emit = (event: CarFlowEvent) => Promise<void>;

/**
 * Changes a car booking end to end through `client`. Platform refusals are thrown as
 * {@link ApiError}s (for example `PNR_REPLACED`, or `BOOKING_KEY_EXPIRED` when the hold expired
 * twice); a missing car or flight number is a {@link CarChangeError}. A rejected price change or a
 * declined confirmation is a result, not an error: nothing was booked.
 */
export async function modifyCarBooking(
  client: TravelClient,
  options: ModifyCarBookingOptions,
): Promise<ModifyCarBookingResult> {
  const tripId = requireId(options.tripId, "tripId", OPERATION);
  const pnrId = requireId(options.pnrId, "pnrId", OPERATION);
  const emit: Emit = async (event) => {
    await options.onProgress?.(event);
  };
  checkCallerFields(options, tripId);

  const booking = await getCarBooking(client, { tripId, pnrId });
  await emit({ type: "booking-read", booking });
  const bookingFields = bookingFieldsFor(options, booking, tripId);
  const { search, car, details } = await findCar(client, options, { pnrId, booking, bookingFields }, emit);
  const selection = { searchId: search.searchId, carId: car.carId };
  const base = { tripId, originalPnrId: pnrId, searchId: search.searchId, car };
  const pricer = new Pricer(client, options, selection, base, emit);

  let priced = await pricer.price(1);
  if ("rejected" in priced) return priced.rejected;
  if (
    options.confirm &&
    !(await options.confirm({ booking, car, details, rate: pricer.accepted, quote: priced.quote }))
  ) {
    return { ...base, outcome: "declined", rate: pricer.accepted };
  }

  const book = async (quote: CarPriceCheck) => {
    await emit({ type: "booking", bookingKey: quote.bookingKey });
    return bookCarChange(client, { ...bookingFields, pnrId, bookingKey: quote.bookingKey, carId: car.carId });
  };
  let response: CarModifyBookResponse;
  let repriced = false;
  try {
    response = await book(priced.quote);
  } catch (error) {
    if (errorCodeOf(error) !== "BOOKING_KEY_EXPIRED") throw error;
    // The hold expired before booking: price again, once; a second expiry reaches the caller.
    repriced = true;
    await emit({ type: "hold-expired", bookingKey: priced.quote.bookingKey });
    priced = await pricer.price(2);
    if ("rejected" in priced) return priced.rejected;
    response = await book(priced.quote);
  }
  await confirmBooked(response, emit);
  return {
    ...base,
    outcome: "booked",
    pnrId: response.pnrId,
    sourcePnrId: response.sourcePnrId,
    pnrStatus: response.pnrStatus,
    replaced: response.pnrId !== pnrId,
    rate: pricer.accepted,
    quotedRate: car.rateInfo,
    priceChanged: pricer.priceChanged,
    repriced,
  };
}

/** Checks the booking fields the caller gave before any call, so a bad one never costs a price hold. */
function checkCallerFields(options: ModifyCarBookingOptions, tripId: string): void {
  validateInput(
    bookingFieldsSchema.partial(),
    {
      ...(options.arrivalFlightNumber !== undefined
        ? { arrivalFlightNumber: options.arrivalFlightNumber }
        : {}),
      ...(options.bookingCharges !== undefined ? { bookingCharges: options.bookingCharges } : {}),
      ...(options.travelers !== undefined ? { tripData: { tripId, travelers: options.travelers } } : {}),
      ...(options.bookingPaymentDetails !== undefined
        ? { bookingPaymentDetails: options.bookingPaymentDetails }
        : {}),
      ...(options.waiveOffInfo !== undefined ? { waiveOffInfo: options.waiveOffInfo } : {}),
    },
    OPERATION,
  );
}

/** The modify-book fields: the caller's, else the booking's travelers, payment and flight. */
function bookingFieldsFor(options: ModifyCarBookingOptions, booking: CarBooking, tripId: string) {
  return validateInput(
    bookingFieldsSchema,
    {
      tripData: {
        tripId,
        travelers: options.travelers ?? booking.travelers.map((t) => ({ userId: t.userId })),
      },
      bookingCharges: options.bookingCharges ?? booking.bookingCharges,
      arrivalFlightNumber: options.arrivalFlightNumber ?? booking.arrivalFlightNumber,
      bookingPaymentDetails: options.bookingPaymentDetails,
      waiveOffInfo: options.waiveOffInfo,
    },
    OPERATION,
  );
}

/** Searches, selects the car and reads its rate details; fails when none matches or a flight is missing. */
async function findCar(
  client: TravelClient,
  options: ModifyCarBookingOptions,
  of: { pnrId: string; booking: CarBooking; bookingFields: { arrivalFlightNumber?: string | undefined } },
  emit: Emit,
) {
  const { pnrId, booking, bookingFields } = of;
  const search = await searchCarChanges(client, {
    pnrId,
    ...searchPlacesFor(booking, { pickup: options.pickup, dropOff: options.dropOff }),
    filters: options.filters,
    sortOptions: options.sortOptions,
    renterAge: options.renterAge,
    loyaltyCode: options.loyaltyCode,
  });
  await emit({ type: "searched", searchId: search.searchId, carCount: search.cars.length });
  const car = selectCar(search.cars, options.select);
  if (!car) {
    throw new CarChangeError(
      "NO_MATCHING_CAR",
      "not_found",
      `${OPERATION}: none of the ${search.cars.length} cars of search ${search.searchId} matches ${describeSelector(options.select)}`,
    );
  }
  await emit({ type: "car-selected", car });
  const details = await getRateDetails(client, { searchId: search.searchId, carId: car.carId });
  await emit({ type: "rate-details", details });
  if (details.isFlightNumberMandatoryForPickup && bookingFields.arrivalFlightNumber === undefined) {
    throw new CarChangeError(
      "ARRIVAL_FLIGHT_NUMBER_REQUIRED",
      "bad_request",
      `${OPERATION}: arrivalFlightNumber: ${details.vendor.name} requires the arrival flight number for pickups at ${details.pickupLocation.name}; pass arrivalFlightNumber`,
    );
  }
  return { search, car, details };
}

/** Prices the selected car under the price-change policy, remembering the rate accepted so far. */
class Pricer {
  /** The rate that will be booked: the search's, then each checked one. */
  accepted: CarRate;
  /** Whether a price change was accepted on the way. */
  priceChanged = false;

  constructor(
    private readonly client: TravelClient,
    private readonly options: ModifyCarBookingOptions,
    private readonly selection: { searchId: string; carId: string },
    private readonly base: FlowResultBase,
    private readonly emit: Emit,
  ) {
    this.accepted = base.car.rateInfo;
  }

  /** Prices the car; returns the quote, or the rejected rates when the policy says no. */
  async price(attempt: 1 | 2) {
    const quote = await checkPrice(this.client, this.selection);
    await this.emit({ type: "price-checked", attempt, quote });
    const newRate = quote.finalRateInfo;
    const oldRate = this.accepted;
    const changed = !sameTotal(oldRate, newRate) || (attempt === 1 && quote.hasPriceChanged);
    if (changed) {
      const policy = this.options.acceptPriceChange ?? false;
      const ok = await acceptsPriceChange(policy, oldRate, newRate, { car: this.base.car, attempt });
      await this.emit({ type: "price-change", attempt, oldRate, newRate, accepted: ok });
      if (!ok)
        return { rejected: { ...this.base, outcome: "price-change-rejected", oldRate, newRate } } as const;
      this.priceChanged = true;
    }
    // What is booked is the checked rate, even when only its breakdown differs from the search's.
    this.accepted = newRate;
    return { quote } as const;
  }
}

/** Fails unless the booking is CONFIRMED, then reports it to the listener. */
async function confirmBooked(response: CarModifyBookResponse, emit: Emit): Promise<void> {
  if (response.pnrStatus !== "CONFIRMED") {
    throw new CarChangeError(
      "BOOKING_NOT_CONFIRMED",
      "api_error",
      `${OPERATION}: modify-book answered PNR ${response.pnrId} with status ${response.pnrStatus}, not CONFIRMED; check it with getCarBooking before retrying`,
    );
  }
  // The booking is made: a failing progress listener must not turn it into an error that a
  // caller would retry, so its failure is reported as a process warning instead.
  try {
    await emit({ type: "booked", response });
  } catch (error) {
    process.emitWarning(
      `${OPERATION}: the onProgress listener failed after PNR ${response.pnrId} was booked: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
