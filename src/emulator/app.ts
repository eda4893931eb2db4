/**
 * The emulator's Fastify application: the framework's options and the plugins, in the order
 * their hooks must run (request log, the `Date` of every answer from the emulator's clock, durable
 * answers, varied answers, fault injection, body depth, the vendor contract, smaller pages, the
 * platform's error body, 404 and 405), then the route areas, whose zod schemas Fastify checks
 * after the vendor contract and before each handler.
 */
import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import type { AdminContext } from "./admin/admin-context";
import { faultInjection } from "./admin/fault-injection";
import { requestLogging } from "./admin/request-logging";
import { responseVariation, smallerPages } from "./core/response-variation";
import { adminRoutes } from "./admin/routes";
import { carRoutes } from "./car/routes";
import { companyConfigRoutes } from "./configs/company-configs";
import { featureRoutes } from "./configs/features";
import { serviceChargeRoutes } from "./configs/service-charges";
import { vendorPreferenceRoutes } from "./configs/vendor-preferences";
import { bodyDepthLimit } from "./core/body-depth";
import { durableAnswers } from "./core/durability";
import { platformDate } from "./core/platform-date";
import { answerClientError, answerFrameworkError, platformErrors } from "./core/error-mapping";
import { ADMIN_PREFIX } from "./core/http";
import { unknownRoutes } from "./core/unknown-routes";
import { vendorContract } from "./core/vendor-contract-hook";
import { useZodValidation } from "./core/request-validation";
import { customFieldRoutes } from "./custom-fields/routes";
import { authRoutes } from "./identity/auth-routes";
import { scimRoutes } from "./identity/scim-routes";
import { keyRoutes } from "./keys/routes";
import { apiUserRoutes } from "./org/routes/api-users";
import { companyRoutes } from "./org/routes/companies";
import { companyDirectories } from "./org/routes/directories";
import { rbacRoutes } from "./rbac/routes";

/** Options of {@link buildEmulatorApp}. */
export interface EmulatorAppOptions {
  /** Print unexpected errors (500s) to stderr. */
  logErrors?: boolean;
}

/** Builds the application; it is not listening yet. */
export function buildEmulatorApp(ctx: AdminContext, options: EmulatorAppOptions = {}): FastifyInstance {
  const logErrors = options.logErrors !== false;
  const app = Fastify({
    logger: false,
    bodyLimit: ctx.settings.bodyLimitBytes,
    genReqId: () => randomUUID(),
    forceCloseConnections: true,
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  useZodValidation(app);

  app.register(requestLogging(ctx.log));
  app.register(platformDate(ctx.clock));
  app.register(durableAnswers(ctx.store, { logErrors }));
  app.register(responseVariation(ctx.variation));
  app.register(faultInjection(ctx.faults, ctx.log, ctx.clock));
  app.register(bodyDepthLimit);
  app.register(vendorContract({ authenticate: (header) => ctx.identity.authenticate(header) }));
  app.register(smallerPages(ctx.variation));
  app.register(platformErrors({ logErrors }));
  app.register(unknownRoutes);

  app.register(authRoutes(ctx));
  app.register(apiUserRoutes(ctx));
  app.register(companyRoutes(ctx));
  app.register(carRoutes(ctx));
  for (const { routes } of companyDirectories) app.register(routes(ctx));
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
