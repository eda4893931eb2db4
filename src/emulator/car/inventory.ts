/**
 * The cars a modify search offers: every branch in the pickup city, every vendor that rents
 * there and allows the renter's age, priced by car-pricing, then filtered and sorted as asked.
 */
import type { z } from "zod";
import type {
  CarModifySearchRequest,
  CarOption,
  CarSortOption,
  carSearchFiltersSchema,
} from "../../schemas/car";
import {
  CAR_LOCATIONS,
  CAR_VEHICLES,
  CAR_VENDORS,
  CATEGORY_ORDER,
  type CatalogLocation,
  carIdOf,
  locationView,
  regionOf,
  vehicleView,
} from "./catalog";
import {
  DEFAULT_RENTER_AGE,
  instantOf,
  loyaltyVendorOf,
  MAX_RENTAL_DAYS,
  quoteRate,
  rentalDaysOf,
} from "./pricing";
import { badRequest } from "../core/errors";

/** A validated modify search, with the original booking's pickup branch. */
export interface InventoryQuery {
  pickup: CarModifySearchRequest["pickup"];
  dropOff: CarModifySearchRequest["dropOff"];
  filters?: z.output<typeof carSearchFiltersSchema> | undefined;
  sortOptions?: CarSortOption[] | undefined;
  renterAge?: number | undefined;
  loyaltyCode?: string | undefined;
  /** Branch code of the booking being changed; sets `isSamePickupLocation`. */
  originalPickupLocationCode: string;
  /** The emulator clock. */
  nowMs: number;
}

function knownLocation(code: string, field: string): CatalogLocation {
  const found = CAR_LOCATIONS.get(code);
  if (!found) {
    throw badRequest(`${field}: unknown location ${code}; known: ${[...CAR_LOCATIONS.keys()].join(", ")}`);
  }
  return found;
}

/** Throws a 400 naming the field when the query cannot be served. */
function validate(query: InventoryQuery): { pickup: CatalogLocation; dropOff: CatalogLocation } {
  const pickup = knownLocation(query.pickup.locationCode, "pickup.locationCode");
  const dropOff = knownLocation(query.dropOff.locationCode, "dropOff.locationCode");
  if (pickup.region !== dropOff.region) {
    throw badRequest(
      `dropOff.locationCode: one-way rentals between countries are not offered (${pickup.code} is in ${pickup.region}, ${dropOff.code} in ${dropOff.region})`,
    );
  }
  if (instantOf(query.pickup.dateTime) <= query.nowMs) {
    throw badRequest(
      `pickup.dateTime: ${query.pickup.dateTime} is in the past (now ${new Date(query.nowMs).toISOString()})`,
    );
  }
  if (rentalDaysOf(query.pickup, query.dropOff) > MAX_RENTAL_DAYS) {
    throw badRequest(`dropOff.dateTime: rentals longer than ${MAX_RENTAL_DAYS} days are not offered`);
  }
  query.filters?.vendorCodes?.forEach((code, index) => {
    if (!CAR_VENDORS.has(code)) {
      throw badRequest(
        `filters.vendorCodes.${index}: unknown vendor ${code}; known: ${[...CAR_VENDORS.keys()].join(", ")}`,
      );
    }
  });
  if (query.loyaltyCode !== undefined && loyaltyVendorOf(query.loyaltyCode) === undefined) {
    throw badRequest("loyaltyCode: must be <vendor code>-<member number>, such as ZE-12345678");
  }
  return { pickup, dropOff };
}

/** The cars offered for `query`, filtered and sorted. */
export function searchInventory(query: InventoryQuery): CarOption[] {
  const { pickup, dropOff } = validate(query);
  const renterAge = query.renterAge ?? DEFAULT_RENTER_AGE;
  const roundTrip = query.pickup.locationCode === query.dropOff.locationCode;
  const branches = [...CAR_LOCATIONS.values()].filter((l) => l.city === pickup.city);
  const rentalDays = rentalDaysOf(query.pickup, query.dropOff);
  const cars: CarOption[] = [];
  for (const vendor of CAR_VENDORS.values()) {
    if (!vendor.regions.includes(regionOf(pickup).code) || renterAge < vendor.minimumRenterAge) continue;
    for (const branch of branches) {
      const returnBranch = roundTrip ? branch : dropOff;
      for (const category of vendor.categories) {
        if (renterAge < CAR_VEHICLES[category].minimumRenterAge) continue;
        cars.push({
          carId: carIdOf(vendor.code, branch.code, category),
          vendor: { code: vendor.code, name: vendor.name },
          vehicle: vehicleView(category),
          pickupLocation: locationView(branch),
          dropOffLocation: locationView(returnBranch),
          rateInfo: quoteRate({
            vendor,
            category,
            pickupLocation: branch,
            dropOffLocation: returnBranch,
            rentalDays,
            renterAge,
            loyaltyCode: query.loyaltyCode,
          }),
          isSamePickupLocation: branch.code === query.originalPickupLocationCode,
        });
      }
    }
  }
  return sortCars(cars.filter(matches(query.filters)), query.sortOptions);
}

function matches(filters: InventoryQuery["filters"]): (car: CarOption) => boolean {
  return (car) =>
    (filters?.vendorCodes === undefined || filters.vendorCodes.includes(car.vendor.code)) &&
    (filters?.categories === undefined || filters.categories.includes(car.vehicle.category)) &&
    (filters?.transmission === undefined || car.vehicle.transmission === filters.transmission) &&
    (filters?.maxTotalAmount === undefined || car.rateInfo.totalAmount.amount <= filters.maxTotalAmount);
}

const SORT_KEYS: Record<CarSortOption["sortBy"], (a: CarOption, b: CarOption) => number> = {
  PRICE: (a, b) => a.rateInfo.totalAmount.amount - b.rateInfo.totalAmount.amount,
  VENDOR: (a, b) => a.vendor.name.localeCompare(b.vendor.name),
  CATEGORY: (a, b) => CATEGORY_ORDER.indexOf(a.vehicle.category) - CATEGORY_ORDER.indexOf(b.vehicle.category),
};

/** Sorts by each option in turn (default: price, ascending), then by carId, so the order is stable. */
function sortCars(cars: CarOption[], options: CarSortOption[] | undefined): CarOption[] {
  const order = options && options.length > 0 ? options : [{ sortBy: "PRICE" as const }];
  return cars.sort((a, b) => {
    for (const option of order) {
      const difference = SORT_KEYS[option.sortBy](a, b);
      if (difference !== 0) return option.sortOrder === "DESCENDING" ? -difference : difference;
    }
    return a.carId.localeCompare(b.carId);
  });
}
