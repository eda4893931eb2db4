/** Record shapes and kinds of the emulator's trips, car PNRs, searches, price holds and price-change rules. */
import type {
  BookingCharges,
  CarCategory,
  CarOption,
  CarPlaceTime,
  CarRate,
  CarRefund,
  Money,
  PnrStatus,
} from "../../schemas/car";
import { byCompanyId, companyRecords, platformRecords } from "../core/record-kind";
import type { EmulatorStore } from "../core/store";

/** A traveler on a trip. */
export type TripTraveler = { userId: string; name: string };

/** A trip: it belongs to one company and holds PNRs. */
export interface TripRecord {
  tripId: string;
  companyId: string;
  name: string;
  travelers: TripTraveler[];
  /** Every PNR ever on the trip, replaced and cancelled ones included, oldest first. */
  pnrIds: string[];
  createdAtMs: number;
}

/** The cancellation of a PNR. */
export interface CarCancellationRecord {
  confirmationId: string;
  cancelledAtMs: number;
  penalty: Money;
  refund: CarRefund;
  customFieldUserResponses?: unknown[] | undefined;
  waiveOffInfo?: unknown;
}

/** A car PNR. Locations, vendor and vehicle are catalog codes, expanded when read. */
export interface CarPnrRecord {
  pnrId: string;
  tripId: string;
  /** Bumped by every in-place modification. */
  pnrVersion: number;
  status: PnrStatus;
  sourcePnrId?: string | undefined;
  replacedByPnrId?: string | undefined;
  vendorCode: string;
  category: CarCategory;
  carId: string;
  /** Branch and local time of pickup and return. */
  pickup: CarPlaceTime;
  dropOff: CarPlaceTime;
  rate: CarRate;
  travelers: TripTraveler[];
  bookingCharges: BookingCharges;
  arrivalFlightNumber?: string | undefined;
  bookingPaymentDetails?: unknown;
  waiveOffInfo?: unknown;
  vendorConfirmationNumber: string;
  cancellation?: CarCancellationRecord | undefined;
  createdAtMs: number;
  updatedAtMs: number;
}

/** A modify search and the cars it offered. */
export interface CarSearchRecord {
  searchId: string;
  pnrId: string;
  companyId: string;
  createdAtMs: number;
  expiresAtMs: number;
  pickup: CarPlaceTime;
  dropOff: CarPlaceTime;
  renterAge?: number | undefined;
  loyaltyCode?: string | undefined;
  cars: CarOption[];
  /** Market movement of a car's price since the quote, by carId (absent = 1, unchanged). */
  priceFactors: Record<string, number>;
}

/** A price held by a price check until `expiresAtMs`. */
export interface BookingKeyRecord {
  bookingKey: string;
  searchId: string;
  carId: string;
  pnrId: string;
  /** The company of the search (absent in keys stored before it was recorded). */
  companyId?: string | undefined;
  rate: CarRate;
  createdAtMs: number;
  expiresAtMs: number;
  usedAtMs?: number | undefined;
  /** The PNR the key booked. */
  bookedPnrId?: string | undefined;
}

/** An admin rule: the next `remaining` matching price checks change the price by `percent`. */
export interface PriceChangeRule {
  id: string;
  percent: number;
  remaining: number;
  vendorCode?: string | undefined;
  carId?: string | undefined;
  createdAtMs: number;
}

/** Trips, owned by their company. */
export const TRIPS = companyRecords<TripRecord>("trips", byCompanyId());

/** Car PNRs, owned through their trip; a company with a confirmed car booking cannot be deleted. */
export const CAR_PNRS = companyRecords<CarPnrRecord>("carPnrs", {
  companyOf: (pnr, _id, find) => find(TRIPS, pnr.tripId)?.companyId,
  guard: {
    singular: "active car booking",
    plural: "active car bookings",
    blocks: (pnr) => pnr.status === "CONFIRMED",
  },
});

/** Modify searches. */
export const CAR_SEARCHES = companyRecords<CarSearchRecord>("carSearches", byCompanyId());

/** Price holds; a key stored before it recorded its company belongs to its search's. */
export const CAR_BOOKING_KEYS = companyRecords<BookingKeyRecord>("carBookingKeys", {
  companyOf: (key, _id, find) => key.companyId ?? find(CAR_SEARCHES, key.searchId)?.companyId,
});

/** Admin price-change rules: the emulator's, no company's. */
export const CAR_PRICE_CHANGES = platformRecords<PriceChangeRule>("carPriceChanges");

/**
 * The record kinds of the car area. PNRs come first: a refused company deletion names active car
 * bookings before anything else.
 */
export const CAR_RECORDS = [CAR_PNRS, TRIPS, CAR_SEARCHES, CAR_BOOKING_KEYS, CAR_PRICE_CHANGES] as const;

/** Typed handles on the car collections of a store. */
export function carCollections(store: EmulatorStore) {
  return {
    trips: store.records(TRIPS),
    pnrs: store.records(CAR_PNRS),
    searches: store.records(CAR_SEARCHES),
    bookingKeys: store.records(CAR_BOOKING_KEYS),
    priceChanges: store.records(CAR_PRICE_CHANGES),
  };
}
