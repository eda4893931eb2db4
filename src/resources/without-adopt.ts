/** A resource's inputs as sent to the platform: without the provider-only `adoptId`. */
import { ADOPT_INPUT, type Values } from "../provider/kit";

/** `inputs` without `adoptId`, as sent to the platform. */
export function withoutAdopt<I extends Values>(inputs: I): Omit<I, typeof ADOPT_INPUT> {
  const { [ADOPT_INPUT]: _adopt, ...rest } = inputs;
  return rest;
}
