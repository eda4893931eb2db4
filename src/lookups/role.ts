/** `getRole`: a platform role or one of a company's own roles, by name. */
import { apiPath } from "../client";
import { roleSchema, rolesResponseSchema } from "../schemas/user-group";
import { byNameInCompany, nameInCompanyArgs, type NameInCompanyArgs } from "./by-name-in-company";
import { lookupPair } from "./lookup";
import { providerFunctionOf } from "./provider-function-of";

/** Arguments of {@link getRole}: the company whose roles are searched (the platform's and its own), and the role's name. */
export type GetRoleArgs = NameInCompanyArgs;

const roleSearch = byNameInCompany({
  lookup: "getRole",
  type: "Role",
  path: (companyId) => apiPath`/v3/companies/${companyId}/roles`,
  page: rolesResponseSchema,
  items: (page) => page.roles,
});

const role = lookupPair(roleSearch);

/**
 * The role named `name` among the platform's roles and the roles of company `companyId`. Fails,
 * naming the search, unless exactly one role has that name.
 *
 * @example
 * const arranger = await getRole({ companyId, name: "Travel arranger" });
 */
export const getRole = role.lookup;

/** {@link getRole} with `Input` arguments: an unknown company at preview gives an unknown role. */
export const getRoleOutput = role.output;

/** {@link getRole} as a provider function. */
export const getRoleFunction = providerFunctionOf(
  {
    name: "getRole",
    description:
      "The role named `name` among the platform's roles and the roles of company `companyId`. Fails, " +
      "naming the search, unless exactly one role has that name.",
    args: nameInCompanyArgs,
    result: roleSchema,
  },
  roleSearch,
);
