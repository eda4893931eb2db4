/**
 * Car booking changes: the bodies of `modify-search`, `rate-details`, `price-check`,
 * `modify-book`, `cancel-pnr` and the trip PNR read. The car module validates responses with them
 * and the emulator validates requests with them. Objects are loose: fields the platform adds pass
 * through. Field names the platform description does not show are recorded in
 * docs/api-decisions.md ("Car booking changes").
 *
 * Hand-written: the vendor's documents (vendor-api/) describe no car API, so these schemas are the
 * only check (src/contract does not apply).
 */
import { z } from "zod";
import { moneySchema, postalAddressSchema } from "./common";

/** An amount of money, `{ amount, currencyCode }`. */
export type Money = z.output<typeof moneySchema>;

/** Type-error messages: "is required" when the field is missing, "must be a <type>" otherwise. */
function typeError(type: string) {
  return {
    error: (issue: { input: unknown }) => (issue.input === undefined ? "is required" : `must be a ${type}`),
  };
}

/** A required string field: "is required" when missing, "must not be empty" when blank. */
function requiredString() {
  return z.string(typeError("string")).trim().min(1, "must not be empty");
}

/** A local date-time at a rental location, without a time zone: `2026-03-10T10:00`. */
export const localDateTimeSchema = z
  .string(typeError("string"))
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/,
    "must be a local date-time such as 2026-03-10T10:00 (no time zone)",
  )
  .refine((value) => !Number.isNaN(Date.parse(`${value}Z`)), "is not a valid date-time");

/** A rental location code: an IATA airport code (`LAX`) or a branch code (`LAXC01`). */
export const locationCodeSchema = z
  .string(typeError("string"))
  .regex(/^[A-Z0-9]{3,8}$/, "must be a location code such as LAX or LAXC01");

/** A vendor code: the two-character rental company code, such as `ZE`. */
export const vendorCodeSchema = z
  .string()
  .regex(/^[A-Z0-9]{2}$/, "must be a 2-character vendor code such as ZE");

/** Where and when a rental starts or ends (`pickup`, `dropOff`). */
export const carPlaceTimeSchema = z.looseObject({
  locationCode: locationCodeSchema,
  dateTime: localDateTimeSchema,
});

/** Inferred {@link carPlaceTimeSchema}. */
export type CarPlaceTime = z.output<typeof carPlaceTimeSchema>;

/** Car size classes. */
export const carCategorySchema = z.enum(["ECONOMY", "COMPACT", "INTERMEDIATE", "FULLSIZE", "SUV", "PREMIUM"]);

/** Inferred {@link carCategorySchema}. */
export type CarCategory = z.output<typeof carCategorySchema>;

/** Transmission types. */
export const transmissionSchema = z.enum(["AUTOMATIC", "MANUAL"]);

/** Status of a PNR: `REPLACED` when a modification rebooked it into a new PNR. */
export const pnrStatusSchema = z.enum(["CONFIRMED", "CANCELLED", "REPLACED"]);

/** Inferred {@link pnrStatusSchema}. */
export type PnrStatus = z.output<typeof pnrStatusSchema>;

/** A rental company. */
export const carVendorSchema = z.looseObject({ code: z.string(), name: z.string() });

/** Inferred {@link carVendorSchema}. */
export type CarVendor = z.output<typeof carVendorSchema>;

/** A rental location (`pickupLocation`, `dropOffLocation`). */
export const carLocationSchema = z.looseObject({
  code: z.string(),
  name: z.string(),
  isAirport: z.boolean(),
  address: postalAddressSchema.loose().optional(),
});

/** Inferred {@link carLocationSchema}. */
export type CarLocation = z.output<typeof carLocationSchema>;

/** The car itself. */
export const carVehicleSchema = z.looseObject({
  category: carCategorySchema,
  acrissCode: z.string(),
  description: z.string(),
  seats: z.number().int().optional(),
  transmission: transmissionSchema.optional(),
  fuelType: z.string().optional(),
});

/** Inferred {@link carVehicleSchema}. */
export type CarVehicle = z.output<typeof carVehicleSchema>;

/**
 * Rate information (`rateInfo` of a search result, `finalRateInfo` of a price check):
 * `totalAmount` = `baseAmount` − `loyaltyDiscount` + `youngRenterFee` + `oneWayFee` + `taxesAndFees`.
 */
