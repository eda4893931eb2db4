/** Fastify glue shared by the emulator's routes: the authenticated principal and path parameters. */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "./context";
import type { Principal } from "./identity";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by {@link authenticate} on routes that require a bearer token. */
    principal?: Principal;
    /** Set when a fault rule changed the answer. */
    faultId?: string;
  }
}

/** A preHandler that resolves the bearer token to a principal (401 otherwise). */
export function authenticate(ctx: EmulatorContext) {
  return async (request: FastifyRequest): Promise<void> => {
    request.principal = ctx.identity.authenticate(request.headers.authorization);
  };
}

/** The principal of an authenticated route. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal)
    throw new Error(`route ${request.routeOptions.url} was registered without authentication`);
  return request.principal;
}

/** A path parameter by name (routes guarantee its presence). */
export function param(request: FastifyRequest, name: string): string {
  const value = (request.params as Record<string, string | undefined>)[name];
  if (value === undefined) throw new Error(`route ${request.routeOptions.url} has no parameter ${name}`);
  return value;
}

/** The query string as a record of strings. */
export function queryOf(request: FastifyRequest): Record<string, string | string[] | undefined> {
  return request.query as Record<string, string | string[] | undefined>;
}

/** Sends 204 No Content. */
export function noContent(reply: FastifyReply): FastifyReply {
  return reply.code(204).send();
}
