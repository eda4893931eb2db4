/**
 * Asks a definition's `refuseUpdate` (`model/custom-update.ts`) about an update in place, so that
 * an update the platform would refuse now fails the preview (both hosts call it from their diff)
 * and nothing is sent; and the platform's clock such a refusal goes by.
 */
import type { Recorded } from "../model/recorded";
import type { ResourceDefinition } from "../model/definition";
import type { ResourceContext } from "../model/resource-context";
import { containsUnknown } from "../model/unknown-values";
import type { Values } from "../model/values";

/**
 * Why the platform would refuse to update `recorded` to `news` now, or undefined. Nothing is asked
 * of a definition without the override or while a new input is unknown (the diff of `up` asks
 * again with the values known).
 */
export async function updateRefusal<I extends Values, S extends Values>(
  definition: ResourceDefinition<I, S>,
  ctx: ResourceContext,
  recorded: Recorded<I, S>,
  news: Values,
): Promise<string | undefined> {
  const custom = definition.capabilities?.custom;
  if (custom?.refuseUpdate === undefined || containsUnknown(news)) return undefined;
  return custom.refuseUpdate(ctx, recorded, news as I);
}

/**
 * The platform's time in milliseconds, from the `Date` of its answers (`TravelClient.platformNow`),
 * never the local clock. When the process has had no answer yet, one GET of `probePath` (a cheap
 * authenticated read about the object, such as its company's) learns it; undefined when it cannot
 * be learned (the client logs why at debug), and a refusal then refuses nothing.
 */
export async function platformNowMs(ctx: ResourceContext, probePath: string): Promise<number | undefined> {
  return (await ctx.client.learnPlatformNow(probePath))?.getTime();
}
