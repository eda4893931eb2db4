/**
 * Modify searches and price holds. A search lives {@link SEARCH_TTL_SECONDS}; a price check holds
 * its price for {@link PRICE_HOLD_SECONDS} under a single-use booking key. Both expire by the
 * emulator clock. Admin price-change rules move a car's price at its next price checks.
 */
import type { z } from "zod";
import type {
  CarOption,
  CarPriceCheck,
  CarRate,
  CarSearchResponse,
  carModifySearchRequestSchema,
} from "../../schemas/car";
import { catalogLocation, catalogVendor } from "./catalog";
import { newBookingKey, newSearchId } from "./ids";
import { searchInventory } from "./inventory";
import { centsOf, DEFAULT_RENTER_AGE, quoteRate } from "./pricing";
import {
  type BookingKeyRecord,
  type CarPnrRecord,
  type CarSearchRecord,
  carCollections,
  type PriceChangeRule,
  type TripRecord,
} from "./records";
import type { EmulatorContext } from "../context";
import { badRequest, conflict, notFound } from "../core/errors";

/** How long a search's cars can be priced and booked. */
export const SEARCH_TTL_SECONDS = 1800;
/** How long a price check holds its price (`timeoutSeconds`). */
export const PRICE_HOLD_SECONDS = 600;
/** Expired searches and booking keys are dropped this long after expiry. */
const RETENTION_MS = 86_400_000;

/** Runs a modify search for `pnr` and stores it. */
export function createSearch(
  ctx: EmulatorContext,
  pnr: CarPnrRecord,
  trip: TripRecord,
  request: z.output<typeof carModifySearchRequestSchema>,
): CarSearchResponse {
  const now = ctx.clock.now();
  pruneExpired(ctx, now);
  const cars = searchInventory({
    ...request,
    originalPickupLocationCode: pnr.pickup.locationCode,
    nowMs: now,
  });
  const search: CarSearchRecord = {
    searchId: newSearchId(),
    pnrId: pnr.pnrId,
    companyId: trip.companyId,
    createdAtMs: now,
    expiresAtMs: now + SEARCH_TTL_SECONDS * 1000,
    pickup: { locationCode: request.pickup.locationCode, dateTime: request.pickup.dateTime },
    dropOff: { locationCode: request.dropOff.locationCode, dateTime: request.dropOff.dateTime },
    renterAge: request.renterAge,
    loyaltyCode: request.loyaltyCode,
    cars,
    priceFactors: {},
  };
  carCollections(ctx.store).searches.set(search.searchId, search);
  return { searchId: search.searchId, expiresAt: new Date(search.expiresAtMs).toISOString(), cars };
}

/** The car `carId` of a search; 400 CAR_NOT_IN_SEARCH otherwise. */
export function carOf(search: CarSearchRecord, carId: string): CarOption {
  const car = search.cars.find((c) => c.carId === carId);
  if (!car) {
    throw badRequest(`carId: car ${carId} is not offered by search ${search.searchId}`, "CAR_NOT_IN_SEARCH");
  }
  return car;
}

/** What `car` of `search` costs now. */
function currentRate(search: CarSearchRecord, car: CarOption): CarRate {
  return quoteRate({
    vendor: catalogVendor(car.vendor.code),
    category: car.vehicle.category,
    pickupLocation: catalogLocation(car.pickupLocation.code),
    dropOffLocation: catalogLocation(car.dropOffLocation.code),
    rentalDays: car.rateInfo.rentalDays,
    renterAge: search.renterAge ?? DEFAULT_RENTER_AGE,
    loyaltyCode: search.loyaltyCode,
    priceFactor: search.priceFactors[car.carId] ?? 1,
  });
}

/** Consumes one use of the oldest price-change rule that matches `car`, if any. */
function takePriceChange(ctx: EmulatorContext, car: CarOption): PriceChangeRule | undefined {
  const rules = carCollections(ctx.store).priceChanges;
  const rule = rules
    .values()
    .filter(
      (r) =>
        (r.vendorCode === undefined || r.vendorCode === car.vendor.code) &&
        (r.carId === undefined || r.carId === car.carId),
    )
    .sort((a, b) => a.createdAtMs - b.createdAtMs)[0];
  if (!rule) return undefined;
  if (rule.remaining <= 1) rules.delete(rule.id);
  else rules.set(rule.id, { ...rule, remaining: rule.remaining - 1 });
  return rule;
}

