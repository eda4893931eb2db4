/**
 * The plugin that applies the {@link FaultInjector}'s rules to platform calls (admin calls are
 * never faulted): before handling, added latency, a dropped connection or an injected status (its
 * `Date` from the emulator's clock, skewed as the rule asks, and its `Retry-After`);
 * after handling (the change is committed, durably with a state file), a dropped connection or a
 * 5xx in place of the answer.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorClock } from "../core/clock";
import { errorBody } from "../core/errors";
import { globalPlugin } from "../core/global-plugin";
import { ADMIN_PREFIX, pathOf } from "../core/http";
import type { AfterHandlingFault, FaultAction, FaultInjector } from "./faults";
import type { RequestLog } from "./request-log";
import { logRequest, routeOf } from "./request-logging";

declare module "fastify" {
  interface FastifyRequest {
    /** The after-handling fault drawn for this request. */
    afterFault?: { fault: AfterHandlingFault; ruleId: string } | undefined;
  }
}

const BEFORE_CODES: Record<429 | 500 | 503, string> = {
  429: "RATE_LIMIT_EXCEEDED",
  500: "INTERNAL_ERROR",
  503: "SERVICE_UNAVAILABLE",
};

const AFTER_CODES: Record<Exclude<AfterHandlingFault, "drop" | "cut">, string> = {
  500: "INTERNAL_ERROR",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
  504: "GATEWAY_TIMEOUT",
};

/** Destroys the connection of `reply` without an answer. */
function dropConnection(reply: FastifyReply): void {
  const socket = reply.raw.socket ?? reply.request.raw.socket;
  if (socket && typeof socket.destroy === "function") socket.destroy();
  else reply.raw.destroy();
}

/**
 * The `Date` and `Retry-After` headers of an injected status: the emulator's clock moved by the
 * rule's skew, to the second (an HTTP date has no finer unit), and the wait in seconds or as the
 * HTTP date that far after `Date`.
 */
export function injectedStatusHeaders(
  action: Extract<FaultAction, { type: "status" }>,
  nowMs: number,
): Record<string, string> {
  const dateMs = Math.floor((nowMs + action.dateSkewSeconds * 1000) / 1000) * 1000;
  const headers: Record<string, string> = { date: new Date(dateMs).toUTCString() };
  const wait = action.retryAfterSeconds;
  if (wait !== undefined)
    headers["retry-after"] =
      action.retryAfterFormat === "http-date"
        ? new Date(dateMs + Math.ceil(wait) * 1000).toUTCString()
        : String(wait);
  return headers;
}

/** Applies a before-handling decision: waits its latency, then drops, answers, or arms an after-fault. */
async function beforeHandling(
  clock: EmulatorClock,
  log: RequestLog,
  request: FastifyRequest,
  reply: FastifyReply,
  action: FaultAction,
): Promise<void> {
  if (action.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, action.latencyMs));
  if (action.type === "drop") {
    request.faultId = action.ruleId;
    logRequest(log, request, "fault", 0);
    reply.hijack();
    request.raw.socket.destroy();
  } else if (action.type === "status") {
    request.faultId = action.ruleId;
    reply.headers(injectedStatusHeaders(action, clock.now()));
    const body = errorBody(BEFORE_CODES[action.status], `injected fault ${action.ruleId}`, request.id);
    await reply.code(action.status).send(body);
  } else if (action.type === "after") {
    request.afterFault = { fault: action.fault, ruleId: action.ruleId };
  }
}

/** Applies an armed after-handling fault to the answer about to leave; returns the payload to send. */
function afterHandling(
  log: RequestLog,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): unknown {
  const after = request.afterFault;
  if (!after) return payload;
  request.afterFault = undefined;
  request.faultId = after.ruleId;
  if (after.fault === "drop") {
    logRequest(log, request, routeOf(request), 0);
    dropConnection(reply);
    return payload;
  }
  if (after.fault === "cut") {
    // The answer's own status and the first half of its body, then the connection closes.
    const text =
      typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : "";
    reply.header("connection", "close");
    return text.slice(0, Math.floor(text.length / 2));
  }
  reply.code(after.fault);
  reply.header("content-type", "application/json; charset=utf-8");
  if (after.fault === 503) reply.header("retry-after", "1");
  const message = `injected fault ${after.ruleId} (after handling)`;
  return JSON.stringify(errorBody(AFTER_CODES[after.fault], message, request.id));
}

/**
 * The plugin; register it after the request log (its arrival time comes first) and after
 * durability (an after-handling fault replaces an answer whose change is already durable).
 */
export function faultInjection(
  faults: FaultInjector,
  log: RequestLog,
  clock: EmulatorClock,
): FastifyPluginAsync {
  return globalPlugin("fault-injection", async (app) => {
    app.addHook("onRequest", async (request, reply) => {
      const path = pathOf(request);
      if (path.startsWith(ADMIN_PREFIX)) return;
      await beforeHandling(clock, log, request, reply, faults.decide(request.method, path));
    });
    app.addHook("onSend", async (request, reply, payload) => afterHandling(log, request, reply, payload));
  });
}
