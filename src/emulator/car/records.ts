/** Record shapes of the emulator's trips, car PNRs, searches, price holds and price-change rules. */
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

/** Collection names of the car area. */
export const CAR_COLLECTIONS = {
  trips: "trips",
  carPnrs: "carPnrs",
  carSearches: "carSearches",
  carBookingKeys: "carBookingKeys",
  carPriceChanges: "carPriceChanges",
} as const;

/** Typed handles on the car collections of a store. */
export function carCollections(store: EmulatorStore) {
  return {
    trips: store.collection<TripRecord>(CAR_COLLECTIONS.trips),
    pnrs: store.collection<CarPnrRecord>(CAR_COLLECTIONS.carPnrs),
    searches: store.collection<CarSearchRecord>(CAR_COLLECTIONS.carSearches),
    bookingKeys: store.collection<BookingKeyRecord>(CAR_COLLECTIONS.carBookingKeys),
    priceChanges: store.collection<PriceChangeRule>(CAR_COLLECTIONS.carPriceChanges),
  };
}

/** Removes the trips of a deleted company with their PNRs and searches. */
export function purgeCompanyCarData(store: EmulatorStore, companyId: string): void {
  const { trips, pnrs, searches } = carCollections(store);
  for (const trip of trips.values().filter((t) => t.companyId === companyId)) {
    for (const pnrId of trip.pnrIds) pnrs.delete(pnrId);
    trips.delete(trip.tripId);
  }
  for (const search of searches.values().filter((s) => s.companyId === companyId))
    searches.delete(search.searchId);
}
