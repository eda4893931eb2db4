/** The plugin that writes every platform call (admin calls excepted) to the {@link RequestLog}. */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { globalPlugin } from "../core/global-plugin";
import { ADMIN_PREFIX, pathOf } from "../core/http";
import type { RequestLog } from "./request-log";

declare module "fastify" {
  interface FastifyRequest {
    /** performance.now() at arrival, for durations. */
    startedAt?: number;
    /** Wall-clock arrival time (ms since epoch), for the request log. */
    receivedAtMs?: number;
    /** Set when the request was logged already (a dropped connection). */
    logged?: boolean;
    /** Set when a fault rule changed the answer. */
    faultId?: string;
  }
}

/** The log's route label: `METHOD /pattern`, "fault" or "unmatched". */
export function routeOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  return pattern ? `${request.method} ${pattern}` : request.faultId ? "fault" : "unmatched";
}

/** Logs `request` now, answered with `status` (0: no answer) under `route`. */
export function logRequest(log: RequestLog, request: FastifyRequest, route: string, status: number): void {
  const { startedAt, receivedAtMs } = request;
  request.logged = true;
  log.add({
    atMs: receivedAtMs ?? Date.now(),
    method: request.method,
    path: pathOf(request),
    route,
    status,
    durationMs: startedAt === undefined ? 0 : Math.round(performance.now() - startedAt),
    clientId: request.principal?.clientId,
    fault: request.faultId,
  });
}

/** The plugin; register it first, so arrival times are taken before any other hook runs. */
export function requestLogging(log: RequestLog): FastifyPluginAsync {
  return globalPlugin("request-logging", async (app) => {
    app.addHook("onRequest", async (request) => {
      request.startedAt = performance.now();
      request.receivedAtMs = Date.now();
    });
    app.addHook("onResponse", async (request, reply) => {
      if (pathOf(request).startsWith(ADMIN_PREFIX) || request.logged) return;
      logRequest(log, request, routeOf(request), reply.statusCode);
    });
  });
}