export const carRateSchema = z.looseObject({
  rentalDays: z.number().int().positive(),
  dailyRate: moneySchema,
  baseAmount: moneySchema,
  loyaltyDiscount: moneySchema.optional(),
  youngRenterFee: moneySchema.optional(),
  oneWayFee: moneySchema.optional(),
  taxesAndFees: moneySchema,
  totalAmount: moneySchema,
});

/** Inferred {@link carRateSchema}. */
export type CarRate = z.output<typeof carRateSchema>;

/** `filters` of a modify search. */
export const carSearchFiltersSchema = z.looseObject({
  vendorCodes: z.array(vendorCodeSchema).min(1, "must not be empty when given").optional(),
  categories: z.array(carCategorySchema).min(1, "must not be empty when given").optional(),
  transmission: transmissionSchema.optional(),
  maxTotalAmount: z.number().positive("must be positive").optional(),
});

/** One entry of `sortOptions`; earlier entries take precedence. */
export const carSortOptionSchema = z.looseObject({
  sortBy: z.enum(["PRICE", "VENDOR", "CATEGORY"]),
  sortOrder: z.enum(["ASCENDING", "DESCENDING"]).optional(),
});

/** Inferred {@link carSortOptionSchema}. */
export type CarSortOption = z.output<typeof carSortOptionSchema>;

/** Body of `POST /v2/car/pnrs/{pnrId}/modify-search`. */
export const carModifySearchRequestSchema = z
  .looseObject({
    pickup: carPlaceTimeSchema,
    dropOff: carPlaceTimeSchema,
    filters: carSearchFiltersSchema.optional(),
    sortOptions: z.array(carSortOptionSchema).max(3, "takes at most 3 entries").optional(),
    renterAge: z.number().int("must be a whole number").min(18, "must be 18 or more").max(99).optional(),
    loyaltyCode: z.string().trim().min(1, "must not be empty").max(64).optional(),
  })
  .superRefine((request, ctx) => {
    if (Date.parse(`${request.dropOff.dateTime}Z`) <= Date.parse(`${request.pickup.dateTime}Z`)) {
      ctx.addIssue({
        code: "custom",
        path: ["dropOff", "dateTime"],
        message: "must be after pickup.dateTime",
      });
    }
  });

/** Inferred body of a modify search, as callers write it. */
export type CarModifySearchRequest = z.input<typeof carModifySearchRequestSchema>;

/** One car offered by a modify search. */
export const carOptionSchema = z.looseObject({
  carId: z.string().min(1),
  vendor: carVendorSchema,
  vehicle: carVehicleSchema,
  pickupLocation: carLocationSchema,
  dropOffLocation: carLocationSchema,
  rateInfo: carRateSchema,
  /** Whether the car is picked up where the original booking was. */
  isSamePickupLocation: z.boolean(),
});

/** Inferred {@link carOptionSchema}. */
export type CarOption = z.output<typeof carOptionSchema>;

/** Response of a modify search. */
export const carSearchResponseSchema = z.looseObject({
  searchId: z.string().min(1),
  /** When the search stops accepting rate-details and price-check calls (ISO 8601). */
  expiresAt: z.string().optional(),
  cars: z.array(carOptionSchema),
});

/** Inferred {@link carSearchResponseSchema}. */
export type CarSearchResponse = z.output<typeof carSearchResponseSchema>;

/** Body of `POST /v2/car/rate-details` and `POST /v2/car/price-check`. */
export const carSelectionRequestSchema = z.looseObject({
  searchId: requiredString(),
  carId: requiredString(),
  isModify: z.boolean(typeError("boolean")),
});

/** Inferred body of rate-details and price-check. */
export type CarSelectionRequest = z.input<typeof carSelectionRequestSchema>;

/** The cancellation penalty: a fixed amount or a percentage of the total. */
export const cancellationPenaltySchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("AMOUNT"), amount: moneySchema }),
  z.looseObject({ type: z.literal("PERCENTAGE"), percentage: z.number().min(0).max(100) }),
]);

/** Inferred {@link cancellationPenaltySchema}. */
export type CancellationPenalty = z.output<typeof cancellationPenaltySchema>;

