/**
 * User groups and roles: `POST /v3/companies/{companyId}/user-groups/list`,
 * `GET .../user-groups/{groupId}`, `POST` (list) and `PATCH` (change) `.../user-groups/{groupId}/roles`,
 * `POST /v3/companies/{companyId}/roles`; plus the emulator-admin route that creates custom groups
 * (`POST /_emulator/companies/{companyId}/user-groups`), since the platform's own call is not in the spec.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  listRolesRequestSchema,
  listUserGroupsRequestSchema,
  patchGroupRolesRequestSchema,
} from "../../schemas/user-group";
import type { EmulatorContext } from "../context";
import { notFound } from "../core/errors";
import { ADMIN_PREFIX, param } from "../core/http";
import { pageLimit } from "../core/settings";
import { newId } from "../core/ids";
import { withZod } from "../core/request-validation";
import { authenticate, principalOf } from "../identity/authenticate";
import { companyFor } from "../org/permissions";
import { COMPANIES } from "../org/records";
import { ROLES, USER_GROUPS, type UserGroupRecord } from "./records";
import { companyRoleView, groupRoleView, groupView, patchedRoles, rbacPage, roleMatches } from "./rules";
import { ensureRbacSeed } from "./seed";

const customGroupRequest = z.strictObject({
  name: z.string().trim().min(1, "must not be empty"),
  description: z.string().default(""),
  /** A group of the same company whose role assignments the new group starts with. */
  basedOnGroupId: z.string().min(1).optional(),
});

/** The user group `groupId` of `companyId`; 404 otherwise. */
function groupOf(ctx: EmulatorContext, companyId: string, groupId: string): UserGroupRecord {
  const group = ctx.store.records(USER_GROUPS).of(companyId).get(groupId);
  if (!group) throw notFound("user group", groupId);
  return group;
}

/** Registers the RBAC routes and the admin route. */
export function rbacRoutes(ctx: EmulatorContext) {
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(platformRoutes(ctx));
    await app.register(customGroupRoutes(ctx));
  };
}

/** The platform's user-group and role routes, behind bearer authentication. */
function platformRoutes(ctx: EmulatorContext) {
  const groups = () => ctx.store.records(USER_GROUPS);
  const roles = () => ctx.store.records(ROLES);
  const groupsOf = (companyId: string) => groups().of(companyId).values();
  const rolesVisibleTo = (companyId: string) =>
    roles()
      .values()
      .filter((role) => role.isPlatformRole || role.companyId === companyId);

  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    app.addHook("preValidation", authenticate(ctx));
    const company = (request: Parameters<typeof principalOf>[0]) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      ensureRbacSeed(ctx, companyId);
      return companyId;
    };

    app.post(
      "/v3/companies/:companyId/user-groups/list",
      { schema: { body: listUserGroupsRequestSchema } },
      async (request) => {
        const companyId = company(request);
        const body = request.body;
        const ids = body.filters?.userGroupIds;
        const matching = groupsOf(companyId).filter((group) => ids === undefined || ids.includes(group.id));
        const { page, totalNumResults } = rbacPage(matching, body, (asked) => pageLimit(ctx.settings, asked));
        return { userGroups: page.map(groupView), pagination: { totalNumResults } };
      },
    );

    app.get("/v3/companies/:companyId/user-groups/:groupId", async (request) => {
      const companyId = company(request);
      return groupView(groupOf(ctx, companyId, param(request, "groupId")));
    });

    app.post(
      "/v3/companies/:companyId/user-groups/:groupId/roles",
      { schema: { body: listRolesRequestSchema } },
      async (request) => {
        const companyId = company(request);
        const group = groupOf(ctx, companyId, param(request, "groupId"));
        const body = request.body;
        const assigned = group.roles.flatMap((assignment) => {
          const role = roles().get(assignment.roleId);
          return role && roleMatches(role, body.filters) ? [{ role, assignment }] : [];
        });
        const entries = assigned.map(({ role, assignment }) => ({
          name: role.name,
          createdAtMs: role.createdAtMs,
          view: groupRoleView(role, assignment),
        }));
        const { page, totalNumResults } = rbacPage(entries, body, (asked) => pageLimit(ctx.settings, asked));
        return { roles: page.map((entry) => entry.view), pagination: { totalNumResults } };
      },
    );

    app.post(
      "/v3/companies/:companyId/roles",
      { schema: { body: listRolesRequestSchema } },
      async (request) => {
        const companyId = company(request);
        const body = request.body;
        const matching = rolesVisibleTo(companyId).filter((role) => roleMatches(role, body.filters));
        const { page, totalNumResults } = rbacPage(matching, body, (asked) => pageLimit(ctx.settings, asked));
        return { roles: page.map(companyRoleView), pagination: { totalNumResults } };
      },
    );

    app.patch(
      "/v3/companies/:companyId/user-groups/:groupId/roles",
      { schema: { body: patchGroupRolesRequestSchema } },
      async (request, reply) => {
        const companyId = company(request);
        const group = groupOf(ctx, companyId, param(request, "groupId"));
        const body = request.body;
        const next = patchedRoles(group, body.rolesToAdd, body.rolesToDelete, (id) => roles().get(id));
        groups().set(group.id, {
          ...group,
          roles: next,
          updatedAtMs: ctx.clock.now(),
          updatedBy: principalOf(request).clientId,
        });
        return reply.code(200).send();
      },
    );
  };
}

/** `POST /_emulator/companies/{companyId}/user-groups`: creates a custom group (admin API). */
function customGroupRoutes(ctx: EmulatorContext) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    app.post(
      `${ADMIN_PREFIX}/companies/:companyId/user-groups`,
      { schema: { body: customGroupRequest } },
      async (request, reply) => {
        const companyId = param(request, "companyId");
        if (!ctx.store.records(COMPANIES).has(companyId)) throw notFound("company", companyId);
        ensureRbacSeed(ctx, companyId);
        const body = request.body;
        const basis =
          body.basedOnGroupId === undefined ? undefined : groupOf(ctx, companyId, body.basedOnGroupId);
        const now = ctx.clock.now();
        const group: UserGroupRecord = {
          id: newId(),
          companyId,
          name: body.name,
          description: body.description,
          isUnmodifiable: false,
          roles: structuredClone(basis?.roles ?? []),
          createdAtMs: now,
          updatedAtMs: now,
          createdBy: "emulator-admin",
          updatedBy: "emulator-admin",
        };
        ctx.store.records(USER_GROUPS).set(group.id, group);
        return reply.code(201).send(groupView(group));
      },
    );
  };
}
