/** What a resource's API calls get, and how the provider obtains it at call time. */
import type { TravelClient } from "../../client";

/** Shows the person running Pulumi a warning of the run (each host has its own way to the engine). */
export type WarningSink = (message: string) => Promise<void>;

/** What a resource's API calls get. */
export interface ResourceContext {
  client: TravelClient;
  /** The host's way to warn through the engine; without it, warnings go to stderr. */
  warn?: WarningSink | undefined;
  /**
   * True while an object is read to be imported: `read` then observes every input the platform
   * holds, not only the declared ones, so the imported resource declares what the object is.
   */
  importing?: boolean | undefined;
}

/** Supplies the API context lazily, at call time. */
export type ContextFactory = () => ResourceContext;

/** Gives `message` to the engine as a warning of the run, through the context's host. */
export async function warnRun(ctx: ResourceContext, message: string): Promise<void> {
  if (ctx.warn) return ctx.warn(message);
  process.stderr.write(`warning: ${message}\n`);
}
