/**
 * User groups, roles and their scopes (the platform's RBAC API). Request shapes are strict where
 * the spec names every field; response shapes are loose so fields the platform adds pass through.
 *
 * Hand-written: the vendor's documents (vendor-api/) describe no RBAC API, so these schemas, read
 * from the platform description, are the only check (src/contract does not apply).
 */
import { z } from "zod";

/** Target types of a scope predicate. */
export const predicateTypeSchema = z.enum([
  "BOOKING_TMC",
  "CONTRACTING_TMC",
  "COMPANY",
  "LEGAL_ENTITY",
  "PROFILE",
  "STEALTH_TYPE",
]);

/** One predicate of an audience: a target type and, optionally, the target entity's id. */
export const predicateSchema = z.strictObject({
  /** What the predicate targets. */
  type: predicateTypeSchema,
  /** The target entity (a company, legal entity, ...); absent means every entity of the type. */
  id: z.string().min(1, "must be an id").optional(),
});

/** One audience of a scope: the predicates it consists of. */
export const audienceSchema = z.strictObject({
  /** Predicates of this audience. */
  predicates: z.array(predicateSchema).default([]),
});

/** Where a role assignment applies: a list of audiences. */
export const roleScopeSchema = z.strictObject({
  /** Audiences of the scope; an empty list applies the role without restriction. */
  audiences: z.array(audienceSchema).default([]),
});

/** A role assigned to a group, with its scope (an entry of `rolesToAdd`). */
export const roleAssignmentSchema = z.strictObject({
  /** Id of a platform role or of one of the company's roles. */
  roleId: z.string().min(1, "must be a role id"),
  /** Where the role applies. Default: no restriction (`{ audiences: [] }`). */
  scope: roleScopeSchema.default({ audiences: [] }),
});

/** A role assignment as the API takes it. */
export type RoleAssignment = z.output<typeof roleAssignmentSchema>;

/** `pagination` of the RBAC list endpoints (required). */
export const rbacPaginationSchema = z.strictObject({
  offset: z.number().int().min(0),
  limit: z.number().int().min(1).max(1000),
});

/** Sort keys of the RBAC lists. */
export const rbacSortSchema = z.strictObject({
  sortBy: z.enum(["NAME", "CREATED_AT"]),
  sortOrder: z.enum(["ASC", "DESC"]).default("ASC"),
});

/** Body of `POST /v3/companies/{companyId}/user-groups/list`. */
export const listUserGroupsRequestSchema = z.strictObject({
  pagination: rbacPaginationSchema,
  searchText: z.string().optional(),
  sortParams: rbacSortSchema.optional(),
  filters: z.strictObject({ userGroupIds: z.array(z.string()).optional() }).optional(),
});

/** Body of the two role lists (a group's roles and the company's roles). */
export const listRolesRequestSchema = z.strictObject({
  pagination: rbacPaginationSchema,
  searchText: z.string().optional(),
  sortParams: rbacSortSchema.extend({ sortBy: z.literal("NAME") }).optional(),
  filters: z
    .strictObject({
      roleIds: z.array(z.string()).optional(),
      roleProvidedBy: z.enum(["PLATFORM", "COMPANY"]).optional(),
    })
    .optional(),
});

/** Body of `PATCH /v3/companies/{companyId}/user-groups/{groupId}/roles`. */
export const patchGroupRolesRequestSchema = z.strictObject({
  /** Assignments to add; an assignment of a role the group already has replaces its scope. */
  rolesToAdd: z.array(roleAssignmentSchema),
  /** Roles to remove, by id (applied before `rolesToAdd`). */
  rolesToDelete: z.array(z.strictObject({ roleId: z.string().min(1, "must be a role id") })).default([]),
});

/** A user group as the platform returns it. */
export const userGroupSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  companyId: z.string(),
  isUnmodifiable: z.boolean(),
});

/** A user group. */
export type UserGroup = z.output<typeof userGroupSchema>;

/** Response of `POST /v3/companies/{companyId}/user-groups/list`. */
export const userGroupListSchema = z.looseObject({
  userGroups: z.array(userGroupSchema),
  pagination: z.looseObject({ totalNumResults: z.number() }),
});

/** A role of a group's role list: the role and the scope it has in that group. */
export const groupRoleSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  isPlatformRole: z.boolean(),
  scope: z.looseObject({ audiences: z.array(z.unknown()).default([]) }).optional(),
});

/** A role of the company's role list: a platform role, or one of the company's own. */
export const roleSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  /** True for the platform's roles, which every company has. */
  isPlatformRole: z.boolean(),
  /** The company, for a company role. */
  companyId: z.string().optional(),
  permissions: z.array(z.looseObject({ permission: z.string(), actions: z.array(z.string()) })).optional(),
});

/** A role. */
export type Role = z.output<typeof roleSchema>;

/** Response of the company's role list (`POST /v3/companies/{companyId}/roles`). */
export const rolesResponseSchema = z.looseObject({
  roles: z.array(roleSchema),
  pagination: z.looseObject({ totalNumResults: z.number() }),
});

/** Response of a group's role list. */
export const groupRolesResponseSchema = z.looseObject({
  roles: z.array(groupRoleSchema),
  pagination: z.looseObject({ totalNumResults: z.number() }),
});
