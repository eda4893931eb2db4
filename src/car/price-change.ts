/** Price-change policy of the modify flow, and rate comparisons. */
import type { CarOption, CarRate, Money } from "../schemas/car";

/** What a price-change callback is told besides the two rates. */
export interface PriceChangeContext {
  car: CarOption;
  /** 1 at the first price check, 2 when the hold expired and the car was priced again. */
  attempt: 1 | 2;
}

/** Decides whether to book at `newRate` instead of `oldRate`, the last price accepted. */
export type PriceChangeDecider = (
  oldRate: CarRate,
  newRate: CarRate,
  context: PriceChangeContext,
) => boolean | Promise<boolean>;

/** `true` accepts any change, `false` rejects any, or a callback decides. */
export type PriceChangePolicy = boolean | PriceChangeDecider;

/** Whether two rates cost the same in total. */
export function sameTotal(a: CarRate, b: CarRate): boolean {
  return (
    a.totalAmount.currencyCode === b.totalAmount.currencyCode &&
    Math.round(a.totalAmount.amount * 100) === Math.round(b.totalAmount.amount * 100)
  );
}

/** Rounds to an integer, halves away from zero, so a rise and a fall of the same size round alike. */
function roundHalfAway(value: number): number {
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return rounded === 0 ? 0 : rounded; // never -0
}

/** The change of total from `oldRate` to `newRate`, and the same as a percentage (one decimal, halves away from zero). */
export function priceDifference(oldRate: CarRate, newRate: CarRate): { difference: Money; percent: number } {
  const before = Math.round(oldRate.totalAmount.amount * 100);
  const after = Math.round(newRate.totalAmount.amount * 100);
  return {
    difference: { amount: (after - before) / 100, currencyCode: newRate.totalAmount.currencyCode },
    percent: before === 0 ? 0 : roundHalfAway(((after - before) / before) * 1000) / 10,
  };
}

/** Applies a {@link PriceChangePolicy}. */
export async function acceptsPriceChange(
  policy: PriceChangePolicy,
  oldRate: CarRate,
  newRate: CarRate,
  context: PriceChangeContext,
): Promise<boolean> {
  return typeof policy === "boolean" ? policy : (await policy(oldRate, newRate, context)) === true;
}
