/**
 * A lookup's search as a {@link ProviderFunction}, the form the plugin host serves (`Invoke`) and
 * the package schema describes: the same search the TypeScript lookup runs, with the client the
 * host hands it, and a result holding only the fields its `result` schema declares.
 */
import type { z } from "zod";
import type { ProviderFunction } from "../provider/model/provider-function";
import type { Values } from "../provider/model/values";
import type { Search } from "./lookup";

/** What a provider function declares besides its search. */
export interface FunctionDeclaration {
  /** The function's name, the lookup's: `getCompany`. */
  name: string;
  /** What it finds. */
  description: string;
  args: z.ZodObject<z.ZodRawShape>;
  result: z.ZodObject<z.ZodRawShape>;
}

/** The fields of `found` that `result` declares, those that are set. */
function declaredFields(result: z.ZodObject<z.ZodRawShape>, found: object): Values {
  const values = found as Values;
  return Object.fromEntries(
    Object.keys(result.shape)
      .filter((key) => values[key] !== undefined)
      .map((key) => [key, values[key]]),
  );
}

/** The provider function of `search`. */
export function providerFunctionOf<A extends object, R extends object>(
  declaration: FunctionDeclaration,
  search: Search<A, R>,
): ProviderFunction {
  return {
    ...declaration,
    call: async (client, args) => declaredFields(declaration.result, await search(client, args as A)),
  };
}
