/** Record shapes of the RBAC area (user groups, roles) and the names of their collections. */
import type { RoleAssignment } from "../../schemas/user-group";

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

/** Collection names of the RBAC area. */
export const RBAC_COLLECTIONS = {
  groups: "userGroups",
  roles: "roles",
  /** Companies whose standard groups and company roles are seeded (by company id). */
  seeded: "rbacSeeded",
} as const;

/** Who the emulator records as author of what it seeds. */
export const PLATFORM_AUTHOR = "platform";
