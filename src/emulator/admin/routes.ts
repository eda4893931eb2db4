/**
 * The emulator admin API under `/_emulator`. It is not part of the platform and needs no token;
 * the emulator listens on loopback by default. Documented in docs/emulator.md.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { EmulatorAdmin } from "./operations";
import type { AdminContext } from "./admin-context";
import { badRequest, notFound } from "../core/errors";
import { param } from "../core/http";
import { MAX_SNAPSHOT_DEPTH } from "../core/depth";
import { optionalBody, withZod, type ZodRoutes } from "../core/request-validation";

const afterQuery = z.looseObject({ after: z.coerce.number().int().min(0).default(0) });

const clockRequest = z
  .object({
    advanceMs: z.number().int().optional(),
    advanceSeconds: z.number().optional(),
    setMs: z.number().int().optional(),
    setIso: z.iso.datetime({ offset: true }).optional(),
    freeze: z.boolean().optional(),
    reset: z.literal(true).optional(),
  })
  .strict();

const tmcRequest = z.object({ name: z.string().min(1) }).strict();
const companyAdminRequest = z.object({ companyId: z.string().min(1) }).strict();

function adminError(error: unknown): never {
  throw badRequest((error as Error).message, "EMULATOR_ADMIN_INVALID");
}

const done = (reply: FastifyReply) => reply.code(204).send();

/** Registers the admin routes (mount under `/_emulator`, the `ADMIN_PREFIX`). */
export function adminRoutes(ctx: AdminContext) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    const admin = new EmulatorAdmin(ctx);
    stateRoutes(app, admin);
    requestLogRoutes(app, admin);
    clockRoutes(app, admin);
    faultRoutes(app, admin);
    settingsAndTenantRoutes(app, admin);
    variationRoutes(app, admin);
  };
}

/** Health, bootstrap credentials, reset, and the state snapshot. */
function stateRoutes(app: ZodRoutes, admin: EmulatorAdmin): void {
  app.get("/health", async () => ({ ok: true }));
  app.get("/bootstrap", async () => admin.bootstrap());
  app.post("/reset", async (_request, reply) => {
    admin.reset();
    return done(reply);
  });

  app.get("/state", async () => admin.snapshot());
  // A snapshot nests records inside collections, so it has a depth limit of its own.
  app.put("/state", { config: { maxBodyDepth: MAX_SNAPSHOT_DEPTH } }, async (request, reply) => {
    try {
      admin.load(request.body);
    } catch (error) {
      adminError(error);
    }
    return done(reply);
  });
}

/** The request log. */
function requestLogRoutes(app: ZodRoutes, admin: EmulatorAdmin): void {
  const afterSeq = { schema: { querystring: afterQuery } };
  app.get("/requests", afterSeq, async (request) => {
    const { after } = request.query;
    return { entries: admin.requests(after), lastSeq: admin.lastRequestSeq };
  });
  app.get("/requests/counts", afterSeq, async (request) => {
    const { after } = request.query;
    const counts = admin.requestCounts(after);
    return {
      counts,
      total: Object.values(counts).reduce((sum, n) => sum + n, 0),
      lastSeq: admin.lastRequestSeq,
    };
  });
  app.delete("/requests", async (_request, reply) => {
    admin.clearRequests();
    return done(reply);
  });
}

/** The emulator clock. */
function clockRoutes(app: ZodRoutes, admin: EmulatorAdmin): void {
  app.get("/clock", async () => admin.clock.state());
  app.post("/clock", { schema: { body: optionalBody(clockRequest) } }, async (request) => {
    const body = request.body;
    if (body.reset) admin.clock.reset();
    if (body.setMs !== undefined) admin.clock.set(body.setMs);
    if (body.setIso !== undefined) admin.clock.set(Date.parse(body.setIso));
    if (body.advanceMs !== undefined) admin.clock.advance(body.advanceMs);
    if (body.advanceSeconds !== undefined) admin.clock.advance(Math.round(body.advanceSeconds * 1000));
    if (body.freeze === true) admin.clock.freeze();
    if (body.freeze === false) admin.clock.unfreeze();
    return admin.clock.state();
  });
}

/** Fault rules. */
function faultRoutes(app: ZodRoutes, admin: EmulatorAdmin): void {
  app.get("/faults", async () => ({ faults: admin.faults() }));
  app.post("/faults", async (request, reply) => {
    try {
      return reply.code(201).send(admin.addFault(request.body ?? {}));
    } catch (error) {
      adminError(error);
    }
  });
  app.delete("/faults", async (_request, reply) => {
    admin.clearFaults();
    return done(reply);
  });
  app.delete("/faults/:faultId", async (request, reply) => {
    const id = param(request, "faultId");
    if (!admin.removeFault(id)) throw notFound("fault", id);
    return done(reply);
  });
}

/** Settings, extra TMCs and company admins. */
function settingsAndTenantRoutes(app: ZodRoutes, admin: EmulatorAdmin): void {
  app.get("/settings", async () => admin.settings());
  app.patch("/settings", async (request) => {
    try {
      return admin.updateSettings(request.body ?? {});
    } catch (error) {
      adminError(error);
    }
  });

  app.post("/tmcs", { schema: { body: tmcRequest } }, async (request, reply) => {
    return reply.code(201).send(admin.createTmc(request.body.name));
  });
  app.post("/company-admins", { schema: { body: companyAdminRequest } }, async (request, reply) => {
    try {
      return reply.code(201).send(admin.createCompanyAdmin(request.body.companyId));
    } catch (error) {
      adminError(error);
    }
  });
}

/** Response variation. */
function variationRoutes(app: ZodRoutes, admin: EmulatorAdmin): void {
  app.get("/response-variation", async () => admin.responseVariation());
  app.put("/response-variation", async (request) => {
    try {
      admin.setResponseVariation(request.body ?? {});
    } catch (error) {
      adminError(error);
    }
    return admin.responseVariation();
  });
  app.delete("/response-variation", async (_request, reply) => {
    admin.setResponseVariation(undefined);
    return done(reply);
  });
}
