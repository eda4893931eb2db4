/**
 * What the platform creates for every company: the platform roles (shared, fixed ids), the
 * company's own roles and its standard groups (`isUnmodifiable: true`). Seeding happens the first
 * time a company's RBAC data is touched, once per company; deleting a seeded object does not
 * bring it back.
 */
import type { EmulatorContext } from "../context";
import { newId } from "../core/ids";
import { PLATFORM_AUTHOR, RBAC_SEEDED, ROLES, USER_GROUPS } from "./records";

/** The platform roles, with fixed ids so programs and tests can name them. */
export const PLATFORM_ROLES = [
  {
    id: "00000000-0000-4000-8000-00000000a001",
    name: "Company admin",
    description: "Administers the company's settings, users and policies",
    permissions: [{ permission: "COMPANY_MANAGEMENT", actions: ["READ", "WRITE"] }],
  },
  {
    id: "00000000-0000-4000-8000-00000000a002",
    name: "Travel arranger",
    description: "Books travel on behalf of others",
    permissions: [{ permission: "TRIP_BOOKING", actions: ["READ", "WRITE"] }],
  },
  {
    id: "00000000-0000-4000-8000-00000000a003",
    name: "Report viewer",
    description: "Reads travel reports",
    permissions: [{ permission: "REPORTS", actions: ["READ"] }],
  },
  {
    id: "00000000-0000-4000-8000-00000000a004",
    name: "Traveler",
    description: "Books own travel",
    permissions: [{ permission: "TRIP_BOOKING", actions: ["READ"] }],
  },
] as const;

/** Names of the company roles seeded for every company. */
export const COMPANY_ROLE_NAMES = ["Expense approver", "Policy editor"] as const;

/** Standard groups seeded for every company, with the platform roles they hold. */
export const STANDARD_GROUPS = [
  { name: "Company admins", description: "Standard group of company administrators", roleIndex: 0 },
  { name: "Travel arrangers", description: "Standard group of travel arrangers", roleIndex: 1 },
  { name: "Travelers", description: "Standard group of every traveler", roleIndex: 3 },
] as const;

/** Makes sure the platform roles and `companyId`'s roles and standard groups exist. */
export function ensureRbacSeed(ctx: EmulatorContext, companyId: string): void {
  const roles = ctx.store.records(ROLES);
  const now = ctx.clock.now();
  const audit = {
    createdAtMs: now,
    updatedAtMs: now,
    createdBy: PLATFORM_AUTHOR,
    updatedBy: PLATFORM_AUTHOR,
  };
  for (const role of PLATFORM_ROLES) {
    if (!roles.has(role.id))
      roles.set(role.id, {
        ...role,
        permissions: role.permissions.map((p) => ({ ...p, actions: [...p.actions] })),
        isPlatformRole: true,
        ...audit,
      });
  }
  const seeded = ctx.store.records(RBAC_SEEDED);
  if (seeded.has(companyId)) return;
  for (const name of COMPANY_ROLE_NAMES) {
    const id = newId();
    roles.set(id, {
      id,
      name,
      description: `${name} of the company`,
      isPlatformRole: false,
      companyId,
      permissions: [{ permission: "COMPANY_POLICY", actions: ["READ", "WRITE"] }],
      ...audit,
    });
  }
  const groups = ctx.store.records(USER_GROUPS);
  for (const group of STANDARD_GROUPS) {
    const id = newId();
    const role = PLATFORM_ROLES[group.roleIndex];
    groups.set(id, {
      id,
      companyId,
      name: group.name,
      description: group.description,
      isUnmodifiable: true,
      roles: [
        { roleId: role.id, scope: { audiences: [{ predicates: [{ type: "COMPANY", id: companyId }] }] } },
      ],
      ...audit,
    });
  }
  seeded.set(companyId, { atMs: now });
}
