/** Bearer-token authentication of platform routes: the hook and the request's principal. */
import type { FastifyRequest } from "fastify";
import { chargeApiRequest } from "./api-rate-limit";
import type { Principal } from "./identity";
import type { IdentityServices } from "./services";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by {@link authenticate} on routes that require a bearer token. */
    principal?: Principal;
  }
}

/**
 * A `preValidation` hook that resolves the bearer token to a principal (401 otherwise) and charges
 * the call to its client id's rate limit (429 beyond it, when `apiRateLimitPerSecond` is set). It
 * runs before the route's schemas, so an anonymous caller gets its 401 and learns nothing of them.
 */
export function authenticate(ctx: IdentityServices) {
  return async (request: FastifyRequest): Promise<void> => {
    request.principal = ctx.identity.authenticate(request.headers.authorization);
    chargeApiRequest(ctx, request.principal.clientId);
  };
}

/** The principal of an authenticated route. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal)
    throw new Error(`route ${request.routeOptions.url} was registered without authentication`);
  return request.principal;
}
