/**
 * The trip listing: `POST /v3/trips/list`. The platform description says a trip endpoint shows
 * booking information but does not show a listing, so its shape is pulumi-travel's design
 * (docs/api-decisions.md, "Trip listing"), modelled on the platform's other `.../list` POSTs.
 *
 * Hand-written: the vendor's documents (vendor-api/) describe no trip API (src/contract does not
 * apply).
 */
import { z } from "zod";
import { carPlaceTimeSchema, pnrStatusSchema } from "./car";

/** Body of `POST /v3/trips/list`. */
export const tripListRequestSchema = z.strictObject({
  /** Only the trips of this company (default: every company the caller may manage). */
  companyId: z.string().min(1).optional(),
  /** Trips to skip, oldest first (default 0). */
  offset: z.number().int().min(0).default(0),
  /** Trips per page, 1–100 (default 100). */
  limit: z.number().int().min(1).max(100).default(100),
});

/** Input of {@link tripListRequestSchema}. */
export type TripListRequest = z.input<typeof tripListRequestSchema>;

/** A car PNR as the trip listing shows it. */
export const tripCarPnrSchema = z.looseObject({
  pnrId: z.string(),
  pnrStatus: pnrStatusSchema,
  vendor: z.looseObject({ code: z.string(), name: z.string() }),
  vendorConfirmationNumber: z.string(),
  pickup: carPlaceTimeSchema,
  dropOff: carPlaceTimeSchema,
  sourcePnrId: z.string().optional(),
  replacedByPnrId: z.string().optional(),
});

/** Inferred {@link tripCarPnrSchema}. */
export type TripCarPnr = z.output<typeof tripCarPnrSchema>;

/** A trip with its car PNRs, replaced and cancelled ones included, oldest first. */
export const tripSummarySchema = z.looseObject({
  tripId: z.string(),
  name: z.string(),
  companyId: z.string(),
  travelers: z.array(z.looseObject({ userId: z.string(), name: z.string().optional() })),
  createdAt: z.string(),
  carPnrs: z.array(tripCarPnrSchema),
});

/** Inferred {@link tripSummarySchema}. */
export type TripSummary = z.output<typeof tripSummarySchema>;

/** Answer of `POST /v3/trips/list`. */
export const tripListResponseSchema = z.looseObject({
  trips: z.array(tripSummarySchema),
  offset: z.number().int(),
  limit: z.number().int(),
  totalCount: z.number().int(),
});

/** Inferred {@link tripListResponseSchema}. */
export type TripListResponse = z.output<typeof tripListResponseSchema>;
