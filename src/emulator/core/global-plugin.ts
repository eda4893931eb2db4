/** Fastify plugins whose hooks and handlers apply to the whole application. */
import type { FastifyPluginAsync } from "fastify";

/**
 * Marks `plugin` so Fastify does not encapsulate it: its hooks, error and not-found handlers
 * apply to the application that registers it, in registration order (Fastify's `skip-override`,
 * which is what the fastify-plugin package sets).
 */
export function globalPlugin(name: string, plugin: FastifyPluginAsync): FastifyPluginAsync {
  return Object.assign(plugin, {
    [Symbol.for("skip-override")]: true,
    [Symbol.for("fastify.display-name")]: name,
  });
}
