/**
 * Cost centers: `POST /v2/companies/{companyId}/cost-centers`, the deprecated
 * `GET /v2/companies/{companyId}/cost-centers`, `GET/PUT/DELETE .../cost-centers/{costCenterId}`
 * and `POST /v3/companies/{companyId}/cost-centers/list`.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  costCenterSchema,
  createCostCenterRequestSchema,
  listCostCentersRequestSchema,
} from "../../schemas/cost-center";
import type { EmulatorContext } from "../context";
import { markDeprecated } from "../deprecation";
import { authenticate, noContent, param, principalOf, queryOf } from "../http";
import { newId } from "../ids";
import { type CostCenterRecord, ORG_COLLECTIONS } from "../org-records";
import {
  assertExternalIdFree,
  countOf,
  detachUsersQuery,
  inList,
  matchesAnyFilter,
  matchesSearch,
  offsetPage,
  ownedRecord,
  requireMatchingId,
} from "../org-support";
import { companyFor } from "../permissions";
import { parseRequest } from "../validate";

const listQuery = z.looseObject({ externalId: z.string().optional() });

/** The vendor's sunset date of the deprecated GET list. */
const LIST_SUNSET = new Date("2026-07-01T00:00:00Z");

/** Registers the cost center routes and the company deletion guard for cost centers. */
export function costCenterRoutes(ctx: EmulatorContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const costCenters = () => ctx.store.collection<CostCenterRecord>(ORG_COLLECTIONS.costCenters);
    const ofCompany = (companyId: string) =>
      costCenters()
        .values()
        .filter((costCenter) => costCenter.companyId === companyId);

    ctx.companyDeletionGuards.push((companyId) => {
      const count = ofCompany(companyId).length;
      return count === 0 ? undefined : countOf(count, "cost center", "cost centers");
    });
    app.addHook("preHandler", authenticate(ctx));

    const assertUniqueExternalId = (companyId: string, externalId: string | undefined, exceptId?: string) =>
      assertExternalIdFree(
        ofCompany(companyId),
        (costCenter) => costCenter.entity.externalId,
        (costCenter) => costCenter.entity.id.id,
        externalId,
        `the cost centers of company ${companyId}`,
        exceptId,
      );

    app.post("/v2/companies/:companyId/cost-centers", async (request, reply) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      const { numberOfEmployees, ...fields } = parseRequest(createCostCenterRequestSchema, request.body);
      assertUniqueExternalId(companyId, fields.externalId);
      const id = newId();
      costCenters().set(id, {
        companyId,
        createdAtMs: ctx.clock.now(),
        numberOfEmployees,
        entity: { ...fields, id: { id } },
      });
      return reply.code(201).send({ id });
    });

    app.get("/v2/companies/:companyId/cost-centers", async (request, reply) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      const query = parseRequest(listQuery, queryOf(request), "query");
      markDeprecated(reply, `/v3/companies/${companyId}/cost-centers/list`, LIST_SUNSET);
      const matching = ofCompany(companyId).filter(
        (costCenter) => query.externalId === undefined || costCenter.entity.externalId === query.externalId,
      );
      return {
        length: matching.length,
        elements: matching.map((costCenter) => ({
          id: costCenter.entity.id.id,
          name: costCenter.entity.name,
        })),
        totalNumResults: matching.length,
      };
    });

    app.get("/v2/companies/:companyId/cost-centers/:costCenterId", async (request) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      return ownedRecord(costCenters(), "cost center", param(request, "costCenterId"), companyId).entity;
    });

    app.put("/v2/companies/:companyId/cost-centers/:costCenterId", async (request, reply) => {
      const companyId = param(request, "companyId");
      const costCenterId = param(request, "costCenterId");
      companyFor(ctx.store, principalOf(request), companyId);
      const existing = ownedRecord(costCenters(), "cost center", costCenterId, companyId);
      const body = parseRequest(costCenterSchema, request.body);
      requireMatchingId("id.id", body.id.id, costCenterId);
      assertUniqueExternalId(companyId, body.externalId, costCenterId);
      costCenters().set(costCenterId, { ...existing, entity: { ...body, id: { id: costCenterId } } });
      return noContent(reply);
    });

    app.delete("/v2/companies/:companyId/cost-centers/:costCenterId", async (request, reply) => {
      const companyId = param(request, "companyId");
      const costCenterId = param(request, "costCenterId");
      companyFor(ctx.store, principalOf(request), companyId);
      parseRequest(detachUsersQuery, queryOf(request), "query");
      ownedRecord(costCenters(), "cost center", costCenterId, companyId);
      costCenters().delete(costCenterId);
      return noContent(reply);
    });

    app.post("/v3/companies/:companyId/cost-centers/list", async (request) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      const body = parseRequest(listCostCentersRequestSchema, request.body);
      const matching = ofCompany(companyId)
        .filter((costCenter) => matchesSearch(body.searchText, costCenter.entity.name))
        .filter((costCenter) =>
          matchesAnyFilter(
            body.filters,
            (filter) =>
              inList(filter.costCenterIds, costCenter.entity.id.id) &&
              inList(filter.externalIds, costCenter.entity.externalId),
          ),
        );
      const { page, totalNumResults } = offsetPage(matching, body.paginationParams);
      return {
        paginationParams: { totalNumResults },
        costCenters: page.map((costCenter) => ({
          id: costCenter.entity.id.id,
          name: costCenter.entity.name,
        })),
      };
    });
  };
}
