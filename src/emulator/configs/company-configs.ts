/**
 * Company configuration documents, each read and replaced whole under
 * `/v2/companies/{companyId}/<path>`: travel-content-config, white-label-config, managers-config,
 * color-config, enrollment-config, tier-config, stealth-config and preference-tiers. PUT and
 * DELETE answer 200 without a body, as the vendor describes.
 *
 * A document with a DELETE operation, or with a required field that has no natural default
 * (enrollment's termsAndConditions), is 404 `<NAME>_NOT_FOUND` until stored. A document the
 * platform always has (no DELETE, every field optional) reads as its default until stored.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { CONFIG_DOCUMENTS, type ConfigDocument } from "../../schemas/company-config-documents";
import type { EmulatorContext } from "../context";
import { param } from "../core/http";
import { authenticate, principalOf } from "../identity/authenticate";
import { COMPANY_CONFIGS, type CompanyConfigKind, configKey } from "../org/records";
import { companyRoleLevel, optionalCompanyRoleQuery, requiredCompanyRoleQuery } from "../org/company-role";
import { configNotFound } from "../org/config-not-found";
import { okEmpty } from "../org/ok-empty";
import { companyFor, requireTmcAdmin } from "../org/permissions";
import type { CompanyRecord } from "../org/records";
import type { CompanyRole } from "../../schemas/company";
import { withZod } from "../core/request-validation";

/** How one configuration document is exposed: the vendor facts plus the emulator's own. */
interface ConfigEndpoint extends ConfigDocument {
  kind: CompanyConfigKind;
  /** Human name, also the stem of the 404 errorCode. */
  label: string;
  /** What GET answers before the document is stored; 404 when absent. */
  fallback?: Record<string, unknown>;
  /** Stored "at TMC level": only a TMC admin may write it. */
  tmcLevel?: boolean;
}

/** The documents, their paths and rules. */
export const CONFIG_ENDPOINTS: readonly ConfigEndpoint[] = [
  {
    ...CONFIG_DOCUMENTS["travel-content"],
    kind: "travelContent",
    label: "travel content config",
  },
  {
    ...CONFIG_DOCUMENTS["white-label"],
    kind: "whiteLabel",
    label: "white label config",
  },
  {
    ...CONFIG_DOCUMENTS["managers"],
    kind: "managers",
    label: "managers config",
  },
  {
    ...CONFIG_DOCUMENTS["color"],
    kind: "color",
    label: "color config",
    fallback: { profileColors: [] },
  },
  {
    ...CONFIG_DOCUMENTS["enrollment"],
    kind: "enrollment",
    label: "enrollment config",
    tmcLevel: true,
  },
  {
    ...CONFIG_DOCUMENTS["tier"],
    kind: "tier",
    label: "tier config",
    tmcLevel: true,
    // The vendor's default UI names: BASIC is "Standard", SEAT1A is "VIP".
    fallback: {
      tiers: [
        { name: "Standard", tier: "BASIC" },
        { name: "VIP", tier: "SEAT1A" },
      ],
    },
  },
  {
    ...CONFIG_DOCUMENTS["stealth"],
    kind: "stealth",
    label: "stealth config",
    fallback: { stealthModes: [] },
  },
  {
    ...CONFIG_DOCUMENTS["preference-tiers"],
    kind: "preferenceTiers",
    label: "preference tiers",
    fallback: { preferenceTiersPerBookingType: [] },
  },
];

/** The `companyRole` query as a route reads it. */
type RoleQuery = { companyRole?: CompanyRole | undefined };

/** A document not kept per role reads no query (any is let through, unread). */
const NO_ROLE_QUERY = z.looseObject({}).transform((): RoleQuery => ({}));

/** The `companyRole` query schema of `endpoint`. */
function roleQueryOf(endpoint: ConfigEndpoint): z.ZodType<RoleQuery> {
  switch (endpoint.companyRole) {
    case "required":
      return requiredCompanyRoleQuery;
    case "optional":
      return optionalCompanyRoleQuery;
    case "none":
      return NO_ROLE_QUERY;
  }
}

/** Registers the configuration document routes. */
export function companyConfigRoutes(ctx: EmulatorContext) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    const configs = () => ctx.store.records(COMPANY_CONFIGS);
    app.addHook("preValidation", authenticate(ctx));

    for (const endpoint of CONFIG_ENDPOINTS) {
      const url = `/v2/companies/:companyId/${endpoint.segment}`;

      /** The company role level of the request, or undefined for documents not kept per role. */
      const levelOf = (company: CompanyRecord, query: RoleQuery): string | undefined =>
        endpoint.companyRole === "none" ? undefined : companyRoleLevel(company, query.companyRole);
      const querystring = roleQueryOf(endpoint);

      app.get(url, { schema: { querystring } }, async (request) => {
        const companyId = param(request, "companyId");
        const company = companyFor(ctx.store, principalOf(request), companyId);
        const role = levelOf(company, request.query);
        const stored = configs().get(configKey(companyId, endpoint.kind, role));
        if (stored) return stored.config;
        if (endpoint.fallback) return structuredClone(endpoint.fallback);
        throw configNotFound(endpoint.label, companyId, role);
      });

      app.put(url, { schema: { querystring, body: endpoint.schema } }, async (request, reply) => {
        const principal = principalOf(request);
        const companyId = param(request, "companyId");
        const company = companyFor(ctx.store, principal, companyId);
        if (endpoint.tmcLevel) requireTmcAdmin(principal, `storing the ${endpoint.label} (TMC level)`);
        const role = levelOf(company, request.query);
        const config = request.body;
        configs().set(configKey(companyId, endpoint.kind, role), {
          companyId,
          kind: endpoint.kind,
          companyRole: role,
          config,
          updatedAtMs: ctx.clock.now(),
        });
        return okEmpty(reply);
      });

      if (endpoint.deletable) {
        app.delete(url, { schema: { querystring } }, async (request, reply) => {
          const companyId = param(request, "companyId");
          const company = companyFor(ctx.store, principalOf(request), companyId);
          const role = levelOf(company, request.query);
          if (!configs().delete(configKey(companyId, endpoint.kind, role)))
            throw configNotFound(endpoint.label, companyId, role);
          return okEmpty(reply);
        });
      }
    }
  };
}
