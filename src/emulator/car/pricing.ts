/**
 * The emulator's car prices and cancellation terms: pure, deterministic functions of the catalog,
 * the rental dates, the renter's age, the loyalty code and the clock. Amounts are computed in
 * cents so that totals always add up.
 */
import type {
  CancellationPolicy,
  CarCategory,
  CarPlaceTime,
  CarRate,
  CarRefund,
  Money,
} from "../../schemas/car";
import {
  CAR_VEHICLES,
  type CatalogLocation,
  type CatalogVendor,
  catalogLocation,
  catalogVendor,
  penaltyOf,
  regionOf,
} from "./catalog";
import type { CarPnrRecord } from "./records";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Renters younger than this pay {@link YOUNG_RENTER_FEE_PER_DAY}. */
export const YOUNG_RENTER_AGE = 25;
/** Daily surcharge for young renters, in the rental's currency. */
export const YOUNG_RENTER_FEE_PER_DAY = 25;
/** Renter age assumed when a search gives none. */
export const DEFAULT_RENTER_AGE = 30;
/** Discount on the base amount for a loyalty member of the car's vendor. */
export const LOYALTY_DISCOUNT_RATE = 0.1;
/** Airport concession fee on the base amount. */
export const AIRPORT_FEE_RATE = 0.11;
/** One-way fee when the car is returned to another branch of the same city, and of another city. */
export const ONE_WAY_FEE = { sameCity: 25, otherCity: 120 } as const;
/** Longest rental the emulator offers. */
export const MAX_RENTAL_DAYS = 30;

/** The instant of a local date-time; the emulator treats rental-location local time as UTC. */
export function instantOf(dateTime: string): number {
  return Date.parse(`${dateTime}Z`);
}

/** Rental days between pickup and drop-off: started 24-hour periods, at least one. */
export function rentalDaysOf(pickup: CarPlaceTime, dropOff: CarPlaceTime): number {
  return Math.max(1, Math.ceil((instantOf(dropOff.dateTime) - instantOf(pickup.dateTime)) / DAY_MS));
}

/** Money from cents. */
export function moneyOf(cents: number, currencyCode: string): Money {
  return { amount: Math.round(cents) / 100, currencyCode };
}

/** Cents of an amount. */
export function centsOf(money: Money): number {
  return Math.round(money.amount * 100);
}

/** The member's vendor code of a loyalty code `<vendor code>-<member number>`, such as `ZE-12345678`. */
export function loyaltyVendorOf(loyaltyCode: string | undefined): string | undefined {
  if (loyaltyCode === undefined) return undefined;
  return /^([A-Z0-9]{2})-\d{6,12}$/.exec(loyaltyCode)?.[1];
}

/** What a price depends on. */
export interface PricingInputs {
  vendor: CatalogVendor;
  category: CarCategory;
  pickupLocation: CatalogLocation;
  dropOffLocation: CatalogLocation;
  rentalDays: number;
  renterAge: number;
  loyaltyCode?: string | undefined;
  /** Market movement since the quote (1 = none); price-change rules multiply it. */
  priceFactor?: number | undefined;
}

