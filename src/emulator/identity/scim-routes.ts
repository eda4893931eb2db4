/**
 * SCIM 2.0 (RFC 7644), minimal: `GET /v2/scim/Users` with the SCIM API user's token as the bearer.
 * The emulator provisions no travelers through SCIM, so the list is empty but well-formed and paged.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { IdentityServices } from "./services";
import { withZod } from "../core/request-validation";

const listQuery = z.looseObject({
  startIndex: z.coerce.number().int().min(1).default(1),
  count: z.coerce.number().int().min(0).max(100).default(100),
  filter: z.string().optional(),
});

/** Registers the SCIM routes; they authenticate with SCIM tokens only. */
export function scimRoutes(ctx: IdentityServices) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    app.addHook("preValidation", async (request) => {
      request.principal = ctx.identity.authenticateScim(request.headers.authorization);
    });

    app.get("/v2/scim/Users", { schema: { querystring: listQuery } }, async (request, reply) => {
      const query = request.query;
      reply.header("content-type", "application/scim+json; charset=utf-8");
      return {
        schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"],
        totalResults: 0,
        startIndex: query.startIndex,
        itemsPerPage: 0,
        Resources: [],
      };
    });
  };
}
