/** `modify-search`: the cars a car PNR could be changed to. */
import { apiPath, type TravelClient } from "../client";
import {
  type CarModifySearchRequest,
  type CarSearchResponse,
  carModifySearchRequestSchema,
  carSearchResponseSchema,
} from "../schemas/car";
import { requireId, validateInput } from "./validate";

/** Input of {@link searchCarChanges}: the PNR and the modify-search body. */
export type SearchCarChangesInput = CarModifySearchRequest & { pnrId: string };

/**
 * Searches replacement cars for a car PNR. The answer's `searchId` feeds {@link getRateDetails}
 * and {@link checkPrice}; each car says whether it is picked up where the original booking was.
 */
export async function searchCarChanges(
  client: TravelClient,
  input: SearchCarChangesInput,
): Promise<CarSearchResponse> {
  const { pnrId, ...request } = input;
  requireId(pnrId, "pnrId", "searchCarChanges");
  const body = validateInput(carModifySearchRequestSchema, request, "searchCarChanges");
  return client.post(apiPath`/v2/car/pnrs/${pnrId}/modify-search`, {
    body,
    idempotent: true,
    schema: carSearchResponseSchema,
  });
}
