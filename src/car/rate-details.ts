/** `rate-details`: locations, vendor, CO2 and the flight-number rule of one searched car. */
import type { TravelClient } from "../client";
import { type CarRateDetails, carRateDetailsSchema, carSelectionRequestSchema } from "../schemas/car";
import { validateInput } from "./validate";

/** Which car of which search. */
export interface CarSelectionInput {
  searchId: string;
  carId: string;
}

/** Reads the rate details of a car from a modify search (`isModify: true`). */
export async function getRateDetails(
  client: TravelClient,
  input: CarSelectionInput,
): Promise<CarRateDetails> {
  const body = validateInput(carSelectionRequestSchema, { ...input, isModify: true }, "getRateDetails");
  return client.post("/v2/car/rate-details", { body, idempotent: true, schema: carRateDetailsSchema });
}
