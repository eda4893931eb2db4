/** Progress events of {@link modifyCarBooking}, in the order they happen. */
import type {
  CarBooking,
  CarModifyBookResponse,
  CarOption,
  CarPriceCheck,
  CarRate,
  CarRateDetails,
} from "../schemas/car";

/** One step of the modify flow. */
export type CarFlowEvent =
  | { type: "booking-read"; booking: CarBooking }
  | { type: "searched"; searchId: string; carCount: number }
  | { type: "car-selected"; car: CarOption }
  | { type: "rate-details"; details: CarRateDetails }
  | { type: "price-checked"; attempt: 1 | 2; quote: CarPriceCheck }
  | { type: "price-change"; attempt: 1 | 2; oldRate: CarRate; newRate: CarRate; accepted: boolean }
  | { type: "booking"; bookingKey: string }
  | { type: "hold-expired"; bookingKey: string }
  | { type: "booked"; response: CarModifyBookResponse };

/** Receives progress events; the flow waits for a returned promise before it goes on. */
export type CarFlowListener = (event: CarFlowEvent) => void | Promise<void>;
