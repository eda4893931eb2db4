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
import type { z } from "zod";
import {
  colorConfigSchema,
  companyManagersConfigSchema,
  enrollmentConfigSchema,
  stealthConfigSchema,
  tierConfigSchema,
  travelContentConfigSchema,
  whiteLabelConfigSchema,
} from "../../schemas/company-configs";
import { storePreferenceTiersRequestSchema } from "../../schemas/preference-tiers";
import type { EmulatorContext } from "../context";
import { authenticate, param, principalOf, queryOf } from "../http";
import { type CompanyConfigKind, type CompanyConfigRecord, configKey, ORG_COLLECTIONS } from "../org-records";
import {
  companyRoleLevel,
  configNotFound,
  okEmpty,
  optionalCompanyRoleQuery,
  requiredCompanyRoleQuery,
} from "../org-support";
import { companyFor, requireTmcAdmin } from "../permissions";
import type { CompanyRecord } from "../records";
import { parseRequest } from "../validate";

/** How one configuration document is exposed. */
interface ConfigEndpoint {
  /** Path segment under `/v2/companies/{companyId}/`. */
  path: string;
  kind: CompanyConfigKind;
  /** Human name, also the stem of the 404 errorCode. */
  label: string;
  schema: z.ZodType<Record<string, unknown>>;
  /** Whether the document is kept per company role (query `companyRole`). */
  companyRole: "none" | "required" | "optional";
  /** Whether the vendor offers DELETE. */
  deletable: boolean;
  /** What GET answers before the document is stored; 404 when absent. */
  fallback?: Record<string, unknown>;
  /** Stored "at TMC level": only a TMC admin may write it. */
  tmcLevel?: boolean;
}

/** The documents, their paths and rules. */
export const CONFIG_ENDPOINTS: readonly ConfigEndpoint[] = [
  {
    path: "travel-content-config",
    kind: "travelContent",
    label: "travel content config",
    schema: travelContentConfigSchema,
    companyRole: "none",
    deletable: true,
  },
  {
    path: "white-label-config",
    kind: "whiteLabel",
    label: "white label config",
    schema: whiteLabelConfigSchema,
    companyRole: "required",
    deletable: true,
  },
  {
    path: "managers-config",
    kind: "managers",
    label: "managers config",
    schema: companyManagersConfigSchema,
    companyRole: "required",
    deletable: true,
  },
  {
    path: "color-config",
    kind: "color",
    label: "color config",
    schema: colorConfigSchema,
    companyRole: "required",
    deletable: false,
    fallback: { profileColors: [] },
  },
  {
    path: "enrollment-config",
    kind: "enrollment",
    label: "enrollment config",
    schema: enrollmentConfigSchema,
    companyRole: "none",
    deletable: false,
    tmcLevel: true,
  },
  {
    path: "tier-config",
    kind: "tier",
    label: "tier config",
    schema: tierConfigSchema,
    companyRole: "optional",
    deletable: false,
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
    path: "stealth-config",
    kind: "stealth",
    label: "stealth config",
    schema: stealthConfigSchema,
    companyRole: "optional",
    deletable: false,
    fallback: { stealthModes: [] },
  },
  {
    path: "preference-tiers",
    kind: "preferenceTiers",
    label: "preference tiers",
    schema: storePreferenceTiersRequestSchema,
    companyRole: "none",
    deletable: false,
    fallback: { preferenceTiersPerBookingType: [] },
  },
];

/** Registers the configuration document routes. */
export function companyConfigRoutes(ctx: EmulatorContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const configs = () => ctx.store.collection<CompanyConfigRecord>(ORG_COLLECTIONS.companyConfigs);
    app.addHook("preHandler", authenticate(ctx));

    for (const endpoint of CONFIG_ENDPOINTS) {
      const url = `/v2/companies/:companyId/${endpoint.path}`;

      /** The company role level of the request, or undefined for documents not kept per role. */
      const levelOf = (company: CompanyRecord, query: Record<string, unknown>): string | undefined => {
        if (endpoint.companyRole === "none") return undefined;
        const schema =
          endpoint.companyRole === "required" ? requiredCompanyRoleQuery : optionalCompanyRoleQuery;
        return companyRoleLevel(company, parseRequest(schema, query, "query").companyRole);
      };

      app.get(url, async (request) => {
        const companyId = param(request, "companyId");
        const company = companyFor(ctx.store, principalOf(request), companyId);
        const role = levelOf(company, queryOf(request));
        const stored = configs().get(configKey(companyId, endpoint.kind, role));
        if (stored) return stored.config;
        if (endpoint.fallback) return structuredClone(endpoint.fallback);
        throw configNotFound(endpoint.label, companyId, role);
      });

      app.put(url, async (request, reply) => {
        const principal = principalOf(request);
        const companyId = param(request, "companyId");
        const company = companyFor(ctx.store, principal, companyId);
        if (endpoint.tmcLevel) requireTmcAdmin(principal, `storing the ${endpoint.label} (TMC level)`);
        const role = levelOf(company, queryOf(request));
        const config = parseRequest(endpoint.schema, request.body);
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
        app.delete(url, async (request, reply) => {
          const companyId = param(request, "companyId");
          const company = companyFor(ctx.store, principalOf(request), companyId);
          const role = levelOf(company, queryOf(request));
          if (!configs().delete(configKey(companyId, endpoint.kind, role)))
            throw configNotFound(endpoint.label, companyId, role);
          return okEmpty(reply);
        });
      }
    }
  };
}
