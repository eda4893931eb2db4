/** What a resource's API calls get: the client of the run's configuration, and the run itself. */
import type { TravelClient } from "../../client";
import { Run, type WarningSink } from "./run";

export type { WarningSink } from "./run";

/** What a resource's API calls get. */
export interface ResourceContext {
  client: TravelClient;
  /** The engine run the call belongs to: its caches, claims, gates and warning sink (`run.ts`). */
  run: Run;
  /**
   * True while an object is read to be imported: `read` then observes every input the platform
   * holds, not only the declared ones, so the imported resource declares what the object is.
   */
  importing?: boolean | undefined;
}

/** Gives `message` to the engine as a warning of the run, through the context's host. */
export function warnRun(ctx: ResourceContext, message: string): Promise<void> {
  return ctx.run.warn(message);
}

/** Supplies a call's context lazily, at call time. */
export type ContextFactory = () => ResourceContext;

/** The context of a call of `run`: the client of its configuration as of now. */
export function contextOf(run: Run): ResourceContext {
  return { client: run.client, run };
}

/**
 * The context of a call outside an engine run (a lookup, a CLI command, a test): a run of its own
 * over `client`, warning on stderr unless `warn` is given.
 */
export function standaloneContext(client: TravelClient, warn?: WarningSink): ResourceContext {
  return contextOf(new Run({ client: () => client, warn }));
}
