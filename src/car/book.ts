/** `modify-book`: applies a held price to a car PNR. */
import { apiPath, type TravelClient } from "../client";
import {
  type CarModifyBookRequest,
  type CarModifyBookResponse,
  carModifyBookRequestSchema,
  carModifyBookResponseSchema,
} from "../schemas/car";
import { requireId, validateInput } from "./validate";

/** Input of {@link bookCarChange}: the PNR being changed and the modify-book body. */
export type BookCarChangeInput = CarModifyBookRequest & { pnrId: string };

/**
 * Books the change priced by `bookingKey`, on the original trip. When the supplier rebooks,
 * the answer's `pnrId` is new and `sourcePnrId` is the replaced PNR; otherwise both are equal.
 * Not idempotent: it is never retried after the request may have reached the platform.
 */
export async function bookCarChange(
  client: TravelClient,
  input: BookCarChangeInput,
): Promise<CarModifyBookResponse> {
  const { pnrId, ...request } = input;
  requireId(pnrId, "pnrId", "bookCarChange");
  const body = validateInput(carModifyBookRequestSchema, request, "bookCarChange");
  return client.post(apiPath`/v2/car/pnrs/${pnrId}/modify-book`, {
    body,
    idempotent: false,
    schema: carModifyBookResponseSchema,
  });
}
