/** `rate-details`: what the traveler should know about one car of a search before pricing it. */
import type { CarOption, CarRateDetails } from "../../schemas/car";
import { CAR_VEHICLES, catalogVendor, isFlightNumberMandatory } from "./catalog";
import { cancellationPolicyOf } from "./pricing";
import type { CarSearchRecord } from "./records";

/** Inclusions of every emulated rental. */
const INCLUSIONS = ["Collision damage waiver", "Theft protection", "Third-party liability"];

/** Rate details of `car`; the cancellation terms are those a booking made now would get. */
export function rateDetailsOf(car: CarOption, search: CarSearchRecord): CarRateDetails {
  const vendor = catalogVendor(car.vendor.code);
  const vehicle = CAR_VEHICLES[car.vehicle.category];
  return {
    pickupLocation: car.pickupLocation,
    dropOffLocation: car.dropOffLocation,
    vendor: car.vendor,
    additionalDetails: {
      vehicle: car.vehicle,
      mileage: "UNLIMITED",
      fuelPolicy: vehicle.fuelType === "ELECTRIC" ? "RETURN_WITH_SAME_CHARGE" : "FULL_TO_FULL",
      inclusions: INCLUSIONS,
      minimumRenterAge: Math.max(vendor.minimumRenterAge, vehicle.minimumRenterAge),
      cancellationPolicy: cancellationPolicyOf(
        {
          vendorCode: vendor.code,
          pickup: { locationCode: car.pickupLocation.code, dateTime: search.pickup.dateTime },
        },
        car.rateInfo.totalAmount.currencyCode,
      ),
    },
    co2Emission: { value: vehicle.co2GramsPerKm, unit: "G_PER_KM" },
    isFlightNumberMandatoryForPickup: isFlightNumberMandatory(vendor.code, car.pickupLocation),
  };
}