/**
 * Prices `carId` of `search` and holds the price under a new booking key. `hasPriceChanged`
 * compares with the price the search showed.
 */
export function priceCheck(ctx: EmulatorContext, search: CarSearchRecord, carId: string): CarPriceCheck {
  const car = carOf(search, carId);
  const change = takePriceChange(ctx, car);
  let current = search;
  if (change) {
    const factor = (search.priceFactors[carId] ?? 1) * (1 + change.percent / 100);
    current = { ...search, priceFactors: { ...search.priceFactors, [carId]: factor } };
    carCollections(ctx.store).searches.set(search.searchId, current);
  }
  const rate = currentRate(current, car);
  const now = ctx.clock.now();
  const key: BookingKeyRecord = {
    bookingKey: newBookingKey(),
    searchId: search.searchId,
    carId,
    pnrId: search.pnrId,
    companyId: search.companyId,
    rate,
    createdAtMs: now,
    expiresAtMs: now + PRICE_HOLD_SECONDS * 1000,
  };
  carCollections(ctx.store).bookingKeys.set(key.bookingKey, key);
  return {
    bookingKey: key.bookingKey,
    hasPriceChanged: centsOf(rate.totalAmount) !== centsOf(car.rateInfo.totalAmount),
    timeoutSeconds: PRICE_HOLD_SECONDS,
    finalRateInfo: rate,
    expiresAt: new Date(key.expiresAtMs).toISOString(),
  };
}

/**
 * The booking key of a modify-book, checked but not yet used: 404 when unknown or issued to
 * another company, 400 when it was issued for another PNR of the same company or another car, 409 BOOKING_KEY_ALREADY_USED or BOOKING_KEY_EXPIRED.
 */
export function checkBookingKey(
  ctx: EmulatorContext,
  pnr: CarPnrRecord,
  bookingKey: string,
  carId: string,
): BookingKeyRecord {
  const { bookingKeys, searches, trips } = carCollections(ctx.store);
  const key = bookingKeys.get(bookingKey);
  if (!key) throw notFound("booking key", bookingKey);
  // A key of another company is answered exactly like an unknown key: nothing of the other
  // tenant (its PNR, its search) may leak.
  const keyCompany = key.companyId ?? searches.get(key.searchId)?.companyId;
  const pnrCompany = trips.get(pnr.tripId)?.companyId;
  if (keyCompany !== undefined && keyCompany !== pnrCompany) throw notFound("booking key", bookingKey);
  if (key.pnrId !== pnr.pnrId) {
    const which = keyCompany === undefined ? "another PNR" : `PNR ${key.pnrId}`;
    throw badRequest(
      `bookingKey: was issued for a search of ${which}, not PNR ${pnr.pnrId}`,
      "BOOKING_KEY_MISMATCH",
    );
  }
  if (key.carId !== carId) {
    throw badRequest(`carId: ${carId} is not the car the bookingKey priced (${key.carId})`, "CAR_MISMATCH");
  }
  if (key.usedAtMs !== undefined) {
    throw conflict(
      "BOOKING_KEY_ALREADY_USED",
      `bookingKey was already used at ${new Date(key.usedAtMs).toISOString()} (it booked PNR ${key.bookedPnrId ?? "?"}); run price-check again for a new one`,
    );
  }
  if (ctx.clock.now() >= key.expiresAtMs) {
    throw conflict(
      "BOOKING_KEY_EXPIRED",
      `the price hold of bookingKey expired at ${new Date(key.expiresAtMs).toISOString()}; run price-check again`,
    );
  }
  return key;
}

/** Drops searches and booking keys that expired more than a day ago, keeping the state small. */
function pruneExpired(ctx: EmulatorContext, now: number): void {
  const { searches, bookingKeys } = carCollections(ctx.store);
  for (const [id, search] of searches.entries())
    if (search.expiresAtMs + RETENTION_MS < now) searches.delete(id);
  for (const [id, key] of bookingKeys.entries())
    if (key.expiresAtMs + RETENTION_MS < now) bookingKeys.delete(id);
}
