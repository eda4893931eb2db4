/** What a resource's API calls get, and how the provider obtains it at call time. */
import type { TravelClient } from "../client";

/** What a resource's API calls get. */
export interface ResourceContext {
  client: TravelClient;
}

/** Supplies the API context lazily, at call time. */
export type ContextFactory = () => ResourceContext;
