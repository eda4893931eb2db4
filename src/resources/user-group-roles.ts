/**
 * The UserGroupRoles resource: exactly the declared role assignments (role and scope) of one
 * custom user group. Every change is one PATCH with `rolesToAdd` and `rolesToDelete` computed
 * from the group's current roles. A standard group (`isUnmodifiable: true`) fails at preview.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { apiPath, isNotFound, listAll, type TravelClient } from "../client";
import {
  type ArgsOf,
  byField,
  containsUnknown,
  jsonEqual,
  type ResourceContext,
  segmentsForm,
  type TenantFacts,
} from "../provider/kit";
import {
  groupRolesResponseSchema,
  type RoleAssignment,
  roleAssignmentSchema,
  userGroupListSchema,
  userGroupSchema,
} from "../schemas/user-group";
import { defineKeyedCollection } from "./keyed-collection";
import { mapLimited } from "./read-each";
import { platformIdSchema } from "../schemas/common";

/** Inputs of {@link UserGroupRoles}. */
export const userGroupRolesInputsSchema = z.strictObject({
  /** The company of the group; changing it replaces the resource. */
  companyId: platformIdSchema("an id"),
  /** The custom user group (not a standard one); changing it replaces the resource. */
  groupId: platformIdSchema("an id"),
  /**
   * Every role assignment of the group: roles not listed here are removed from it. A role may be
   * listed once; its `scope` defaults to no restriction.
   */
  roles: z.array(roleAssignmentSchema).superRefine((roles, ctx) => {
    const seen = new Set<string>();
    roles.forEach((role, index) => {
      if (seen.has(role.roleId))
        ctx.addIssue({
          code: "custom",
          path: [index, "roleId"],
          message: `role ${role.roleId} is listed twice`,
        });
      seen.add(role.roleId);
    });
  }),
});

type Inputs = z.output<typeof userGroupRolesInputsSchema>;
type State = { groupId: string };

const GONE = ["USER_GROUP_NOT_FOUND", "COMPANY_NOT_FOUND"];

const groupPath = (companyId: string, groupId: string) =>
  apiPath`/v3/companies/${companyId}/user-groups/${groupId}`;

/** Every role of an RBAC role list (`POST <path>` paged with `pagination`). */
function listRoles(client: TravelClient, path: string) {
  return listAll(client, {
    path,
    shape: "paginationBody",
    page: groupRolesResponseSchema,
    items: (page) => page.roles,
  });
}

/** The group's current role assignments (every page). */
async function currentRoles(
  client: TravelClient,
  companyId: string,
  groupId: string,
): Promise<RoleAssignment[]> {
  const roles = await listRoles(client, `${groupPath(companyId, groupId)}/roles`);
  return roles.map((role) => ({
    roleId: role.id,
    scope: (role.scope ?? { audiences: [] }) as RoleAssignment["scope"],
  }));
}

/** The platform's roles and the company's own (one list per company per run). */
function companyRoles({ client, run }: ResourceContext, companyId: string) {
  const path = apiPath`/v3/companies/${companyId}/roles`;
  return run.readOnce(path, () => listRoles(client, path));
}

/** The declared roles that are neither platform roles nor roles of the company (one list per run). */
async function unknownRoles(ctx: ResourceContext, news: Inputs): Promise<pulumi.dynamic.CheckFailure[]> {
  const known = new Set((await companyRoles(ctx, news.companyId)).map((role) => role.id));
  return news.roles.flatMap((role, index) =>
    known.has(role.roleId)
      ? []
      : [
          {
            property: `roles[${index}].roleId`,
            reason: `role ${role.roleId} is neither a platform role nor a role of company ${news.companyId}`,
          },
        ],
  );
}

/** The company's user groups (every page). */
function userGroups(client: TravelClient, companyId: string) {
  return listAll(client, {
    path: apiPath`/v3/companies/${companyId}/user-groups/list`,
    shape: "paginationBody",
    page: userGroupListSchema,
    items: (page) => page.userGroups,
  });
}

/** The names that exactly one of `objects` holds, by that object's id. */
function namesHeldOnce(objects: readonly { id: string; name: string }[]): Map<string, string> {
  const holders = new Map<string, number>();
  for (const { name } of objects) holders.set(name, (holders.get(name) ?? 0) + 1);
  return new Map(objects.filter(({ name }) => holders.get(name) === 1).map(({ id, name }) => [id, name]));
}

/**
 * The manifest's `userGroupRoles`; export reads every custom group with its roles, and the names
 * that name one group (among all the company's groups) or one role (among the platform's and the
 * company's roles) alone, which `export` writes instead of the ids.
 */
const rolesTenant: TenantFacts = {
  manifest: { section: "userGroupRoles" },
  inventory: {
    objects: "user group",
    async list({ client }, { companyId }) {
      const groups = await userGroups(client, companyId);
      const groupNames = namesHeldOnce(groups);
      const roleNames = namesHeldOnce(await listRoles(client, apiPath`/v3/companies/${companyId}/roles`));
      const custom = groups.filter((group) => !group.isUnmodifiable);
      return mapLimited(custom, async (group) => {
        const roles = await currentRoles(client, companyId, group.id);
        return {
          id: group.id,
          name: group.name,
          uniqueName: groupNames.get(group.id),
          roles,
          uniqueRoleNames: Object.fromEntries(
            roles.flatMap(({ roleId }) => {
              const name = roleNames.get(roleId);
              return name === undefined ? [] : [[roleId, name]];
            }),
          ),
        };
      });
    },
    reconcile: {
      omitted: "a group's roles: stacks do not make groups, and role assignments are not objects to delete",
    },
  },
};

