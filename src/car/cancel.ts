/** `cancel-pnr`: cancels a car PNR. */
import { apiPath, type TravelClient } from "../client";
import {
  type CarCancelRequest,
  type CarCancelResponse,
  carCancelRequestSchema,
  carCancelResponseSchema,
} from "../schemas/car";
import { validateInput } from "./validate";

/**
 * Cancels a car PNR and returns the vendor's cancellation number (`confirmationId`) and the
 * refund it started. The platform refuses a PNR that is already cancelled or was replaced by a
 * modification. Not idempotent: it is never retried after the request may have reached the platform.
 */
export async function cancelCarBooking(
  client: TravelClient,
  input: CarCancelRequest,
): Promise<CarCancelResponse> {
  const body = validateInput(carCancelRequestSchema, input, "cancelCarBooking");
  return client.post(apiPath`/v2/car/pnrs/${body.pnrId}/cancel-pnr`, {
    body,
    idempotent: false,
    schema: carCancelResponseSchema,
  });
}
