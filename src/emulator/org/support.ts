/**
 * Route helpers shared by the organization-structure areas: 200 without a body, id checks,
 * externalId uniqueness, ownership lookups, company-role levels, filters and offset pages.
 */
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { type CompanyRole, companyRoleSchema } from "../../schemas/company";
import { badRequest, conflict, notFound, PlatformError } from "../core/errors";
import type { CompanyRecord } from "./records";
import type { Collection } from "../core/store";

/** Sends 200 with no body (the vendor's answer to many updates and deletes). */
export function okEmpty(reply: FastifyReply): FastifyReply {
  return reply.code(200).send();
}

/** Throws 400 ID_MISMATCH when a body's `field` (given) differs from the path's id. */
export function requireMatchingId(field: string, bodyId: string | undefined, pathId: string): void {
  if (bodyId !== undefined && bodyId !== pathId)
    throw badRequest(`${field} ${bodyId} does not match the path's id ${pathId}`, "ID_MISMATCH");
}

/** Throws 409 DUPLICATE_EXTERNAL_ID when another record in `records` already uses `externalId`. */
export function assertExternalIdFree<R>(
  records: readonly R[],
  externalIdOf: (record: R) => string | undefined,
  idOf: (record: R) => string,
  externalId: string | undefined,
  where: string,
  exceptId?: string,
): void {
  if (externalId === undefined) return;
  const clash = records.find((record) => externalIdOf(record) === externalId && idOf(record) !== exceptId);
  if (clash)
    throw conflict(
      "DUPLICATE_EXTERNAL_ID",
      `externalId ${externalId} is already used by ${idOf(clash)} in ${where}`,
    );
}

/** The record `id` of `collection` when `companyId` owns it; 404 `<KIND>_NOT_FOUND` otherwise. */
export function ownedRecord<R>(collection: Collection<R>, kind: string, id: string, companyId: string): R {
  const record = collection.of(companyId).get(id);
  if (!record) throw notFound(kind, id);
  return record;
}

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

/** Query of the DELETE endpoints that take `detachUsers` (the emulator keeps no users). */
export const detachUsersQuery = z.looseObject({ detachUsers: z.enum(["true", "false"]).optional() });

/** True when `filters` is absent or empty, or when `matches` holds for at least one filter. */
export function matchesAnyFilter<F>(
  filters: readonly F[] | undefined,
  matches: (filter: F) => boolean,
): boolean {
  return filters === undefined || filters.length === 0 || filters.some(matches);
}

/** True when `list` is absent or contains `value`. */
export function inList(list: readonly string[] | undefined, value: string | undefined): boolean {
  return list === undefined || (value !== undefined && list.includes(value));
}

/** True when `searchText` is absent or blank, or occurs in `name` (case-insensitive). */
export function matchesSearch(searchText: string | undefined, name: string | undefined): boolean {
  const wanted = searchText?.trim().toLowerCase() ?? "";
  return wanted === "" || (name ?? "").toLowerCase().includes(wanted);
}

/** One page of `items` by offset and limit, with the total. */
export function offsetPage<T>(items: readonly T[], page: { offset: number; limit: number }) {
  return { page: items.slice(page.offset, page.offset + page.limit), totalNumResults: items.length };
}

/** The 404 of a configuration document that was never stored (or was deleted). */
export function configNotFound(label: string, companyId: string, companyRole?: string): PlatformError {
  const code = `${label.toUpperCase().replace(/[^A-Z]+/g, "_")}_NOT_FOUND`;
  const level = companyRole === undefined ? "" : ` at companyRole ${companyRole}`;
  return new PlatformError(
    404,
    code,
    `company ${companyId} has no ${label}${level}; store one with PUT first`,
  );
}
