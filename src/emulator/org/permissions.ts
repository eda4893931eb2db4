/**
 * "Who may call what" from the platform description, plus tenant isolation: a TMC admin reaches
 * its TMC and the companies it contracts; a company admin reaches its own company only.
 */
import { forbidden, notFound } from "../core/errors";
import type { Principal } from "../identity/identity";
import { COMPANIES, type CompanyRecord } from "./records";
import type { EmulatorStore } from "../core/store";

/** Throws 403 unless the caller is a TMC admin. */
export function requireTmcAdmin(principal: Principal, operation: string): void {
  if (principal.role !== "TMC_ADMIN") throw forbidden(`${operation} requires the TMC_ADMIN role`);
}

/** True when `principal` may see and manage `company`. */
export function canAccessCompany(principal: Principal, company: CompanyRecord): boolean {
  const companyId = company.id.id;
  if (principal.role === "TMC_ADMIN")
    return company.tmcId === principal.tmcId || companyId === principal.tmcId;
  return principal.companyId === companyId;
}

/**
 * Returns the company `companyId` when the caller may manage it: 404 when it does not exist,
 * 403 when it belongs to another tenant.
 */
export function companyFor(store: EmulatorStore, principal: Principal, companyId: string): CompanyRecord {
  const company = store.records(COMPANIES).get(companyId);
  if (!company) throw notFound("company", companyId);
  if (!canAccessCompany(principal, company)) {
    throw forbidden(`the caller may not access company ${companyId}`);
  }
  return company;
}
