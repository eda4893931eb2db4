/**
 * The package's provider functions: one per lookup, each running the same search as the
 * TypeScript lookup with the client the plugin host hands it. The plugin serves them (`Invoke`,
 * token `travel:index:<name>`) and the package schema describes them
 * (`scripts/gen-provider-schema.ts`); `test/unit/provider-functions.test.ts` checks that every lookup
 * has one.
 */
import type { ProviderFunction } from "../provider/model/provider-function";
import { keyedFunctions } from "./by-key";
import { getCompanyFunction } from "./company";
import { getRoleFunction } from "./role";
import { getUserGroupFunction } from "./user-group";

/** Every provider function: `getCompany`, `getUserGroup`, `getRole`, then one per keyed type. */
export const PROVIDER_FUNCTIONS: readonly ProviderFunction[] = [
  getCompanyFunction,
  getUserGroupFunction,
  getRoleFunction,
  ...keyedFunctions,
];
