/**
 * Legal entities: `POST/GET /v2/companies/{companyId}/legal-entities` and
 * `GET/PUT/DELETE /v2/companies/{companyId}/legal-entities/{legalEntityId}`.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { entityIdSchema } from "../../../schemas/common";
import {
  type LegalEntity,
  legalEntityCreateRequestSchema,
  legalEntityUpdateRequestSchema,
} from "../../../schemas/legal-entity";
import type { Reference } from "../../../schemas/pagination";
import type { EmulatorContext } from "../../context";
import { badRequest } from "../../core/errors";
import { noContent, param, queryOf } from "../../core/http";
import { authenticate, principalOf } from "../../identity/authenticate";
import { newId } from "../../core/ids";
import { ORG_COLLECTIONS, type LegalEntityRecord, type OfficeRecord } from "../records";
import { assertExternalIdFree, countOf, ownedRecord, requireMatchingId } from "../support";
import { companyFor } from "../../identity/permissions";
import { COLLECTIONS, type CompanyRecord } from "../../identity/records";
import { parseRequest } from "../../core/validate";

const listQuery = z.looseObject({
  externalId: z.string().optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(1000),
});

/** Company roles a booking TMC must have. */
const TMC_ROLES = new Set(["TMC", "PARTNER_TMC"]);

/** Registers the legal entity routes and the company deletion guard for legal entities. */
export function legalEntityRoutes(ctx: EmulatorContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const legalEntities = () => ctx.store.collection<LegalEntityRecord>(ORG_COLLECTIONS.legalEntities);
    const offices = () => ctx.store.collection<OfficeRecord>(ORG_COLLECTIONS.offices);
    const companies = () => ctx.store.collection<CompanyRecord>(COLLECTIONS.companies);
    const ofCompany = (companyId: string) =>
      legalEntities()
        .values()
        .filter((le) => le.companyId === companyId);
    const officesOf = (legalEntityId: string) =>
      offices()
        .values()
        .filter((office) => office.legalEntityId === legalEntityId);

    ctx.companyDeletionGuards.push((companyId) => {
      const count = ofCompany(companyId).length;
      return count === 0 ? undefined : countOf(count, "legal entity", "legal entities");
    });
    app.addHook("preHandler", authenticate(ctx));

    const assertUniqueExternalId = (companyId: string, externalId: string | undefined, exceptId?: string) =>
      assertExternalIdFree(
        ofCompany(companyId),
        (le) => le.entity.externalId,
        (le) => le.entity.id,
        externalId,
        `the legal entities of company ${companyId}`,
        exceptId,
      );

    /** The company's booking TMC: a reference the caller gave (checked) or the default. */
    const bookingTmcRef = (company: CompanyRecord, given: Reference | undefined): Reference => {
      if (given) {
        const tmc = companies().get(given.id);
        if (!tmc || !tmc.companyRoles.some((role) => TMC_ROLES.has(role)))
          throw badRequest(`bookingTmcRef.id ${given.id} is not a TMC`, "INVALID_BOOKING_TMC");
        return given;
      }
      const booking = entityIdSchema.safeParse(company.bookingTmcId);
      return { id: booking.success ? booking.data.id : company.tmcId };
    };

    app.post("/v2/companies/:companyId/legal-entities", async (request, reply) => {
      const companyId = param(request, "companyId");
      const company = companyFor(ctx.store, principalOf(request), companyId);
      const body = parseRequest(legalEntityCreateRequestSchema, request.body);
      assertUniqueExternalId(companyId, body.externalId);
      const id = newId();
      const entity: LegalEntity = { ...body, id, bookingTmcRef: bookingTmcRef(company, undefined) };
      legalEntities().set(id, { companyId, createdAtMs: ctx.clock.now(), entity });
      return reply.code(201).send({ id });
    });

    app.get("/v2/companies/:companyId/legal-entities", async (request) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      const query = parseRequest(listQuery, queryOf(request), "query");
      const matching = ofCompany(companyId).filter(
        (le) => query.externalId === undefined || le.entity.externalId === query.externalId,
      );
      const start = (query.pageNumber - 1) * query.pageSize;
      const page = matching.slice(start, start + query.pageSize);
      return {
        length: page.length,
        elements: page.map((le) => ({ id: le.entity.id, name: le.entity.name })),
        totalNumResults: matching.length,
      };
    });

    app.get("/v2/companies/:companyId/legal-entities/:legalEntityId", async (request) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      return ownedRecord(legalEntities(), "legal entity", param(request, "legalEntityId"), companyId).entity;
    });

    app.put("/v2/companies/:companyId/legal-entities/:legalEntityId", async (request, reply) => {
      const companyId = param(request, "companyId");
      const legalEntityId = param(request, "legalEntityId");
      const company = companyFor(ctx.store, principalOf(request), companyId);
      const existing = ownedRecord(legalEntities(), "legal entity", legalEntityId, companyId);
      const body = parseRequest(legalEntityUpdateRequestSchema, request.body);
      requireMatchingId("id", body.id, legalEntityId);
      assertUniqueExternalId(companyId, body.externalId, legalEntityId);
      const entity: LegalEntity = {
        ...body,
        id: legalEntityId,
        bookingTmcRef: bookingTmcRef(company, body.bookingTmcRef),
      };
      legalEntities().set(legalEntityId, { ...existing, entity });
      return noContent(reply);
    });

    app.delete("/v2/companies/:companyId/legal-entities/:legalEntityId", async (request, reply) => {
      const companyId = param(request, "companyId");
      const legalEntityId = param(request, "legalEntityId");
      companyFor(ctx.store, principalOf(request), companyId);
      ownedRecord(legalEntities(), "legal entity", legalEntityId, companyId);
      const remaining = officesOf(legalEntityId).length;
      if (remaining > 0)
        throw badRequest(
          `legal entity ${legalEntityId} still has ${countOf(remaining, "office", "offices")}; delete them first`,
          "LEGAL_ENTITY_HAS_OFFICES",
        );
      legalEntities().delete(legalEntityId);
      return noContent(reply);
    });
  };
}
