/** Choosing one car from the results of a modify search. */
import type { CarCategory, CarOption } from "../schemas/car";

/** Criteria a car must all meet; the first matching car in search order wins. */
export interface CarCriteria {
  carId?: string | undefined;
  vendorCode?: string | undefined;
  category?: CarCategory | undefined;
  /** Only cars picked up where the original booking was. */
  samePickupLocation?: boolean | undefined;
  /** Only cars whose total is at most this (in the rate's currency). */
  maxTotalAmount?: number | undefined;
}

/** Criteria, or a function that picks a car from the results (undefined: none fits). */
export type CarSelector = CarCriteria | ((cars: readonly CarOption[]) => CarOption | undefined);

/** The car `selector` picks from `cars` (search order: cheapest first by default). */
export function selectCar(cars: readonly CarOption[], selector: CarSelector = {}): CarOption | undefined {
  if (typeof selector === "function") return selector(cars);
  return cars.find(
    (car) =>
      (selector.carId === undefined || car.carId === selector.carId) &&
      (selector.vendorCode === undefined || car.vendor.code === selector.vendorCode) &&
      (selector.category === undefined || car.vehicle.category === selector.category) &&
      (selector.samePickupLocation !== true || car.isSamePickupLocation) &&
      (selector.maxTotalAmount === undefined || car.rateInfo.totalAmount.amount <= selector.maxTotalAmount),
  );
}

/** A human description of a selector, for error messages. */
export function describeSelector(selector: CarSelector = {}): string {
  if (typeof selector === "function") return "the selector function";
  const parts = Object.entries(selector)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${String(value)}`);
  return parts.length > 0 ? parts.join(", ") : "any car";
}
