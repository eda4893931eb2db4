/** `getCompany`: a company under the caller's TMC, by externalId or by name. */
import { z } from "zod";
import { apiPath, type TravelClient } from "../client";
import { definitions } from "../resources/registry";
import { companyResponseSchema, type companyRoleSchema, companyWritableFields } from "../schemas/company";
import { exactlyOne } from "./lookup-error";
import { lookupPair, oneKeyOf } from "./lookup";
import { providerFunctionOf } from "./provider-function-of";
import { standaloneContext } from "../provider/model/resource-context";

/** Arguments of {@link getCompany}: exactly one of the two. */
export type GetCompanyArgs =
  { externalId: string; name?: undefined } | { name: string; externalId?: undefined };

/** A company as the platform returns it: its id and its fields (those it holds). */
export type PlatformCompany = { id: string; companyRoles?: z.output<typeof companyRoleSchema>[] } & Partial<{
  [K in keyof typeof companyWritableFields]: z.output<(typeof companyWritableFields)[K]>;
}>;

/** The company's create lookup: the same search a create whose answer was lost makes. */
const companyLookup = (() => {
  const recovery = definitions.Company?.recovery;
  if (recovery?.strategy !== "natural-key")
    throw new Error("Company: its create recovery is not by natural key");
  return recovery.lookup;
})();

/** The one company with the given externalId or name, read whole. */
async function findCompany(client: TravelClient, args: GetCompanyArgs): Promise<PlatformCompany> {
  const { key, value } = oneKeyOf("getCompany", args, ["externalId", "name"]);
  const by = key === "externalId" ? "externalId" : "name";
  const found = await companyLookup.find(standaloneContext(client), {}, { by, value });
  const { id } = exactlyOne({ type: "Company", key, value, scope: "under the caller's TMC" }, found);
  const company = await client.get(apiPath`/v2/companies/${id}`, { schema: companyResponseSchema });
  return { ...company, id };
}

const company = lookupPair(findCompany);

/**
 * The company whose `externalId` (or `name`) is the one given, among the companies the caller's
 * TMC sees. Fails, naming the search, unless exactly one company matches.
 *
 * @example
 * const acme = await getCompany({ externalId: "acme" });
 */
export const getCompany = company.lookup;

/** {@link getCompany} with `Input` arguments. */
export const getCompanyOutput = company.output;

/** {@link getCompany} as a provider function: its result is the company's id and fields. */
export const getCompanyFunction = providerFunctionOf(
  {
    name: "getCompany",
    description:
      "The company whose `externalId` (or `name`) is the one given, among the companies the caller's " +
      "TMC sees. Give exactly one of the two. Fails, naming the search, unless exactly one company matches.",
    args: z.strictObject({ externalId: z.string().min(1).optional(), name: z.string().min(1).optional() }),
    result: z.object({
      id: z.string().describe("The platform's id of the company."),
      ...z.object(companyWritableFields).partial().shape,
    }),
  },
  findCompany,
);
