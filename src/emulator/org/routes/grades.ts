/**
 * Grades: `POST /v2/companies/{companyId}/grades` (200, as the vendor describes),
 * `POST /v2/companies/{companyId}/grades/list` and `GET/PUT/DELETE .../grades/{gradeId}` (PUT and
 * DELETE answer 200 without a body).
 */
import type { FastifyInstance } from "fastify";
import {
  createGradeRequestSchema,
  listGradesRequestSchema,
  updateGradeRequestSchema,
} from "../../../schemas/grade";
import type { EmulatorContext } from "../../context";
import { param } from "../../core/http";
import { authenticate, principalOf } from "../../identity/authenticate";
import { newId } from "../../core/ids";
import { type GradeRecord, ORG_COLLECTIONS } from "../records";
import {
  countOf,
  inList,
  matchesAnyFilter,
  matchesSearch,
  offsetPage,
  okEmpty,
  ownedRecord,
  requireMatchingId,
} from "../support";
import { companyFor } from "../../identity/permissions";
import { parseRequest } from "../../core/validate";

/** Registers the grade routes and the company deletion guard for grades. */
export function gradeRoutes(ctx: EmulatorContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const grades = () => ctx.store.collection<GradeRecord>(ORG_COLLECTIONS.grades);
    const ofCompany = (companyId: string) =>
      grades()
        .values()
        .filter((grade) => grade.companyId === companyId);

    ctx.companyDeletionGuards.push((companyId) => {
      const count = ofCompany(companyId).length;
      return count === 0 ? undefined : countOf(count, "grade", "grades");
    });
    app.addHook("preHandler", authenticate(ctx));

    app.post("/v2/companies/:companyId/grades", async (request) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      const body = parseRequest(createGradeRequestSchema, request.body);
      const id = newId();
      grades().set(id, { companyId, createdAtMs: ctx.clock.now(), entity: { ...body, id } });
      return { id };
    });

    app.post("/v2/companies/:companyId/grades/list", async (request) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      const body = parseRequest(listGradesRequestSchema, request.body);
      const matching = ofCompany(companyId)
        .filter((grade) => matchesSearch(body.searchText, grade.entity.name))
        .filter((grade) =>
          matchesAnyFilter(body.filters, (filter) => inList(filter.gradeIds, grade.entity.id)),
        );
      const { page, totalNumResults } = offsetPage(matching, body.paginationParams);
      return {
        paginationParams: { totalNumResults },
        grades: page.map((grade) => ({ id: grade.entity.id, name: grade.entity.name })),
      };
    });

    app.get("/v2/companies/:companyId/grades/:gradeId", async (request) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      return ownedRecord(grades(), "grade", param(request, "gradeId"), companyId).entity;
    });

    app.put("/v2/companies/:companyId/grades/:gradeId", async (request, reply) => {
      const companyId = param(request, "companyId");
      const gradeId = param(request, "gradeId");
      companyFor(ctx.store, principalOf(request), companyId);
      const existing = ownedRecord(grades(), "grade", gradeId, companyId);
      const body = parseRequest(updateGradeRequestSchema, request.body);
      requireMatchingId("id", body.id, gradeId);
      grades().set(gradeId, { ...existing, entity: { ...body, id: gradeId } });
      return okEmpty(reply);
    });

    app.delete("/v2/companies/:companyId/grades/:gradeId", async (request, reply) => {
      const companyId = param(request, "companyId");
      const gradeId = param(request, "gradeId");
      companyFor(ctx.store, principalOf(request), companyId);
      ownedRecord(grades(), "grade", gradeId, companyId);
      grades().delete(gradeId);
      return okEmpty(reply);
    });
  };
}
