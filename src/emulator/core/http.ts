/** Fastify glue shared by the emulator's routes: path parameters, paths and empty replies. */
import type { FastifyReply, FastifyRequest } from "fastify";

/** Path prefix of the emulator's own admin API. */
export const ADMIN_PREFIX = "/_emulator";

/** A path parameter by name (routes guarantee its presence). */
export function param(request: FastifyRequest, name: string): string {
  const value = (request.params as Record<string, string | undefined>)[name];
  if (value === undefined) throw new Error(`route ${request.routeOptions.url} has no parameter ${name}`);
  return value;
}

/** Sends 204 No Content. */
export function noContent(reply: FastifyReply): FastifyReply {
  return reply.code(204).send();
}

/** The request's path, without the query string. */
export function pathOf(request: FastifyRequest): string {
  return request.url.split("?")[0] ?? request.url;
}
