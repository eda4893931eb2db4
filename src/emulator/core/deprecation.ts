/** Deprecation signals on endpoints the vendor marks deprecated. */
import type { FastifyReply } from "fastify";

/**
 * Marks a response as coming from a deprecated endpoint: `Deprecation: true`, a `Link` to the
 * successor with `rel="successor-version"`, and `Sunset` when the vendor names a date.
 */
export function markDeprecated(reply: FastifyReply, successorPath: string, sunset?: Date): void {
  reply.header("deprecation", "true");
  reply.header("link", `<${successorPath}>; rel="successor-version"`);
  if (sunset) reply.header("sunset", sunset.toUTCString());
}
