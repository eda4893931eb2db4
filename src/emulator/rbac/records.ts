/** Record shapes and kinds of the RBAC area: user groups and roles. */
import type { RoleAssignment } from "../../schemas/user-group";
import { byCompanyId, companyRecords, keyedByCompany } from "../core/record-kind";

/** A user group of a company, with its role assignments. */
export interface UserGroupRecord {
  id: string;
  companyId: string;
  name: string;
  description: string;
  /** True for standard (platform-created) groups: their roles cannot change. */
  isUnmodifiable: boolean;
  roles: RoleAssignment[];
  createdAtMs: number;
  updatedAtMs: number;
  createdBy: string;
  updatedBy: string;
}

/** A role: a platform role (no company) or a role of one company. */
export interface RoleRecord {
  id: string;
  name: string;
  description: string;
  isPlatformRole: boolean;
  /** Set for company roles. */
  companyId?: string | undefined;
  permissions: { permission: string; actions: string[] }[];
  createdAtMs: number;
  updatedAtMs: number;
  createdBy: string;
  updatedBy: string;
}

/** User groups, owned by their company. */
export const USER_GROUPS = companyRecords<UserGroupRecord>("userGroups", byCompanyId());

/** Roles: a company's own, and the platform roles, which belong to no company. */
export const ROLES = companyRecords<RoleRecord>("roles", byCompanyId());

/** Companies whose standard groups and company roles are seeded, by company id. */
export const RBAC_SEEDED = companyRecords<{ atMs: number }>("rbacSeeded", keyedByCompany());

/** The record kinds of the RBAC area. */
export const RBAC_RECORDS = [USER_GROUPS, ROLES, RBAC_SEEDED] as const;

/** Who the emulator records as author of what it seeds. */
export const PLATFORM_AUTHOR = "platform";
