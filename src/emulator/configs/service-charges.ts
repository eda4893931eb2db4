/**
 * Service charges: `GET/POST /v2/license/company/{companyId}/service-charge/per-trip` (the
 * company's per-trip charge; POST answers 204) and
 * `POST /v2/service-charge/{entityType}/{entityId}/types/{type}/list`.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  listServiceChargesRequestSchema,
  serviceChargeEntityTypeSchema,
  serviceChargeTypeSchema,
  setCompanyPerTripSrvChargeRequestSchema,
} from "../../schemas/service-charge";
import type { EmulatorContext } from "../context";
import { noContent, param } from "../core/http";
import { authenticate, principalOf } from "../identity/authenticate";
import { COMPANIES, COMPANY_CONFIGS, configKey, SERVICE_CHARGES } from "../org/records";
import { canAccessCompany, companyFor, requireTmcAdmin } from "../org/permissions";
import { withZod } from "../core/request-validation";

const listPath = z.looseObject({
  entityType: serviceChargeEntityTypeSchema,
  entityId: z.string().min(1),
  type: serviceChargeTypeSchema,
});

/** Registers the service charge routes. */
export function serviceChargeRoutes(ctx: EmulatorContext) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    const configs = () => ctx.store.records(COMPANY_CONFIGS);
    const charges = () => ctx.store.records(SERVICE_CHARGES);
    const companies = () => ctx.store.records(COMPANIES);
    app.addHook("preValidation", authenticate(ctx));

    app.get("/v2/license/company/:companyId/service-charge/per-trip", async (request) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      const stored = configs().get(configKey(companyId, "perTripServiceCharge"));
      return stored
        ? { config: stored.config, enabled: true, enableDisableOpSupported: false }
        : { enabled: false, enableDisableOpSupported: false };
    });

    app.post(
      "/v2/license/company/:companyId/service-charge/per-trip",
      { schema: { body: setCompanyPerTripSrvChargeRequestSchema } },
      async (request, reply) => {
        const principal = principalOf(request);
        const companyId = param(request, "companyId");
        companyFor(ctx.store, principal, companyId);
        requireTmcAdmin(principal, "setting the per-trip service charge");
        const body = request.body;
        configs().set(configKey(companyId, "perTripServiceCharge"), {
          companyId,
          kind: "perTripServiceCharge",
          config: body.config,
          updatedAtMs: ctx.clock.now(),
        });
        return noContent(reply);
      },
    );

    app.post(
      "/v2/service-charge/:entityType/:entityId/types/:type/list",
      { schema: { params: listPath, body: listServiceChargesRequestSchema } },
      async (request) => {
        const principal = principalOf(request);
        const path = request.params;
        const body = request.body;
        const serviceCharges = charges()
          .values()
          .filter(({ companyId }) => {
            const company = companies().get(companyId);
            return company !== undefined && canAccessCompany(principal, company);
          })
          .map(({ charge }) => charge)
          .filter(
            (charge) =>
              charge.entity.entityType === path.entityType &&
              charge.entity.entityId === path.entityId &&
              charge.serviceChargeType === path.type &&
              (body.serviceType === undefined || charge.serviceType === body.serviceType),
          );
        return { serviceCharges };
      },
    );
  };
}
