/**
 * The emulator's Fastify application: content parsing, a nesting-depth limit on bodies, fault
 * injection (before and after handling), durable acknowledgement (an answer leaves only once the
 * state it reflects is on disk), request logging, the platform's error body for every failure (the
 * framework's and the HTTP parser's included), 404 and 405 for unknown routes, and the route areas.
 */
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import type { AfterHandlingFault } from "./admin/faults";
import type { EmulatorContext } from "./context";
import { findTooDeep, MAX_BODY_DEPTH } from "./core/depth";
import { badRequest, errorBody, PlatformError } from "./core/errors";
import { vendorContractHook } from "./core/vendor-contract-hook";
import { adminRoutes } from "./admin/routes";
import { ADMIN_PREFIX } from "./core/http";
import { apiUserRoutes } from "./identity/api-user-routes";
import { authRoutes } from "./identity/auth-routes";
import { scimRoutes } from "./identity/scim-routes";
import { keyRoutes } from "./keys/routes";
import { carRoutes } from "./car/routes";
import { companyRoutes } from "./org/routes/companies";
import { companyDirectories } from "./org/routes/directories";
import { companyConfigRoutes } from "./configs/company-configs";
import { customFieldRoutes } from "./custom-fields/routes";
import { featureRoutes } from "./configs/features";
import { rbacRoutes } from "./rbac/routes";
import { serviceChargeRoutes } from "./configs/service-charges";
import { vendorPreferenceRoutes } from "./configs/vendor-preferences";

/** Options of {@link buildEmulatorApp}. */
export interface EmulatorAppOptions {
  /** Print unexpected errors (500s) to stderr. */
  logErrors?: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    /** performance.now() at arrival, for durations. */
    startedAt?: number;
    /** Wall-clock arrival time (ms since epoch), for the request log. */
    receivedAtMs?: number;
    /** The after-handling fault drawn for this request. */
    afterFault?: { fault: AfterHandlingFault; ruleId: string } | undefined;
    /** Set once the answer waited for durability (an error answer then does not wait again). */
    durabilityAwaited?: boolean;
    /** Set when the request was logged already (a dropped connection). */
    logged?: boolean;
  }
  interface FastifyContextConfig {
    /** A body nesting limit other than {@link MAX_BODY_DEPTH} (the state snapshot's). */
    maxBodyDepth?: number;
  }
}

/** Builds the application; it is not listening yet. */
export function buildEmulatorApp(ctx: EmulatorContext, options: EmulatorAppOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: ctx.settings.bodyLimitBytes,
    genReqId: () => randomUUID(),
    forceCloseConnections: true,
    return503OnClosing: true,
    frameworkErrors: (error, request, reply) => {
      const [status, code, message] = classifyFrameworkError(error);
      void (reply as FastifyReply).code(status).send(errorBody(code, message, request.id));
    },
    clientErrorHandler: answerClientError,
  });

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const routes: { method: string; pattern: RegExp }[] = [];
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pattern = new RegExp(`^${route.url.replace(/:[^/]+/g, "[^/]+")}/?$`);
    for (const method of methods) routes.push({ method: method.toUpperCase(), pattern });
  });

  app.addHook("onRequest", async (request, reply) => {
    request.startedAt = performance.now();
    request.receivedAtMs = Date.now();
    const path = request.url.split("?")[0] ?? request.url;
    if (path.startsWith(ADMIN_PREFIX)) return;
    const action = ctx.faults.decide(request.method, path);
    if (action.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, action.latencyMs));
    if (action.type === "drop") {
      request.faultId = action.ruleId;
      logRequest(ctx, request, path, "fault", 0, undefined, action.ruleId);
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    if (action.type === "status") {
      request.faultId = action.ruleId;
      if (action.retryAfterSeconds !== undefined)
        reply.header("retry-after", String(action.retryAfterSeconds));
      const code =
        action.status === 429
          ? "RATE_LIMIT_EXCEEDED"
          : action.status === 503
            ? "SERVICE_UNAVAILABLE"
            : "INTERNAL_ERROR";
      await reply.code(action.status).send(errorBody(code, `injected fault ${action.ruleId}`, request.id));
    }
    if (action.type === "after") request.afterFault = { fault: action.fault, ruleId: action.ruleId };
  });

  app.addHook("preValidation", async (request) => {
    const limit = request.routeOptions.config.maxBodyDepth ?? MAX_BODY_DEPTH;
    const where = findTooDeep(request.body, limit);
    if (where !== undefined) {
      throw badRequest(
        `invalid request body: ${where}: is nested deeper than ${limit} levels of objects and arrays`,
        "NESTING_TOO_DEEP",
      );
    }
  });

  app.addHook("preValidation", vendorContractHook({ authenticate: (header) => ctx.identity.authenticate(header) }));

  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.durabilityAwaited) {
      request.durabilityAwaited = true;
      try {
        await ctx.store.whenDurable();
      } catch (error) {
        if (options.logErrors !== false) process.stderr.write(`emulator: ${(error as Error).message}\n`);
        throw new PlatformError(
          500,
          "STATE_NOT_PERSISTED",
          "the change was applied in memory but could not be written to the state file; see the emulator's stderr",
        );
      }
    }
    const after = request.afterFault;
    if (!after) return payload;
    request.afterFault = undefined;
    request.faultId = after.ruleId;
    if (after.fault === "drop") {
      const path = request.url.split("?")[0] ?? request.url;
      request.logged = true;
      logRequest(ctx, request, path, routeOf(request), 0, request.principal?.clientId, after.ruleId);
      dropConnection(reply);
      return payload;
    }
    reply.code(after.fault);
    reply.header("content-type", "application/json; charset=utf-8");
    if (after.fault === 503) reply.header("retry-after", "1");
    const code =
      after.fault === 503
        ? "SERVICE_UNAVAILABLE"
        : after.fault === 504
          ? "GATEWAY_TIMEOUT"
          : after.fault === 502
            ? "BAD_GATEWAY"
            : "INTERNAL_ERROR";
    return JSON.stringify(errorBody(code, `injected fault ${after.ruleId} (after handling)`, request.id));
  });

  app.addHook("onResponse", async (request, reply) => {
    const path = request.url.split("?")[0] ?? request.url;
    if (path.startsWith(ADMIN_PREFIX) || request.logged) return;
    const route = routeOf(request);
    logRequest(ctx, request, path, route, reply.statusCode, request.principal?.clientId, request.faultId);
  });

  app.setErrorHandler((error: FastifyError | PlatformError, request, reply) => {
    if (error instanceof PlatformError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.code(error.status).send(errorBody(error.errorCode, error.message, request.id));
    }
    const [status, code, message] = classifyFrameworkError(error);
    if (status >= 500 && options.logErrors !== false) {
      process.stderr.write(
        `emulator: unexpected error on ${request.method} ${request.url}: ${error.stack ?? error}\n`,
      );
    }
    return reply.code(status).send(errorBody(code, message, request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? request.url;
    const allowed = routes.filter((route) => route.pattern.test(path)).map((route) => route.method);
    if (allowed.length > 0) {
      reply.header("allow", [...new Set(allowed)].join(", "));
      return reply
        .code(405)
        .send(
          errorBody(
            "METHOD_NOT_ALLOWED",
            `${request.method} is not allowed on ${path}; allowed: ${allowed.join(", ")}`,
            request.id,
          ),
        );
    }
    return reply
      .code(404)
      .send(errorBody("ROUTE_NOT_FOUND", `no route ${request.method} ${path}`, request.id));
  });

  app.register(authRoutes(ctx));
  app.register(apiUserRoutes(ctx));
  app.register(companyRoutes(ctx));
  app.register(carRoutes(ctx));
  for (const routes of companyDirectories) app.register(routes(ctx));
  app.register(featureRoutes(ctx));
  app.register(companyConfigRoutes(ctx));
  app.register(vendorPreferenceRoutes(ctx));
  app.register(serviceChargeRoutes(ctx));
  app.register(rbacRoutes(ctx));
  app.register(customFieldRoutes(ctx));
  app.register(scimRoutes(ctx));
  app.register(keyRoutes(ctx));
  app.register(adminRoutes(ctx), { prefix: ADMIN_PREFIX });
  return app;
}

/** The log's route label: `METHOD /pattern`, "fault" or "unmatched". */
function routeOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  return pattern ? `${request.method} ${pattern}` : request.faultId ? "fault" : "unmatched";
}

