/** Answers for unknown routes: 405 with `Allow` when the path exists for other methods, 404 otherwise. */
import type { FastifyPluginAsync } from "fastify";
import { errorBody } from "./errors";
import { globalPlugin } from "./global-plugin";
import { pathOf } from "./http";

/** The plugin; register it before the routes, so it sees each one. */
export const unknownRoutes: FastifyPluginAsync = globalPlugin("unknown-routes", async (app) => {
  const routes: { method: string; pattern: RegExp }[] = [];
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pattern = new RegExp(`^${route.url.replace(/:[^/]+/g, "[^/]+")}/?$`);
    for (const method of methods) routes.push({ method: method.toUpperCase(), pattern });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request);
    const allowed = routes.filter((route) => route.pattern.test(path)).map((route) => route.method);
    if (allowed.length === 0)
      return reply
        .code(404)
        .send(errorBody("ROUTE_NOT_FOUND", `no route ${request.method} ${path}`, request.id));
    reply.header("allow", [...new Set(allowed)].join(", "));
    const message = `${request.method} is not allowed on ${path}; allowed: ${allowed.join(", ")}`;
    return reply.code(405).send(errorBody("METHOD_NOT_ALLOWED", message, request.id));
  });
});
