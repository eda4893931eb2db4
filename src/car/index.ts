/**
 * Car booking changes: typed calls for each platform step and {@link modifyCarBooking}, the whole
 * flow. Actions, not configuration, so not Pulumi resources; everything goes through
 * {@link TravelClient} and nothing here imports `@pulumi/pulumi`.
 */
export { type BookCarChangeInput, bookCarChange } from "./book";
export { type CarBookingRef, getCarBooking } from "./booking";
export { cancelCarBooking } from "./cancel";
export { type CancellationCost, cancellationCostAt, quoteCancellation } from "./cancellation-cost";
export { type CarChangeImpact, changeImpact, changeImpactText } from "./change-impact";
export { CarChangeError, type CarChangeErrorCode, errorCodeOf } from "./errors";
export type { CarFlowEvent, CarFlowListener } from "./flow-events";
export {
  type CarChangeBooked,
  type CarChangeDeclined,
  type CarChangePriceRejected,
  type CarChangeQuote,
  type ModifyCarBookingOptions,
  type ModifyCarBookingResult,
  modifyCarBooking,
} from "./modify-flow";
export {
  acceptsPriceChange,
  type PriceChangeContext,
  type PriceChangeDecider,
  type PriceChangePolicy,
  priceDifference,
  sameTotal,
} from "./price-change";
export { checkPrice } from "./price-check";
export { type CarSelectionInput, getRateDetails } from "./rate-details";
export { type SearchCarChangesInput, searchCarChanges } from "./search";
export { type PlaceTimeOverride, type SearchOverrides, searchPlacesFor } from "./search-defaults";
export { type CarCriteria, type CarSelector, describeSelector, selectCar } from "./select";
export { listTrips } from "./trips";
export * from "../schemas/trips";
export * from "../schemas/car";
