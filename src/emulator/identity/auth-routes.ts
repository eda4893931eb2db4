/**
 * Token endpoints: `POST /v2/auth/oauth2-token` (OAuth2 client credentials, form-encoded, per the
 * vendor Auth API) and the legacy `POST /get-auth-token`. Both share one rate limit.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { IdentityServices } from "./services";
import { PlatformError } from "../core/errors";
import { parseRequest } from "../core/validate";

const oauthTokenRequest = z.looseObject({
  grant_type: z.string({ error: "is required" }),
  client_id: z.string({ error: "is required" }).min(1, "is required"),
  client_secret: z.string({ error: "is required" }).min(1, "is required"),
});

const legacyTokenRequest = z.looseObject({
  clientId: z.string({ error: "is required" }).min(1, "is required"),
  clientSecret: z.string({ error: "is required" }).min(1, "is required"),
});

function isForm(request: FastifyRequest): boolean {
  return (request.headers["content-type"] ?? "")
    .toLowerCase()
    .startsWith("application/x-www-form-urlencoded");
}

/** Registers the token endpoints. */
export function authRoutes(ctx: IdentityServices) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post("/v2/auth/oauth2-token", async (request, reply) => {
      if (!isForm(request)) {
        throw new PlatformError(
          415,
          "UNSUPPORTED_MEDIA_TYPE",
          "the token endpoint takes application/x-www-form-urlencoded",
        );
      }
      const body = parseRequest(oauthTokenRequest, request.body);
      ctx.identity.chargeTokenRequest(body.client_id, body.client_secret, request.ip);
      if (body.grant_type !== "client_credentials") {
        throw new PlatformError(
          400,
          "UNSUPPORTED_GRANT_TYPE",
          `grant_type ${body.grant_type} is not supported by the emulator; use client_credentials`,
        );
      }
      const issued = ctx.identity.issueToken(body.client_id, body.client_secret);
      request.principal = ctx.identity.authenticate(`Bearer ${issued.token}`);
      reply.header("cache-control", "no-store");
      return { access_token: issued.token, token_type: "Bearer", expires_in: issued.expiresInSeconds };
    });

    app.post("/get-auth-token", async (request, reply) => {
      const raw = request.body as Record<string, unknown> | undefined;
      const body = parseRequest(
        legacyTokenRequest,
        isForm(request)
          ? {
              clientId: raw?.client_id ?? raw?.clientId,
              clientSecret: raw?.client_secret ?? raw?.clientSecret,
            }
          : raw,
      );
      ctx.identity.chargeTokenRequest(body.clientId, body.clientSecret, request.ip);
      const issued = ctx.identity.issueToken(body.clientId, body.clientSecret);
      request.principal = ctx.identity.authenticate(`Bearer ${issued.token}`);
      reply.header("cache-control", "no-store");
      return { token: issued.token, expiresIn: issued.expiresInSeconds };
    });
  };
}
