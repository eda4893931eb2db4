/** The vendor's empty 200 answer to many updates and deletes. */
import type { FastifyReply } from "fastify";

/** Sends 200 with no body (the vendor's answer to many updates and deletes). */
export function okEmpty(reply: FastifyReply): FastifyReply {
  return reply.code(200).send();
}
