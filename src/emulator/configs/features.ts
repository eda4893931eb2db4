/**
 * Company features: `GET` and `PATCH /v2/companies/{companyId}/features`. Features are kept per
 * company role (query `companyRole`, default the company's first role); PATCH changes only the
 * features it names and answers 200 without a body.
 */
import type { FastifyInstance } from "fastify";
import {
  type FeatureConfig,
  type FeatureValueType,
  updateFeaturesRequestSchema,
} from "../../schemas/features";
import type { EmulatorContext } from "../context";
import { param } from "../core/http";
import { authenticate, principalOf } from "../identity/authenticate";
import { COMPANY_FEATURES, featureSetKey } from "../org/records";
import { companyRoleLevel, optionalCompanyRoleQuery } from "../org/company-role";
import { okEmpty } from "../org/ok-empty";
import { companyFor } from "../org/permissions";
import { withZod } from "../core/request-validation";

/**
 * The value type of a feature value: BOOL for true/false, INT and DOUBLE for numbers, JSON for
 * an object or array, STRING otherwise.
 */
export function featureValueType(value: string): FeatureValueType {
  if (value === "true" || value === "false") return "BOOL";
  if (/^-?\d+$/.test(value)) return "INT";
  if (/^-?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?$/.test(value)) return "DOUBLE";
  if (/^\s*[[{]/.test(value)) {
    try {
      JSON.parse(value);
      return "JSON";
    } catch {
      return "STRING";
    }
  }
  return "STRING";
}

/** The vendor `FeatureConfig` of a stored value: enabled unless the value is "false". */
export function toFeatureConfig(name: string, value: string): FeatureConfig {
  return { name, enabled: value !== "false", valueType: featureValueType(value), value };
}

/** Registers the feature routes. */
export function featureRoutes(ctx: EmulatorContext) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    const featureSets = () => ctx.store.records(COMPANY_FEATURES);
    app.addHook("preValidation", authenticate(ctx));

    app.get(
      "/v2/companies/:companyId/features",
      { schema: { querystring: optionalCompanyRoleQuery } },
      async (request) => {
        const companyId = param(request, "companyId");
        const company = companyFor(ctx.store, principalOf(request), companyId);
        const query = request.query;
        const role = companyRoleLevel(company, query.companyRole);
        const values = featureSets().get(featureSetKey(companyId, role))?.values ?? {};
        const features = Object.keys(values)
          .sort()
          .map((name) => toFeatureConfig(name, values[name] ?? ""));
        return { length: features.length, features };
      },
    );

    app.patch(
      "/v2/companies/:companyId/features",
      { schema: { querystring: optionalCompanyRoleQuery, body: updateFeaturesRequestSchema } },
      async (request, reply) => {
        const companyId = param(request, "companyId");
        const company = companyFor(ctx.store, principalOf(request), companyId);
        const query = request.query;
        const role = companyRoleLevel(company, query.companyRole);
        const body = request.body;
        const key = featureSetKey(companyId, role);
        const values = { ...featureSets().get(key)?.values };
        for (const name of body.featuresToDelete ?? []) delete values[name];
        for (const feature of body.featuresToUpdate ?? []) values[feature.name] = feature.value;
        if (Object.keys(values).length === 0) featureSets().delete(key);
        else featureSets().set(key, { companyId, companyRole: role, values, updatedAtMs: ctx.clock.now() });
        return okEmpty(reply);
      },
    );
  };
}
