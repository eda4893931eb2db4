/** `price-check`: the final price of a searched car, held for `timeoutSeconds` under a booking key. */
import type { TravelClient } from "../client";
import { type CarPriceCheck, carPriceCheckSchema, carSelectionRequestSchema } from "../schemas/car";
import type { CarSelectionInput } from "./rate-details";
import { validateInput } from "./validate";

/**
 * Prices a car of a modify search (`isModify: true`) and holds the price. Book with the returned
 * `bookingKey` before `timeoutSeconds` pass; `hasPriceChanged` compares with the search's price.
 */
export async function checkPrice(client: TravelClient, input: CarSelectionInput): Promise<CarPriceCheck> {
  const body = validateInput(carSelectionRequestSchema, { ...input, isModify: true }, "checkPrice");
  return client.post("/v2/car/price-check", { body, idempotent: true, schema: carPriceCheckSchema });
}
