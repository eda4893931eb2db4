/** The `userGroupRoles` section: the role assignments of custom user groups, scopes by key. */
import { z } from "zod";
import {
  UserGroupRoles,
  userGroupRolesInputsSchema,
  userGroupRolesResource,
} from "../../resources/user-group-roles";
import { roleAssignmentSchema } from "../../schemas/user-group";
import {
  AUDIENCE_LEGAL_ENTITY_AT,
  manifestRoleSchema,
  STAND_IN_IDS,
  toManifestPredicate,
  toPlatformAudiences,
} from "../audiences";
import { resourceRules, withoutParents } from "../entries";
import { eachEntry, type Json, sectionCodec } from "../section-codec";
import { uniqueKeyedSection } from "../unique-entries";

/** A user group's role assignments; the group is named by id (see docs/manifest.md). */
const userGroupRolesEntrySchema = z.strictObject({
  ...withoutParents(userGroupRolesInputsSchema.shape, "companyId"),
  groupId: userGroupRolesInputsSchema.shape.groupId.meta({
    description:
      "Id of a custom user group of the company: groups are platform objects the manifest does not create, so they are named by id.",
  }),
  roles: z
    .array(manifestRoleSchema)
    .superRefine(
      resourceRules(userGroupRolesInputsSchema.shape.roles, (roles) =>
        roles.map((role) => ({
          ...role,
          scope: { audiences: toPlatformAudiences(role.scope.audiences, STAND_IN_IDS) },
        })),
      ),
    )
    .meta({
      description:
        "Every role assignment of the group (roles not listed are removed), roles by id; scope predicates name legal entities by manifest key.",
    }),
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
      const roles = entry.roles.map((role) => ({
        ...role,
        scope: { audiences: toPlatformAudiences(role.scope.audiences, ctx.audienceIds) },
      }));
      return new UserGroupRoles(
        ctx.name(key),
        { groupId: entry.groupId, roles, companyId: ctx.companyId },
        opts,
      );
    }),
  }),
  write(out, section) {
    const ids = { companyId: out.snapshot.companyId, legalEntityKeys: out.keysOf("LegalEntity") };
    const groups: Record<string, Json> = {};
    for (const group of out.entities("UserGroupRoles")) {
      const roles = z.array(roleAssignmentSchema).parse(group.roles);
      groups[out.keyOf("UserGroupRoles", group.id)] = {
        groupId: group.id,
        roles: roles.map((role) => ({
          roleId: role.roleId,
          scope: {
            audiences: role.scope.audiences.map((audience) => ({
              predicates: audience.predicates.map((p) => toManifestPredicate(p, ids)),
            })),
          },
        })),
      };
    }
    out.keyed(section, groups);
  },
});