/** The message of a standard group, shared by preview and apply. */
function standardGroupMessage(group: { id: string; name: string }): string {
  return `user group ${group.id} ("${group.name}") is a standard group (isUnmodifiable: true): its roles cannot be changed. Create a custom group based on it and manage that group's roles instead`;
}

/**
 * Sends one PATCH that leaves group `groupId` with exactly the `declared` roles, from its `current`
 * ones (none when nothing differs). A standard group is refused, as at preview.
 */
async function converge(
  client: TravelClient,
  companyId: string,
  groupId: string,
  declared: RoleAssignment[],
  current: RoleAssignment[],
) {
  const group = await client.get(groupPath(companyId, groupId), { schema: userGroupSchema });
  if (group.isUnmodifiable) throw new Error(standardGroupMessage(group));
  const byId = new Map(current.map((role) => [role.roleId, role]));
  const wanted = new Set(declared.map((role) => role.roleId));
  const rolesToAdd = declared.filter((role) => !jsonEqual(byId.get(role.roleId)?.scope, role.scope));
  const rolesToDelete = current.filter((role) => !wanted.has(role.roleId)).map(({ roleId }) => ({ roleId }));
  if (rolesToAdd.length === 0 && rolesToDelete.length === 0) return;
  await client.patch(`${groupPath(companyId, groupId)}/roles`, { body: { rolesToAdd, rolesToDelete } });
}

/** The UserGroupRoles definition. Its id is the group id: one per group. */
export const userGroupRolesResource = defineKeyedCollection<Inputs, State, RoleAssignment>({
  type: "UserGroupRoles",
  notFoundCodes: GONE,
  inputs: userGroupRolesInputsSchema,
  idOf: (inputs) => inputs.groupId,
  stateOf: (groupId) => ({ groupId }),
  entries: (client, declared, groupId) => currentRoles(client, declared.companyId, groupId),
  converge: (client, inputs, groupId, current) =>
    converge(client, inputs.companyId, groupId, inputs.roles, current),
  async clear(client, declared, groupId) {
    const rolesToDelete = (declared.roles ?? []).map(({ roleId }) => ({ roleId }));
    if (rolesToDelete.length === 0) return;
    await client.patch(`${groupPath(declared.companyId, groupId)}/roles`, {
      body: { rolesToAdd: [], rolesToDelete },
    });
  },
  observe(current, declared, groupId) {
    // In the declared order; roles the program does not declare follow, so the diff shows them.
    const order = new Map((declared.roles ?? []).map((role, index) => [role.roleId, index]));
    const rank = (roleId: string) => order.get(roleId) ?? Number.MAX_SAFE_INTEGER;
    const roles = [...current].sort((a, b) => rank(a.roleId) - rank(b.roleId));
    return { companyId: declared.companyId, groupId, roles };
  },
  capabilities: {
    replacement: {
      replaceOn: ["companyId", "groupId"],
    },
    uniqueness: {
      uniqueInputs: [
        {
          input: "groupId",
          within: ["companyId"],
          rejection:
            "each UserGroupRoles owns every role of its group, so two would remove each other's roles on every up",
        },
      ],
    },
    custom: {
      async check(ctx, news) {
        try {
          const group = await ctx.client.get(groupPath(news.companyId, news.groupId), {
            schema: userGroupSchema,
          });
          if (group.isUnmodifiable) return [{ property: "groupId", reason: standardGroupMessage(group) }];
          return await unknownRoles(ctx, news);
        } catch (error) {
          if (isNotFound(error, GONE))
            return [
              {
                property: "groupId",
                reason: `user group ${news.groupId} does not exist in company ${news.companyId}`,
              },
            ];
          throw error;
        }
      },
    },
    diff: {
      // Recorded by role name: `preview --diff` shows the role added, removed or rescoped by its name.
      keyedInputs: { roles: byField("roleId", "role name") },
      namedKeys: ["roles"],
      async keyNames(ctx, inputs) {
        if (containsUnknown(inputs.companyId)) return {};
        const roles = await companyRoles(ctx, inputs.companyId);
        return { roles: new Map(roles.map((role) => [role.id, role.name])) };
      },
    },
    adoption: {
      // One per group: imported by its company and group.
      importId: segmentsForm(["companyId", "groupId"], ({ companyId, groupId }) => ({
        id: groupId,
        inputs: { companyId },
      })),
    },
    tenant: rolesTenant,
  },
});

/** Arguments of an UserGroupRoles. */
export type UserGroupRolesArgs = {
  [K in keyof ArgsOf<typeof userGroupRolesInputsSchema>]: ArgsOf<typeof userGroupRolesInputsSchema>[K];
};

/** The outputs of an UserGroupRoles beside its inputs, as a program reads them. */
export interface UserGroupRolesOutputs {
  /** The company of the group. */
  companyId: string;
  /** The user group. */
  groupId: string;
  /** The group's role assignments. */
  roles: RoleAssignment[];
}
