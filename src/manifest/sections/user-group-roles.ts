/**
 * The `userGroupRoles` section: the role assignments of custom user groups, groups and roles by
 * name or id, scopes by key.
 */
import { z } from "zod";
import { userGroupRolesInputsSchema, userGroupRolesResource } from "../../resources/user-group-roles";
import { UserGroupRoles } from "../../dynamic/resources";
import { roleAssignmentSchema } from "../../schemas/user-group";
import {
  AUDIENCE_LEGAL_ENTITY_AT,
  manifestRoleSchema,
  STAND_IN_IDS,
  toManifestPredicate,
  toPlatformAudiences,
} from "../audiences";
import { resourceRules, STAND_IN_ID, withoutParents } from "../entries";
import { idByName } from "../by-name";
import { exactlyOneOf, nameOrIdFields } from "../name-or-id";
import { eachEntry, type Json, sectionCodec } from "../section-codec";
import { uniqueKeyedSection } from "../unique-entries";

/** A role assignment: the role by name (resolved at preview) or by id, and its scope by key. */
const roleEntrySchema = exactlyOneOf(
  manifestRoleSchema.extend({
    ...nameOrIdFields("role", "roleId", roleAssignmentSchema.shape.roleId, {
      name: "The role by name: a platform role or one of the company's roles, resolved at preview (instead of `roleId`).",
      id: "Id of a platform role or of one of the company's roles (instead of `role`).",
    }),
  }),
  "role",
  "roleId",
);

type RoleEntry = z.output<typeof roleEntrySchema>;

/**
 * The roles as the resource checks them, a role named by name standing in as an id of its own (the
 * lookup at preview gives the real one); a name listed twice is reported at its `role`.
 */
const roleRules = (roles: RoleEntry[], ctx: z.RefinementCtx) => {
  const names = new Set<string>();
  roles.forEach(({ role }, index) => {
    if (role === undefined) return;
    if (names.has(role))
      ctx.addIssue({ code: "custom", path: [index, "role"], message: `role "${role}" is listed twice` });
    names.add(role);
  });
  resourceRules(userGroupRolesInputsSchema.shape.roles, (entries: RoleEntry[]) =>
    entries.map(({ roleId, scope }, index) => ({
      roleId: roleId ?? `${STAND_IN_ID}#${index}`,
      scope: { audiences: toPlatformAudiences(scope.audiences, STAND_IN_IDS) },
    })),
  )(roles, ctx);
};

/** A user group's role assignments; the group by name (resolved at preview) or by id. */
const userGroupRolesEntrySchema = exactlyOneOf(
  z.strictObject({
    ...nameOrIdFields("group", "groupId", userGroupRolesInputsSchema.shape.groupId, {
      name: "The custom user group by name, resolved at preview (instead of `groupId`): groups are platform objects the manifest does not create.",
      id: "Id of a custom user group of the company (instead of `group`).",
    }),
    ...withoutParents(userGroupRolesInputsSchema.shape, "companyId", "groupId"),
    roles: z.array(roleEntrySchema).superRefine(roleRules).meta({
      description:
        "Every role assignment of the group (roles not listed are removed), each role by name (`role`) or id (`roleId`); scope predicates name legal entities by manifest key.",
    }),
  }),
  "group",
  "groupId",
);

/** A group as the inventory lists it: its roles, and the names that name it and its roles alone. */
const exportedGroupSchema = z.looseObject({
  roles: z.array(roleAssignmentSchema),
  uniqueName: z.string().optional(),
  uniqueRoleNames: z.record(z.string(), z.string()).default({}),
});

/** Role assignments of custom user groups, by key. */
export const userGroupRolesSection = sectionCodec({
  schema: uniqueKeyedSection(userGroupRolesEntrySchema, userGroupRolesResource).meta({
    description:
      "The role assignments of custom user groups (UserGroupRoles resources) by key: each owns exactly the listed roles of its group.",
  }),
  references: [{ at: ["*", "roles", "#", "scope", ...AUDIENCE_LEGAL_ENTITY_AT], target: "legalEntities" }],
  declare: (entries, ctx, section) => ({
    userGroupRoles: eachEntry(entries, ctx, section, (key, entry, opts) => {
      const at = (...path: (string | number)[]) => [section, key, ...path];
      const groupId = entry.groupId ?? idByName(ctx, "group", entry.group ?? "", at("group"));
      const roles = entry.roles.map(({ role, roleId, scope }, index) => ({
        roleId: roleId ?? idByName(ctx, "role", role ?? "", at("roles", index, "role")),
        scope: { audiences: toPlatformAudiences(scope.audiences, ctx.audienceIds) },
      }));
      return new UserGroupRoles(ctx.name(key), { groupId, roles, companyId: ctx.companyId }, opts);
    }),
  }),
  write(out, section) {
    const ids = { companyId: out.snapshot.companyId, legalEntityKeys: out.keysOf("LegalEntity") };
    const groups: Record<string, Json> = {};
    for (const group of out.entities("UserGroupRoles")) {
      const { roles, uniqueName, uniqueRoleNames } = exportedGroupSchema.parse(group);
      groups[out.keyOf("UserGroupRoles", group.id)] = {
        // A name that names this group (or role) alone is written; another is written as its id.
        ...(uniqueName === undefined ? { groupId: group.id } : { group: uniqueName }),
        roles: roles.map(({ roleId, scope }) => ({
          ...(uniqueRoleNames[roleId] === undefined ? { roleId } : { role: uniqueRoleNames[roleId] }),
          scope: {
            audiences: scope.audiences.map((audience) => ({
              predicates: audience.predicates.map((p) => toManifestPredicate(p, ids)),
            })),
          },
        })),
      };
    }
    out.keyed(section, groups);
  },
});