/** The rate of a car for `inputs`. */
export function quoteRate(inputs: PricingInputs): CarRate {
  const { vendor, pickupLocation, dropOffLocation, rentalDays } = inputs;
  const region = regionOf(pickupLocation);
  const currency = region.currencyCode;
  const daily = Math.round(
    CAR_VEHICLES[inputs.category].baseDailyRate *
      vendor.priceFactor *
      region.priceFactor *
      (inputs.priceFactor ?? 1) *
      100,
  );
  const base = daily * rentalDays;
  const discount =
    loyaltyVendorOf(inputs.loyaltyCode) === vendor.code ? Math.round(base * LOYALTY_DISCOUNT_RATE) : 0;
  const youngFee = inputs.renterAge < YOUNG_RENTER_AGE ? YOUNG_RENTER_FEE_PER_DAY * 100 * rentalDays : 0;
  const oneWay =
    dropOffLocation.code === pickupLocation.code
      ? 0
      : (dropOffLocation.city === pickupLocation.city ? ONE_WAY_FEE.sameCity : ONE_WAY_FEE.otherCity) * 100;
  const airportFee = pickupLocation.isAirport ? Math.round((base - discount) * AIRPORT_FEE_RATE) : 0;
  const taxes = Math.round((base - discount + youngFee + oneWay + airportFee) * region.taxRate) + airportFee;
  const rate: CarRate = {
    rentalDays,
    dailyRate: moneyOf(daily, currency),
    baseAmount: moneyOf(base, currency),
    taxesAndFees: moneyOf(taxes, currency),
    totalAmount: moneyOf(base - discount + youngFee + oneWay + taxes, currency),
  };
  if (discount > 0) rate.loyaltyDiscount = moneyOf(discount, currency);
  if (youngFee > 0) rate.youngRenterFee = moneyOf(youngFee, currency);
  if (oneWay > 0) rate.oneWayFee = moneyOf(oneWay, currency);
  return rate;
}

/** When free cancellation of a PNR ends (ms since epoch). */
export function cancellationDeadlineOf(pnr: Pick<CarPnrRecord, "vendorCode" | "pickup">): number {
  return instantOf(pnr.pickup.dateTime) - catalogVendor(pnr.vendorCode).cancellationWindowHours * HOUR_MS;
}

/** The cancellation policy of a rental of `vendorCode` starting at `pickup`, priced in `currencyCode`. */
export function cancellationPolicyOf(
  rental: Pick<CarPnrRecord, "vendorCode" | "pickup">,
  currencyCode: string,
): CancellationPolicy {
  return {
    deadline: new Date(cancellationDeadlineOf(rental)).toISOString(),
    penalty: penaltyOf(catalogVendor(rental.vendorCode), currencyCode),
  };
}

/**
 * What cancelling `pnr` at `nowMs` costs and refunds. Before the deadline there is no penalty.
 * After it, the penalty (an amount, or a percentage of the total) is kept. Prepaid bookings get
 * the rest back; bookings paid at the vendor were never charged, so nothing is refunded.
 */
export function cancellationOutcome(pnr: CarPnrRecord, nowMs: number): { penalty: Money; refund: CarRefund } {
  const total = centsOf(pnr.rate.totalAmount);
  const currency = pnr.rate.totalAmount.currencyCode;
  let penalty = 0;
  if (nowMs >= cancellationDeadlineOf(pnr)) {
    const terms = catalogVendor(pnr.vendorCode).penalty;
    penalty =
      terms.type === "AMOUNT"
        ? Math.min(total, terms.amount * 100)
        : Math.round((total * terms.percentage) / 100);
  }
  if (pnr.bookingCharges.paymentMethod === "PAY_AT_VENDOR") {
    return { penalty: moneyOf(penalty, currency), refund: { status: "NOT_APPLICABLE" } };
  }
  const refund = total - penalty;
  return {
    penalty: moneyOf(penalty, currency),
    refund:
      refund > 0 ? { status: "INITIATED", amount: moneyOf(refund, currency) } : { status: "NOT_ELIGIBLE" },
  };
}

/** Pricing inputs of a stored PNR (used when seeding). */
export function pricingInputsOfPnr(
  pnr: Pick<CarPnrRecord, "vendorCode" | "category" | "pickup" | "dropOff">,
  renterAge = DEFAULT_RENTER_AGE,
): PricingInputs {
  return {
    vendor: catalogVendor(pnr.vendorCode),
    category: pnr.category,
    pickupLocation: catalogLocation(pnr.pickup.locationCode),
    dropOffLocation: catalogLocation(pnr.dropOff.locationCode),
    rentalDays: rentalDaysOf(pnr.pickup, pnr.dropOff),
    renterAge,
  };
}
