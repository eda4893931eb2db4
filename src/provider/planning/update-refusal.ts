/**
 * Asks a definition's `refusedUpdate` (its update rules, `model/update-rules.ts`) about an update
 * in place, by the platform's clock, so that an update the platform would refuse now fails the
 * preview (both hosts call it from their diff) and nothing is sent.
 */
import type { ResourceDefinition } from "../model/definition";
import type { ResourceContext } from "../model/resource-context";
import type { Recorded } from "../model/recorded";
import { containsUnknown } from "../model/unknown-values";
import type { Values } from "../model/values";

/**
 * Why the platform would refuse to update `recorded` to `news` now, or undefined. Nothing is asked
 * of a definition without the rule or while a new input is unknown (the diff of `up` asks again
 * with the values known); the platform's time is learned with one request (the definition's
 * `clockProbe`) when no answer has been received yet, and when it cannot be learned nothing is
 * refused (the client logs why at debug).
 */
export async function updateRefusal<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  ctx: ResourceContext,
  recorded: Recorded<I, S>,
  news: Values,
): Promise<string | undefined> {
  const rules = definition.capabilities?.update;
  if (rules?.refusedUpdate === undefined || containsUnknown(news)) return undefined;
  const now = await ctx.client.learnPlatformNow(rules.clockProbe?.(recorded));
  return now === undefined ? undefined : rules.refusedUpdate(recorded, news, now.getTime());
}
