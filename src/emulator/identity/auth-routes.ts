/**
 * Token endpoints: `POST /v2/auth/oauth2-token` (OAuth2 client credentials, form-encoded, per the
 * vendor Auth API) and the legacy `POST /get-auth-token`. Both share one rate limit.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { IdentityServices } from "./services";
import { PlatformError } from "../core/errors";
import { withZod } from "../core/request-validation";

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

/** Refuses a token request that is not form-encoded (415), before its schema is checked. */
async function requireForm(request: FastifyRequest): Promise<void> {
  if (!isForm(request)) {
    throw new PlatformError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "the token endpoint takes application/x-www-form-urlencoded",
    );
  }
}

/** Reads a legacy form's `client_id`/`client_secret` (or camel-case) as the JSON body's names. */
async function legacyFormAsJson(request: FastifyRequest): Promise<void> {
  if (!isForm(request)) return;
  const raw = request.body as Record<string, unknown> | undefined;
  request.body = {
    clientId: raw?.client_id ?? raw?.clientId,
    clientSecret: raw?.client_secret ?? raw?.clientSecret,
  };
}

/** Registers the token endpoints. */
export function authRoutes(ctx: IdentityServices) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    const oauthToken = { preValidation: requireForm, schema: { body: oauthTokenRequest } };
    app.post("/v2/auth/oauth2-token", oauthToken, async (request, reply) => {
      const body = request.body;
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

    const legacyToken = { preValidation: legacyFormAsJson, schema: { body: legacyTokenRequest } };
    app.post("/get-auth-token", legacyToken, async (request, reply) => {
      const body = request.body;
      ctx.identity.chargeTokenRequest(body.clientId, body.clientSecret, request.ip);
      const issued = ctx.identity.issueToken(body.clientId, body.clientSecret);
      request.principal = ctx.identity.authenticate(`Bearer ${issued.token}`);
      reply.header("cache-control", "no-store");
      return { token: issued.token, expiresIn: issued.expiresInSeconds };
    });
  };
}
