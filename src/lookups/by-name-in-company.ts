/**
 * The search the RBAC lookups share: the objects of one of a company's RBAC listings (`POST …` paged
 * with `pagination`, searched by name without case), those whose name is exactly the one given.
 */
import { z } from "zod";
import { listAll, type TravelClient } from "../client";
import { exactlyOne } from "./lookup-error";
import { requiredArg, type Search } from "./lookup";

/** Arguments of a lookup by name within a company, as the provider function declares them. */
export const nameInCompanyArgs = z.strictObject({
  companyId: z.string().min(1).describe("The company whose objects are searched."),
  name: z.string().min(1).describe("The name, exactly as the platform holds it."),
});

/** Arguments of a lookup by name within a company: the company searched and the exact name. */
export type NameInCompanyArgs = z.output<typeof nameInCompanyArgs>;

/** Where a listing is and how its pages hold the objects. */
export interface NamedListing<P extends object, T extends { id: string; name: string }> {
  /** The lookup's name, for argument errors: `getRole`. */
  lookup: string;
  /** The type, for the error: `Role`. */
  type: string;
  path: (companyId: string) => string;
  page: z.ZodType<P>;
  items: (page: P) => readonly T[];
  /** Said when nothing matches. */
  hint?: string | undefined;
}

/** The search of `listing`: exactly one object of the company with the given name. */
export function byNameInCompany<P extends object, T extends { id: string; name: string }>(
  listing: NamedListing<P, T>,
): Search<NameInCompanyArgs, T> {
  return async (client: TravelClient, args) => {
    const companyId = requiredArg(listing.lookup, args, "companyId");
    const name = requiredArg(listing.lookup, args, "name");
    const listed = await listAll(client, {
      path: listing.path(companyId),
      shape: "paginationBody",
      page: listing.page,
      items: listing.items,
      body: { searchText: name },
    });
    return exactlyOne(
      { type: listing.type, key: "name", value: name, scope: `in company ${companyId}` },
      listed.filter((object) => object.name === name),
      listing.hint,
    );
  };
}
