/** The modify search of a booking: its own places and times unless overridden. */
import type { CarBooking, CarModifySearchRequest } from "../schemas/car";

/** A place and a local time; a missing part keeps the booking's. */
export interface PlaceTimeOverride {
  locationCode?: string | undefined;
  dateTime?: string | undefined;
}

/** Where and when to search, each part defaulting to the booking's. */
export interface SearchOverrides {
  pickup?: PlaceTimeOverride | undefined;
  dropOff?: PlaceTimeOverride | undefined;
}

/**
 * Pickup and drop-off of a change search: the booking's, with `overrides` applied. When only the
 * pickup location changes and the booking returns the car where it started, the drop-off
 * location follows the pickup.
 */
export function searchPlacesFor(
  booking: Pick<CarBooking, "pickup" | "dropOff">,
  overrides: SearchOverrides = {},
): Pick<CarModifySearchRequest, "pickup" | "dropOff"> {
  const roundTrip = booking.pickup.locationCode === booking.dropOff.locationCode;
  const pickupLocation = overrides.pickup?.locationCode ?? booking.pickup.locationCode;
  return {
    pickup: {
      locationCode: pickupLocation,
      dateTime: overrides.pickup?.dateTime ?? booking.pickup.dateTime,
    },
    dropOff: {
      locationCode:
        overrides.dropOff?.locationCode ?? (roundTrip ? pickupLocation : booking.dropOff.locationCode),
      dateTime: overrides.dropOff?.dateTime ?? booking.dropOff.dateTime,
    },
  };
}