/** Free cancellation until `deadline` (ISO 8601); after it the `penalty` applies. */
export const cancellationPolicySchema = z.looseObject({
  deadline: z.string(),
  penalty: cancellationPenaltySchema,
});

/** Inferred {@link cancellationPolicySchema}. */
export type CancellationPolicy = z.output<typeof cancellationPolicySchema>;

/** CO2 emission of a car. */
export const co2EmissionSchema = z.looseObject({ value: z.number().min(0), unit: z.string() });

/** Response of rate-details. */
export const carRateDetailsSchema = z.looseObject({
  pickupLocation: carLocationSchema,
  dropOffLocation: carLocationSchema,
  vendor: carVendorSchema,
  additionalDetails: z.looseObject({
    vehicle: carVehicleSchema.optional(),
    mileage: z.string().optional(),
    fuelPolicy: z.string().optional(),
    inclusions: z.array(z.string()).optional(),
    minimumRenterAge: z.number().int().optional(),
    cancellationPolicy: cancellationPolicySchema.optional(),
  }),
  co2Emission: co2EmissionSchema,
  isFlightNumberMandatoryForPickup: z.boolean(),
});

/** Inferred {@link carRateDetailsSchema}. */
export type CarRateDetails = z.output<typeof carRateDetailsSchema>;

/** Response of price-check. */
export const carPriceCheckSchema = z.looseObject({
  bookingKey: z.string().min(1),
  hasPriceChanged: z.boolean(),
  /** Seconds the price is held; book with `bookingKey` before then. */
  timeoutSeconds: z.number().int().positive(),
  finalRateInfo: carRateSchema,
});

/** Inferred {@link carPriceCheckSchema}. */
export type CarPriceCheck = z.output<typeof carPriceCheckSchema>;

/** How a booking is paid. `PAY_AT_VENDOR` charges nothing up front. */
export const paymentMethodSchema = z.enum(["PAY_AT_VENDOR", "CREDIT_CARD", "CENTRAL_CARD", "VIRTUAL_CARD"]);

/** Inferred {@link paymentMethodSchema}. */
export type PaymentMethod = z.output<typeof paymentMethodSchema>;

/** `bookingCharges`: the selected payment method; prepaid methods name their payment source. */
export const bookingChargesSchema = z
  .looseObject({
    paymentMethod: paymentMethodSchema,
    paymentSourceId: z.string().trim().min(1, "must not be empty").optional(),
  })
  .superRefine((charges, ctx) => {
    if (charges.paymentMethod !== "PAY_AT_VENDOR" && charges.paymentSourceId === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["paymentSourceId"],
        message: `is required for paymentMethod ${charges.paymentMethod}`,
      });
    }
  });

/** Inferred {@link bookingChargesSchema}. */
export type BookingCharges = z.output<typeof bookingChargesSchema>;

/** A traveler on a trip. */
export const carTravelerSchema = z.looseObject({ userId: requiredString(), name: z.string().optional() });

/** `tripData` of modify-book: the original trip and its travelers. */
export const tripDataSchema = z.looseObject({
  tripId: requiredString(),
  travelers: z.array(carTravelerSchema).min(1, "needs at least one traveler"),
});

/** `waiveOffInfo`: an agent's reason for waiving the TMC fee. */
export const waiveOffInfoSchema = z.looseObject({
  waiveOffReason: z.looseObject({ reasonCode: requiredString(), reason: z.string().optional() }),
});

/** Inferred {@link waiveOffInfoSchema}. */
export type WaiveOffInfo = z.input<typeof waiveOffInfoSchema>;

/** An IATA flight number such as `UA123`. */
export const flightNumberSchema = z
  .string()
  .regex(/^[A-Z0-9]{2}\d{1,4}[A-Z]?$/, "must be an IATA flight number such as UA123");

/** Body of `POST /v2/car/pnrs/{pnrId}/modify-book`. */
export const carModifyBookRequestSchema = z.looseObject({
  bookingKey: requiredString(),
  carId: requiredString(),
  tripData: tripDataSchema,
  bookingCharges: bookingChargesSchema,
  arrivalFlightNumber: flightNumberSchema.optional(),
  bookingPaymentDetails: z.looseObject({}).optional(),
  waiveOffInfo: waiveOffInfoSchema.optional(),
});

