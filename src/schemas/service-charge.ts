/**
 * Service charges of the vendor Company API: the company's per-trip charge configuration
 * (`SetCompanyPerTripSrvChargeRequest`, `GetCompanyPerTripSrvChargeResponse`) and the charges
 * recorded against a trip or user (`ListServiceChargesRequest`/`Response`).
 */
import { z } from "zod";
import { currencyCodeSchema, moneySchema } from "./common";
import { tierSchema } from "./company-configs";
import { uniqueBy } from "./refinements";
import { keyedBy } from "./keyed-by";
import { unordered } from "./unordered";

/** A charge amount: `Money` that is not negative. */
export const chargeMoneySchema = moneySchema.extend({ amount: z.number().min(0, "must not be negative") });

const chargeList = unordered(
  keyedBy(
    "currencyCode",
    z
      .array(chargeMoneySchema)
      .superRefine(uniqueBy("currencyCode", (money: { currencyCode: string }) => money.currencyCode)),
  ),
);

/**
 * `FixedChargeConfig`: `charges` (one per currency) is required; `defaultCurrencyCode`, when
 * given, must be one of their currencies; `tierCharges` has one entry per traveler tier.
 */
export const fixedChargeConfigSchema = z
  .looseObject({
    charges: chargeList,
    defaultCurrencyCode: currencyCodeSchema.optional(),
    tierCharges: unordered(
      keyedBy(
        "tier",
        z
          .array(z.looseObject({ tier: tierSchema, charges: chargeList }))
          .superRefine(uniqueBy("tier", (entry: { tier: string }) => entry.tier)),
      ),
    ).optional(),
  })
  .superRefine((config, ctx) => {
    const currencies = new Set(config.charges.map((money) => money.currencyCode));
    if (config.defaultCurrencyCode !== undefined && !currencies.has(config.defaultCurrencyCode))
      ctx.addIssue({
        code: "custom",
        path: ["defaultCurrencyCode"],
        message: `${config.defaultCurrencyCode} is not among the currencies of charges`,
      });
  });

/** Inferred `FixedChargeConfig`. */
export type FixedChargeConfig = z.output<typeof fixedChargeConfigSchema>;

/** `SetCompanyPerTripSrvChargeRequest`. */
export const setCompanyPerTripSrvChargeRequestSchema = z.looseObject({ config: fixedChargeConfigSchema });

/** Inferred `SetCompanyPerTripSrvChargeRequest`. */
export type SetCompanyPerTripSrvChargeRequest = z.output<typeof setCompanyPerTripSrvChargeRequestSchema>;

/** `GetCompanyPerTripSrvChargeResponse`. */
export const getCompanyPerTripSrvChargeResponseSchema = z.looseObject({
  config: fixedChargeConfigSchema.optional(),
  enabled: z.boolean().optional(),
  enableDisableOpSupported: z.boolean().optional(),
});

/** Inferred `GetCompanyPerTripSrvChargeResponse`. */
export type GetCompanyPerTripSrvChargeResponse = z.output<typeof getCompanyPerTripSrvChargeResponseSchema>;

/** `ServiceChargeEntityType`. */
export const serviceChargeEntityTypeSchema = z.enum(["TRIP", "USER"]);

/** `ServiceChargeType`. */
export const serviceChargeTypeSchema = z.enum(["TMC_CHARGE"]);

/** `ServiceType`. */
export const serviceTypeSchema = z.enum(["ITINERARY_BOOKING", "AGENT_CONTACT"]);

/** `ListServiceChargesRequest`. */
export const listServiceChargesRequestSchema = z.looseObject({ serviceType: serviceTypeSchema.optional() });

/** Inferred `ListServiceChargesRequest`. */
export type ListServiceChargesRequest = z.output<typeof listServiceChargesRequestSchema>;

/** `ServiceChargeRecord`, with its required fields; the rest passes through. */
export const serviceChargeRecordSchema = z.looseObject({
  entity: z.looseObject({ entityType: serviceChargeEntityTypeSchema, entityId: z.string().min(1) }),
  serviceChargeType: serviceChargeTypeSchema,
  serviceType: serviceTypeSchema,
  chargeId: z.string().optional(),
  charge: z.looseObject({
    amount: moneySchema,
    taxes: z.array(z.looseObject({ amount: moneySchema, taxCode: z.string(), description: z.string() })),
    totalAmount: moneySchema,
  }),
  transactionTime: z.looseObject({ iso8601: z.string() }),
  paymentStatus: z.enum(["SUCCESS", "DELAYED_INVOICE", "MANUAL", "NO_CHARGE", "WAIVED_OFF"]),
});

/** Inferred `ServiceChargeRecord`. */
export type ServiceChargeRecord = z.output<typeof serviceChargeRecordSchema>;

/** `ListServiceChargesResponse`. */
export const listServiceChargesResponseSchema = z.looseObject({
  serviceCharges: z.array(serviceChargeRecordSchema).default([]),
});

/** Inferred `ListServiceChargesResponse`. */
export type ListServiceChargesResponse = z.output<typeof listServiceChargesResponseSchema>;
