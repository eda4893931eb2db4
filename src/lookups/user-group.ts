/** `getUserGroup`: a user group of a company, standard or custom, by name. */
import { apiPath } from "../client";
import { userGroupListSchema, userGroupSchema } from "../schemas/user-group";
import { byNameInCompany, nameInCompanyArgs, type NameInCompanyArgs } from "./by-name-in-company";
import { lookupPair } from "./lookup";
import { providerFunctionOf } from "./provider-function-of";

/** Arguments of {@link getUserGroup}: the company of the group, and the group's name. */
export type GetUserGroupArgs = NameInCompanyArgs;

const userGroupSearch = byNameInCompany({
  lookup: "getUserGroup",
  type: "UserGroup",
  path: (companyId) => apiPath`/v3/companies/${companyId}/user-groups/list`,
  page: userGroupListSchema,
  items: (page) => page.userGroups,
  hint: "a custom group must exist on the platform before a lookup finds it: it is made there, not by a program",
});

const userGroup = lookupPair(userGroupSearch);

/**
 * The user group named `name` of company `companyId` (a standard group, `isUnmodifiable`, or a
 * custom one). Fails, naming the search, unless exactly one group has that name.
 *
 * @example
 * const desk = await getUserGroup({ companyId, name: "Travel desk" });
 */
export const getUserGroup = userGroup.lookup;

/** {@link getUserGroup} with `Input` arguments: an unknown company at preview gives an unknown group. */
export const getUserGroupOutput = userGroup.output;

/** {@link getUserGroup} as a provider function. */
export const getUserGroupFunction = providerFunctionOf(
  {
    name: "getUserGroup",
    description:
      "The user group named `name` of company `companyId` (a standard group, `isUnmodifiable`, or a " +
      "custom one). A custom group must exist on the platform before it can be found: it is made " +
      "there, since the platform's API has no call that creates one. Fails, naming the search, unless " +
      "exactly one group has that name.",
    args: nameInCompanyArgs,
    result: userGroupSchema,
  },
  userGroupSearch,
);