/** Inferred body of modify-book, as callers write it. */
export type CarModifyBookRequest = z.input<typeof carModifyBookRequestSchema>;

/**
 * Response of modify-book. When the supplier cancelled and rebooked, `pnrId` is new and
 * `sourcePnrId` is the replaced PNR; when it modified in place, both are the same.
 */
export const carModifyBookResponseSchema = z.looseObject({
  pnrId: z.string().min(1),
  sourcePnrId: z.string().min(1),
  pnrStatus: pnrStatusSchema,
  tripId: z.string().optional(),
});

/** Inferred {@link carModifyBookResponseSchema}. */
export type CarModifyBookResponse = z.output<typeof carModifyBookResponseSchema>;

/** A traveler's answer to a custom field at cancellation. */
export const customFieldUserResponseSchema = z.looseObject({
  fieldId: requiredString(),
  armId: z.string().optional(),
  selectedOptions: z
    .array(z.looseObject({ name: requiredString(), description: z.string().optional() }))
    .optional(),
});

/** Body of `POST /v2/car/pnrs/{pnrId}/cancel-pnr`. */
export const carCancelRequestSchema = z.looseObject({
  pnrId: requiredString(),
  customFieldUserResponses: z.array(customFieldUserResponseSchema).optional(),
  waiveOffInfo: waiveOffInfoSchema.optional(),
});

/** Inferred body of cancel-pnr, as callers write it. */
export type CarCancelRequest = z.input<typeof carCancelRequestSchema>;

/**
 * The refund a cancellation started: `INITIATED` (prepaid, amount after any penalty),
 * `NOT_ELIGIBLE` (prepaid, the penalty takes everything) or `NOT_APPLICABLE` (paid at the vendor).
 */
export const carRefundSchema = z.looseObject({
  status: z.enum(["INITIATED", "NOT_ELIGIBLE", "NOT_APPLICABLE"]),
  amount: moneySchema.optional(),
  refundId: z.string().optional(),
});

/** Inferred {@link carRefundSchema}. */
export type CarRefund = z.output<typeof carRefundSchema>;

/** Response of cancel-pnr. `confirmationId` is the vendor's cancellation number. */
export const carCancelResponseSchema = z.looseObject({
  confirmationId: z.string().min(1),
  pnrId: z.string().optional(),
  pnrStatus: pnrStatusSchema.optional(),
  penalty: moneySchema.optional(),
  refund: carRefundSchema.optional(),
});

/** Inferred {@link carCancelResponseSchema}. */
export type CarCancelResponse = z.output<typeof carCancelResponseSchema>;

/** The cancellation of a cancelled PNR. */
export const carCancellationSchema = z.looseObject({
  confirmationId: z.string(),
  cancelledAt: z.string(),
  penalty: moneySchema,
  refund: carRefundSchema,
});

/** Response of `GET /v3/trips/{tripId}/pnrs/{pnrId}` for a car PNR. */
export const carBookingSchema = z.looseObject({
  tripId: z.string().min(1),
  pnrId: z.string().min(1),
  pnrVersion: z.number().int().optional(),
  pnrStatus: pnrStatusSchema,
  /** The PNR this one replaced, when a modification rebooked. */
  sourcePnrId: z.string().optional(),
  /** The PNR that replaced this one (status `REPLACED`). */
  replacedByPnrId: z.string().optional(),
  vendorConfirmationNumber: z.string().optional(),
  carId: z.string().optional(),
  vendor: carVendorSchema,
  vehicle: carVehicleSchema.optional(),
  pickup: carPlaceTimeSchema,
  dropOff: carPlaceTimeSchema,
  pickupLocation: carLocationSchema,
  dropOffLocation: carLocationSchema,
  rateInfo: carRateSchema,
  travelers: z.array(carTravelerSchema),
  bookingCharges: bookingChargesSchema,
  arrivalFlightNumber: z.string().optional(),
  cancellationPolicy: cancellationPolicySchema,
  cancellation: carCancellationSchema.optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});

/** Inferred {@link carBookingSchema}. */
export type CarBooking = z.output<typeof carBookingSchema>;
