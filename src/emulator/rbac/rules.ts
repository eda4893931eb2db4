/**
 * RBAC rules: group and role lists (search, filters, sort, offset pages), the views the API
 * returns, and the role PATCH (removals first, then additions; standard groups refused).
 */
import type { RoleAssignment } from "../../schemas/user-group";
import { badRequest, PlatformError } from "../core/errors";
import type { RoleRecord, UserGroupRecord } from "./records";

/** Sort parameters of an RBAC list. */
export interface RbacSort {
  sortBy: "NAME" | "CREATED_AT";
  sortOrder: "ASC" | "DESC";
}

/** Applies search (case-insensitive, on the name), sort and the offset page. */
export function rbacPage<T extends { name: string; createdAtMs: number }>(
  items: readonly T[],
  request: {
    searchText?: string | undefined;
    sortParams?: RbacSort | undefined;
    pagination: { offset: number; limit: number };
  },
  /** The most items answered per page (`maxPageItems` of the settings). */
  pageLimit: (asked: number) => number,
): { page: T[]; totalNumResults: number } {
  const wanted = request.searchText?.trim().toLowerCase() ?? "";
  const matching = items.filter((item) => wanted === "" || item.name.toLowerCase().includes(wanted));
  const sort = request.sortParams;
  if (sort) {
    const sign = sort.sortOrder === "DESC" ? -1 : 1;
    matching.sort((a, b) =>
      sort.sortBy === "NAME" ? sign * a.name.localeCompare(b.name) : sign * (a.createdAtMs - b.createdAtMs),
    );
  }
  const { offset, limit } = request.pagination;
  return { page: matching.slice(offset, offset + pageLimit(limit)), totalNumResults: matching.length };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The API view of a user group. */
export function groupView(group: UserGroupRecord) {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    companyId: group.companyId,
    isUnmodifiable: group.isUnmodifiable,
    createdAt: iso(group.createdAtMs),
    updatedAt: iso(group.updatedAtMs),
    createdBy: group.createdBy,
    updatedBy: group.updatedBy,
  };
}

/** The API view of a role in the company's role list (permissions and audit fields). */
export function companyRoleView(role: RoleRecord) {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    isPlatformRole: role.isPlatformRole,
    ...(role.companyId === undefined ? {} : { companyId: role.companyId }),
    permissions: role.permissions,
    createdAt: iso(role.createdAtMs),
    updatedAt: iso(role.updatedAtMs),
    createdBy: role.createdBy,
    updatedBy: role.updatedBy,
  };
}

/** The API view of a role in a group's role list (with the scope it has there). */
export function groupRoleView(role: RoleRecord, assignment: RoleAssignment) {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    isPlatformRole: role.isPlatformRole,
    permissions: role.permissions,
    scope: assignment.scope,
  };
}

/** True when `role` passes the role list filters. */
export function roleMatches(
  role: RoleRecord,
  filters:
    { roleIds?: string[] | undefined; roleProvidedBy?: "PLATFORM" | "COMPANY" | undefined } | undefined,
): boolean {
  if (filters?.roleIds !== undefined && !filters.roleIds.includes(role.id)) return false;
  if (filters?.roleProvidedBy === "PLATFORM" && !role.isPlatformRole) return false;
  if (filters?.roleProvidedBy === "COMPANY" && role.isPlatformRole) return false;
  return true;
}

/**
 * The group's assignments after a role PATCH: `rolesToDelete` are removed first, then
 * `rolesToAdd` are added (an assignment of a role the group holds replaces its scope). Refused
 * with 403 USER_GROUP_UNMODIFIABLE on a standard group; every role id must be a platform role or
 * a role of the group's company (400 UNKNOWN_ROLE), and a role may appear once per list.
 */
export function patchedRoles(
  group: UserGroupRecord,
  rolesToAdd: readonly RoleAssignment[],
  rolesToDelete: readonly { roleId: string }[],
  roleOf: (roleId: string) => RoleRecord | undefined,
): RoleAssignment[] {
  if (group.isUnmodifiable) {
    throw new PlatformError(
      403,
      "USER_GROUP_UNMODIFIABLE",
      `user group ${group.id} (${group.name}) is a standard group (isUnmodifiable: true): its roles and scopes cannot be changed; create a custom group based on it instead`,
    );
  }
  for (const [list, entries] of [
    ["rolesToAdd", rolesToAdd],
    ["rolesToDelete", rolesToDelete],
  ] as const) {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.roleId))
        throw badRequest(`${list}[${index}].roleId: role ${entry.roleId} appears twice`, "DUPLICATE_ROLE");
      seen.add(entry.roleId);
      const role = roleOf(entry.roleId);
      if (!role || (!role.isPlatformRole && role.companyId !== group.companyId))
        throw badRequest(
          `${list}[${index}].roleId: ${entry.roleId} is neither a platform role nor a role of company ${group.companyId}`,
          "UNKNOWN_ROLE",
        );
    });
  }
  const removed = new Set(rolesToDelete.map((entry) => entry.roleId));
  const added = new Map(rolesToAdd.map((entry) => [entry.roleId, entry]));
  const kept = group.roles.filter((entry) => !removed.has(entry.roleId) && !added.has(entry.roleId));
  return [...kept, ...rolesToAdd];
}
