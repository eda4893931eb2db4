/**
 * Admin operations of the car area (not part of the platform): seed demo trips for a company,
 * list trips, and queue deterministic price changes for price checks. Tests use this class in
 * process; `/_emulator/car/...` exposes the same over HTTP (see docs/car.md).
 */
import { z } from "zod";
import { newId } from "../core/ids";
import { carCollections, type PriceChangeRule, type TripRecord } from "./records";
import { type SeededTrip, seedDemoTrips } from "./seed";
import type { EmulatorContext } from "../context";
import { COMPANIES } from "../org/records";

/** A price-change rule as an admin writes it. */
export const priceChangeRequestSchema = z.strictObject({
  /** Percent the price moves by, such as 12.5 or -10. */
  percent: z
    .number()
    .min(-90, "must be at least -90")
    .max(500, "must be at most 500")
    .refine((p) => p !== 0, "must not be 0"),
  /** How many matching price checks it applies to (default 1). */
  count: z.number().int().min(1).max(1000).default(1),
  /** Only cars of this vendor. */
  vendorCode: z.string().min(1).optional(),
  /** Only this car. */
  carId: z.string().min(1).optional(),
});

/** Input of {@link CarAdmin.queuePriceChange}. */
export type PriceChangeRequest = z.input<typeof priceChangeRequestSchema>;

/** Car admin handle of one emulator: `new CarAdmin(emulator.context)`. */
export class CarAdmin {
  constructor(private readonly ctx: EmulatorContext) {}

  /** Seeds the demo trips (fresh ids) for `companyId`; throws when the company does not exist. */
  seedTrips(companyId: string): SeededTrip[] {
    if (!this.ctx.store.records(COMPANIES).has(companyId)) {
      throw new Error(`company ${companyId} does not exist`);
    }
    return seedDemoTrips(this.ctx, companyId);
  }

  /** Every trip, optionally of one company. */
  trips(companyId?: string): TripRecord[] {
    const { trips } = carCollections(this.ctx.store);
    return companyId === undefined ? trips.values() : trips.of(companyId).values();
  }

  /** Makes the next `count` price checks of matching cars change the price by `percent`. */
  queuePriceChange(request: PriceChangeRequest): PriceChangeRule {
    const parsed = priceChangeRequestSchema.safeParse(request);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`invalid price change ${issue?.path.join(".") || ""}: ${issue?.message ?? "invalid"}`);
    }
    const { count, ...rest } = parsed.data;
    const rule: PriceChangeRule = {
      ...rest,
      id: newId(),
      remaining: count,
      createdAtMs: this.ctx.clock.now(),
    };
    carCollections(this.ctx.store).priceChanges.set(rule.id, rule);
    return rule;
  }

  /** Pending price-change rules, oldest first. */
  priceChanges(): PriceChangeRule[] {
    return carCollections(this.ctx.store)
      .priceChanges.values()
      .sort((a, b) => a.createdAtMs - b.createdAtMs);
  }

  /** Removes every pending price-change rule. */
  clearPriceChanges(): void {
    const rules = carCollections(this.ctx.store).priceChanges;
    for (const rule of rules.values()) rules.delete(rule.id);
  }
}
