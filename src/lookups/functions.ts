/** Stand-in until the lookups' provider functions land (w29-schema). */
import type { ProviderFunction } from "../provider/model/provider-function";

/** The provider functions of the package's lookups. */
export const PROVIDER_FUNCTIONS: readonly ProviderFunction[] = [];
