/**
 * The UserGroupRoles resource: exactly the declared role assignments (role and scope) of one
 * custom user group. Every change is one PATCH with `rolesToAdd` and `rolesToDelete` computed
 * from the group's current roles. A standard group (`isUnmodifiable: true`) fails at preview.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { apiPath, isNotFound, type TravelClient } from "../client";
import { defineResource } from "../provider/define-resource";
import type { ArgsOf } from "../provider/resource-args";
import { readOncePerRun } from "../provider/run-cache";
import { jsonEqual } from "../provider/values";
import {
  groupRolesResponseSchema,
  type RoleAssignment,
  roleAssignmentSchema,
  userGroupSchema,
} from "../schemas/user-group";
import { readUnlessGone } from "./gone";

/** Inputs of {@link UserGroupRoles}. */
export const userGroupRolesInputsSchema = z.strictObject({
  /** The company of the group; changing it replaces the resource. */
  companyId: z.string().min(1, "must be an id"),
  /** The custom user group (not a standard one); changing it replaces the resource. */
  groupId: z.string().min(1, "must be an id"),
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
const PAGE = 100;
const MAX_PAGES = 100;

const groupPath = (companyId: string, groupId: string) =>
  apiPath`/v3/companies/${companyId}/user-groups/${groupId}`;

/** Every role of an RBAC role list (`POST <path>` paged with `pagination`), with at most MAX_PAGES pages. */
async function listRoles(client: TravelClient, path: string) {
  const out: z.output<typeof groupRolesResponseSchema>["roles"] = [];
  for (let page = 0, offset = 0; page < MAX_PAGES; page++, offset += PAGE) {
    const response = await client.post(path, {
      body: { pagination: { offset, limit: PAGE } },
      schema: groupRolesResponseSchema,
      idempotent: true,
    });
    out.push(...response.roles);
    if (response.roles.length < PAGE || offset + PAGE >= response.pagination.totalNumResults) return out;
  }
  throw new Error(`listing ${path} did not end after ${MAX_PAGES} pages`);
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

/** The declared roles that are neither platform roles nor roles of the company (one list per run). */
async function unknownRoles(client: TravelClient, news: Inputs): Promise<pulumi.dynamic.CheckFailure[]> {
  const path = apiPath`/v3/companies/${news.companyId}/roles`;
  const known = new Set(
    (await readOncePerRun(client, path, () => listRoles(client, path))).map((role) => role.id),
  );
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

/** The message of a standard group, shared by preview and apply. */
function standardGroupMessage(group: { id: string; name: string }): string {
  return `user group ${group.id} ("${group.name}") is a standard group (isUnmodifiable: true): its roles cannot be changed. Create a custom group based on it and manage that group's roles instead`;
}

/** Converges the group to exactly `declared` with one PATCH (none when nothing differs). */
async function converge(
  client: TravelClient,
  companyId: string,
  groupId: string,
  declared: RoleAssignment[],
) {
  const group = await client.get(groupPath(companyId, groupId), { schema: userGroupSchema });
  if (group.isUnmodifiable) throw new Error(standardGroupMessage(group));
  const current = await currentRoles(client, companyId, groupId);
  const byId = new Map(current.map((role) => [role.roleId, role]));
  const wanted = new Set(declared.map((role) => role.roleId));
  const rolesToAdd = declared.filter((role) => !jsonEqual(byId.get(role.roleId)?.scope, role.scope));
  const rolesToDelete = current.filter((role) => !wanted.has(role.roleId)).map(({ roleId }) => ({ roleId }));
  if (rolesToAdd.length === 0 && rolesToDelete.length === 0) return;
  await client.patch(`${groupPath(companyId, groupId)}/roles`, { body: { rolesToAdd, rolesToDelete } });
}

/** The UserGroupRoles definition. Its id is the group id: one per group. */
export const userGroupRolesResource = defineResource<Inputs, State, typeof userGroupRolesInputsSchema>({
  type: "UserGroupRoles",
  notFoundCodes: GONE,
  inputs: userGroupRolesInputsSchema,
  replaceOn: ["companyId", "groupId"],
  outputs: [],
  async preflight({ client }, news) {
    try {
      const group = await client.get(groupPath(news.companyId, news.groupId), { schema: userGroupSchema });
      if (group.isUnmodifiable) return [{ property: "groupId", reason: standardGroupMessage(group) }];
      return await unknownRoles(client, news);
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
  async create({ client }, inputs, created) {
    await converge(client, inputs.companyId, inputs.groupId, inputs.roles);
    created(inputs.groupId);
    return { id: inputs.groupId, state: { groupId: inputs.groupId } };
  },
  async read({ client }, id, declared) {
    const companyId = declared.companyId;
    const roles = await readUnlessGone(GONE, () => currentRoles(client, companyId, id));
    if (!roles) return undefined;
    const order = new Map((declared.roles ?? []).map((role, index) => [role.roleId, index]));
    const rank = (roleId: string) => order.get(roleId) ?? Number.MAX_SAFE_INTEGER;
    const sorted = [...roles].sort((a, b) => rank(a.roleId) - rank(b.roleId));
    return { observed: { companyId, groupId: id, roles: sorted }, state: { groupId: id } };
  },
  async update({ client }, id, news) {
    await converge(client, news.companyId, id, news.roles);
    return { groupId: id };
  },
  async delete({ client }, id, declared) {
    const rolesToDelete = (declared.roles ?? []).map(({ roleId }) => ({ roleId }));
    if (rolesToDelete.length === 0) return;
    await client.patch(`${groupPath(declared.companyId, id)}/roles`, {
      body: { rolesToAdd: [], rolesToDelete },
    });
  },
});

/** Arguments of {@link UserGroupRoles}. */
export type UserGroupRolesArgs = ArgsOf<typeof userGroupRolesInputsSchema>;

/** The role assignments of one custom user group, owned exactly. */
export class UserGroupRoles extends userGroupRolesResource.Resource {
  /** The company of the group. */
  declare readonly companyId: pulumi.Output<string>;
  /** The user group. */
  declare readonly groupId: pulumi.Output<string>;
  /** The group's role assignments. */
  declare readonly roles: pulumi.Output<RoleAssignment[]>;
}
