/** API users (machine users): create, list, revoke and rotate, TMC admins only. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { EmulatorContext } from "../../context";
import { badRequest, conflict, forbidden, PlatformError } from "../../core/errors";
import { pageLimit } from "../../core/settings";
import { authenticate, principalOf } from "../../identity/authenticate";
import { companyFor, requireTmcAdmin } from "../permissions";
import { API_USERS, type ApiUserRecord } from "../../identity/records";
import type { Principal } from "../../identity/identity";
import { withZod } from "../../core/request-validation";

const createRequest = z.looseObject({
  tmcId: z.string().min(1).optional(),
  orgId: z.string().min(1).optional(),
  role: z.enum(["TMC_ADMIN", "COMPANY_ADMIN"]).default("TMC_ADMIN"),
  credentialType: z.enum(["CLIENT_CREDENTIALS", "SCIM_TOKEN"]).default("CLIENT_CREDENTIALS"),
});

const clientIdRequest = z.looseObject({ clientId: z.string({ error: "is required" }).min(1, "is required") });

const listQuery = z.looseObject({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

/** Mints an API user of the caller's TMC (TMC admins only), within the TMC's quota. */
function createApiUser(ctx: EmulatorContext, principal: Principal, body: z.output<typeof createRequest>) {
  requireTmcAdmin(principal, "creating API users");
  if (body.tmcId !== undefined && body.tmcId !== principal.tmcId) {
    throw forbidden(`tmcId ${body.tmcId} is not the caller's TMC`);
  }
  if (body.credentialType === "SCIM_TOKEN" && body.role !== "COMPANY_ADMIN") {
    throw badRequest("credentialType SCIM_TOKEN requires role COMPANY_ADMIN", "SCIM_REQUIRES_COMPANY_ADMIN");
  }
  if (body.role === "COMPANY_ADMIN") {
    if (body.orgId === undefined) throw badRequest("orgId: is required for role COMPANY_ADMIN");
    companyFor(ctx.store, principal, body.orgId);
  }
  const quota = ctx.settings.apiUserQuota;
  const owned = ctx.store.records(API_USERS).of(principal.tmcId).values().length;
  if (owned >= quota) {
    throw conflict(
      "API_USER_QUOTA_EXCEEDED",
      `the TMC already has ${owned} API users; the quota is ${quota} (revoke one, or ask the operator to raise it)`,
    );
  }
  const minted = ctx.identity.createApiUser({
    role: body.role,
    tmcId: principal.tmcId,
    companyId: body.role === "COMPANY_ADMIN" ? body.orgId : undefined,
    credentialType: body.credentialType,
  });
  return body.credentialType === "SCIM_TOKEN"
    ? { clientId: minted.record.clientId, scimToken: minted.clientSecret }
    : { clientId: minted.record.clientId, clientSecret: minted.clientSecret };
}

/** Registers `/v2/api-users` and its actions. */
export function apiUserRoutes(ctx: EmulatorContext) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    const users = () => ctx.store.records(API_USERS);
    app.addHook("preValidation", authenticate(ctx));

    /** The API user `clientId` if it belongs to the caller's TMC (404 otherwise, 403 for another TMC). */
    const ownedUser = (tmcId: string, clientId: string): ApiUserRecord => {
      const user = users().get(clientId);
      if (!user) throw new PlatformError(404, "API_USER_NOT_FOUND", `API user ${clientId} does not exist`);
      if (user.tmcId !== tmcId) throw forbidden(`API user ${clientId} belongs to another TMC`);
      return user;
    };

    app.post("/v2/api-users", { schema: { body: createRequest } }, async (request) =>
      createApiUser(ctx, principalOf(request), request.body),
    );

    app.get("/v2/api-users", { schema: { querystring: listQuery } }, async (request) => {
      const principal = principalOf(request);
      requireTmcAdmin(principal, "listing API users");
      const query = request.query;
      const owned = users().of(principal.tmcId).values();
      return {
        apiUsers: owned
          .slice(query.offset, query.offset + pageLimit(ctx.settings, query.limit))
          .map((user) => ({ clientId: user.clientId })),
        totalCount: owned.length,
      };
    });

    const byClientId = { schema: { body: clientIdRequest } };
    app.post("/v2/api-users/revoke", byClientId, async (request, reply) => {
      const principal = principalOf(request);
      requireTmcAdmin(principal, "revoking API users");
      const body = request.body;
      ownedUser(principal.tmcId, body.clientId);
      ctx.identity.revoke(body.clientId);
      return reply.code(204).send();
    });

    app.post("/v2/api-users/rotate", byClientId, async (request) => {
      const principal = principalOf(request);
      requireTmcAdmin(principal, "rotating API user secrets");
      const body = request.body;
      const user = ownedUser(principal.tmcId, body.clientId);
      if (user.credentialType !== "CLIENT_CREDENTIALS") {
        throw badRequest(
          `API user ${body.clientId} has ${user.credentialType} credentials, which cannot be rotated`,
        );
      }
      return { clientId: body.clientId, clientSecret: ctx.identity.rotateSecret(body.clientId) };
    });
  };
}