/** Destroys the connection of `reply` without an answer (an after-handling drop). */
function dropConnection(reply: FastifyReply): void {
  const socket = reply.raw.socket ?? reply.request.raw.socket;
  if (socket && typeof socket.destroy === "function") socket.destroy();
  else reply.raw.destroy();
}

/**
 * Answers what the HTTP parser refuses before Fastify sees a request (malformed request line,
 * oversized headers, timeouts) with the platform's error body, then closes the connection.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, code, message]: [number, string, string] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "HEADERS_TOO_LARGE", "the request headers are too large"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "REQUEST_TIMEOUT", "the request was not received in time"]
        : [
            400,
            "MALFORMED_HTTP_REQUEST",
            `the request is not valid HTTP/1.1 (${error.code ?? "parse error"})`,
          ];
  const body = JSON.stringify(errorBody(code, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function classifyFrameworkError(error: FastifyError): [number, string, string] {
  switch (error.code) {
    case "FST_ERR_BAD_URL":
      return [400, "MALFORMED_PATH", "the request path is not valid percent-encoded UTF-8"];
    case "FST_ERR_MAX_PARAM_LENGTH":
      return [414, "PATH_PARAMETER_TOO_LONG", "a path parameter is longer than 100 characters"];
    case "FST_ERR_ASYNC_CONSTRAINT":
      return [500, "INTERNAL_ERROR", "the emulator failed unexpectedly; see its stderr"];
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return [415, "UNSUPPORTED_MEDIA_TYPE", `unsupported content type; send application/json`];
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return [413, "PAYLOAD_TOO_LARGE", "the request body is too large"];
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return [400, "EMPTY_BODY", "the request declares JSON but has an empty body"];
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return [400, "MALFORMED_JSON", `the request body is not valid JSON: ${error.message}`];
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return [400, "INVALID_CONTENT_LENGTH", "the Content-Length header does not match the body"];
  }
  if (error instanceof SyntaxError)
    return [400, "MALFORMED_JSON", `the request body is not valid JSON: ${error.message}`];
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return [status, "INVALID_REQUEST", error.message];
  return [500, "INTERNAL_ERROR", "the emulator failed unexpectedly; see its stderr"];
}

function logRequest(
  ctx: EmulatorContext,
  request: FastifyRequest,
  path: string,
  route: string,
  status: number,
  clientId: string | undefined,
  fault: string | undefined,
): void {
  const { startedAt, receivedAtMs } = request;
  ctx.log.add({
    atMs: receivedAtMs ?? Date.now(),
    method: request.method,
    path,
    route,
    status,
    durationMs: startedAt === undefined ? 0 : Math.round(performance.now() - startedAt),
    clientId,
    fault,
  });
}
