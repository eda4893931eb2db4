/**
 * Departments: `POST /v2/companies/{companyId}/departments`, the deprecated
 * `GET /v2/companies/{companyId}/departments`, `GET/PUT/DELETE .../departments/{departmentId}`
 * and `POST /v3/companies/{companyId}/departments/list`.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  createDepartmentRequestSchema,
  departmentSchema,
  listDepartmentsRequestSchema,
} from "../../schemas/department";
import type { EmulatorContext } from "../context";
import { markDeprecated } from "../deprecation";
import { authenticate, noContent, param, principalOf, queryOf } from "../http";
import { newId } from "../ids";
import { type DepartmentRecord, ORG_COLLECTIONS } from "../org-records";
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

/** Registers the department routes and the company deletion guard for departments. */
export function departmentRoutes(ctx: EmulatorContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const departments = () => ctx.store.collection<DepartmentRecord>(ORG_COLLECTIONS.departments);
    const ofCompany = (companyId: string) =>
      departments()
        .values()
        .filter((department) => department.companyId === companyId);

    ctx.companyDeletionGuards.push((companyId) => {
      const count = ofCompany(companyId).length;
      return count === 0 ? undefined : countOf(count, "department", "departments");
    });
    app.addHook("preHandler", authenticate(ctx));

    const assertUniqueExternalId = (companyId: string, externalId: string | undefined, exceptId?: string) =>
      assertExternalIdFree(
        ofCompany(companyId),
        (department) => department.entity.externalId,
        (department) => department.entity.id,
        externalId,
        `the departments of company ${companyId}`,
        exceptId,
      );

    app.post("/v2/companies/:companyId/departments", async (request, reply) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      const body = parseRequest(createDepartmentRequestSchema, request.body);
      assertUniqueExternalId(companyId, body.externalId);
      const id = newId();
      departments().set(id, { companyId, createdAtMs: ctx.clock.now(), entity: { ...body, id } });
      return reply.code(201).send({ id });
    });

    app.get("/v2/companies/:companyId/departments", async (request, reply) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      const query = parseRequest(listQuery, queryOf(request), "query");
      markDeprecated(reply, `/v3/companies/${companyId}/departments/list`, LIST_SUNSET);
      const matching = ofCompany(companyId).filter(
        (department) => query.externalId === undefined || department.entity.externalId === query.externalId,
      );
      return {
        length: matching.length,
        elements: matching.map((department) => ({ id: department.entity.id, name: department.entity.name })),
        totalNumResults: matching.length,
      };
    });

    app.get("/v2/companies/:companyId/departments/:departmentId", async (request) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      return ownedRecord(departments(), "department", param(request, "departmentId"), companyId).entity;
    });

    app.put("/v2/companies/:companyId/departments/:departmentId", async (request, reply) => {
      const companyId = param(request, "companyId");
      const departmentId = param(request, "departmentId");
      companyFor(ctx.store, principalOf(request), companyId);
      const existing = ownedRecord(departments(), "department", departmentId, companyId);
      const body = parseRequest(departmentSchema, request.body);
      requireMatchingId("id", body.id, departmentId);
      assertUniqueExternalId(companyId, body.externalId, departmentId);
      departments().set(departmentId, { ...existing, entity: { ...body, id: departmentId } });
      return noContent(reply);
    });

    app.delete("/v2/companies/:companyId/departments/:departmentId", async (request, reply) => {
      const companyId = param(request, "companyId");
      const departmentId = param(request, "departmentId");
      companyFor(ctx.store, principalOf(request), companyId);
      parseRequest(detachUsersQuery, queryOf(request), "query");
      ownedRecord(departments(), "department", departmentId, companyId);
      departments().delete(departmentId);
      return noContent(reply);
    });

    app.post("/v3/companies/:companyId/departments/list", async (request) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      const body = parseRequest(listDepartmentsRequestSchema, request.body);
      const matching = ofCompany(companyId)
        .filter((department) => matchesSearch(body.searchText, department.entity.name))
        .filter((department) =>
          matchesAnyFilter(
            body.filters,
            (filter) =>
              inList(filter.departmentIds, department.entity.id) &&
              inList(filter.externalIds, department.entity.externalId),
          ),
        );
      const { page, totalNumResults } = offsetPage(matching, body.paginationParams);
      return {
        paginationParams: { totalNumResults },
        departments: page.map((department) => ({ id: department.entity.id, name: department.entity.name })),
      };
    });
  };
}
