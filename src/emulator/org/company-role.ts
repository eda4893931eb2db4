/** The company role a configuration is read or stored at, and the queries that name it. */
import { z } from "zod";
import { type CompanyRole, companyRoleSchema } from "../../schemas/company";
import type { CompanyRecord } from "./records";
import { badRequest } from "../core/errors";

/** Query of the endpoints where `companyRole` is required. */
export const requiredCompanyRoleQuery = z.looseObject({ companyRole: companyRoleSchema });

/** Query of the endpoints where `companyRole` is optional. */
export const optionalCompanyRoleQuery = z.looseObject({ companyRole: companyRoleSchema.optional() });

/**
 * The company role a configuration is read or stored at: the requested one, which must be one of
 * the company's roles (400 COMPANY_ROLE_MISMATCH otherwise), or the company's first role.
 */
export function companyRoleLevel(company: CompanyRecord, requested: CompanyRole | undefined): string {
  const roles = company.companyRoles;
  if (requested === undefined) return roles[0] ?? "ORG";
  if (!roles.includes(requested))
    throw badRequest(
      `companyRole ${requested} is not a role of company ${company.id.id} (its roles: ${roles.join(", ")})`,
      "COMPANY_ROLE_MISMATCH",
    );
  return requested;
}
