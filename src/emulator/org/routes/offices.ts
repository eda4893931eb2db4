/**
 * Offices: `POST/GET /v2/companies/{companyId}/legal-entities/{legalEntityId}/offices`,
 * `GET/PUT/DELETE .../offices/{officeId}` and the company-wide
 * `POST /v2/companies/{companyId}/office-list`.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  createOfficeRequestSchema,
  type ListOfficesV2Request,
  listOfficesV2RequestSchema,
  type Office,
  officeSchema,
} from "../../../schemas/office";
import type { EmulatorContext } from "../../context";
import { notFound } from "../../core/errors";
import { noContent, param, queryOf } from "../../core/http";
import { authenticate, principalOf } from "../../identity/authenticate";
import { newId } from "../../core/ids";
import { type LegalEntityRecord, ORG_COLLECTIONS, type OfficeRecord } from "../records";
import {
  assertExternalIdFree,
  detachUsersQuery,
  inList,
  matchesAnyFilter,
  matchesSearch,
  offsetPage,
  ownedRecord,
  requireMatchingId,
} from "../support";
import { companyFor } from "../../identity/permissions";
import { parseRequest } from "../../core/validate";

const listQuery = z.looseObject({ externalId: z.string().optional() });

type SortBy = NonNullable<ListOfficesV2Request["sortParams"]>["sortBy"];

/** Registers the office routes. */
export function officeRoutes(ctx: EmulatorContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const legalEntities = () => ctx.store.collection<LegalEntityRecord>(ORG_COLLECTIONS.legalEntities);
    const offices = () => ctx.store.collection<OfficeRecord>(ORG_COLLECTIONS.offices);
    const officesOf = (legalEntityId: string) =>
      offices()
        .values()
        .filter((office) => office.legalEntityId === legalEntityId);
    app.addHook("preHandler", authenticate(ctx));

    /** The legal entity of the path, after the company check; 404 when it is not the company's. */
    const legalEntityOf = (companyId: string, legalEntityId: string) =>
      ownedRecord(legalEntities(), "legal entity", legalEntityId, companyId);

    /** The office of the path; 404 unless it belongs to that legal entity. */
    const officeOf = (companyId: string, legalEntityId: string, officeId: string): OfficeRecord => {
      const office = ownedRecord(offices(), "office", officeId, companyId);
      if (office.legalEntityId !== legalEntityId) throw notFound("office", officeId);
      return office;
    };

    const assertUniqueExternalId = (
      legalEntityId: string,
      externalId: string | undefined,
      exceptId?: string,
    ) =>
      assertExternalIdFree(
        officesOf(legalEntityId),
        (office) => office.entity.externalId,
        (office) => office.entity.id,
        externalId,
        `the offices of legal entity ${legalEntityId}`,
        exceptId,
      );

    app.post("/v2/companies/:companyId/legal-entities/:legalEntityId/offices", async (request, reply) => {
      const companyId = param(request, "companyId");
      const legalEntityId = param(request, "legalEntityId");
      companyFor(ctx.store, principalOf(request), companyId);
      legalEntityOf(companyId, legalEntityId);
      const body = parseRequest(createOfficeRequestSchema, request.body);
      assertUniqueExternalId(legalEntityId, body.externalId);
      const id = newId();
      offices().set(id, {
        companyId,
        legalEntityId,
        createdAtMs: ctx.clock.now(),
        entity: { ...body, id },
      });
      return reply.code(201).send({ id });
    });

    app.get("/v2/companies/:companyId/legal-entities/:legalEntityId/offices", async (request) => {
      const companyId = param(request, "companyId");
      const legalEntityId = param(request, "legalEntityId");
      companyFor(ctx.store, principalOf(request), companyId);
      legalEntityOf(companyId, legalEntityId);
      const query = parseRequest(listQuery, queryOf(request), "query");
      const matching = officesOf(legalEntityId).filter(
        (office) => query.externalId === undefined || office.entity.externalId === query.externalId,
      );
      return {
        length: matching.length,
        elements: matching.map((office) => ({ id: office.entity.id, name: office.entity.name })),
        totalNumResults: matching.length,
      };
    });

    app.get("/v2/companies/:companyId/legal-entities/:legalEntityId/offices/:officeId", async (request) => {
      const companyId = param(request, "companyId");
      const legalEntityId = param(request, "legalEntityId");
      companyFor(ctx.store, principalOf(request), companyId);
      legalEntityOf(companyId, legalEntityId);
      return officeOf(companyId, legalEntityId, param(request, "officeId")).entity;
    });

    app.put(
      "/v2/companies/:companyId/legal-entities/:legalEntityId/offices/:officeId",
      async (request, reply) => {
        const companyId = param(request, "companyId");
        const legalEntityId = param(request, "legalEntityId");
        const officeId = param(request, "officeId");
        companyFor(ctx.store, principalOf(request), companyId);
        legalEntityOf(companyId, legalEntityId);
        const existing = officeOf(companyId, legalEntityId, officeId);
        const body = parseRequest(officeSchema, request.body);
        requireMatchingId("id", body.id, officeId);
        assertUniqueExternalId(legalEntityId, body.externalId, officeId);
        offices().set(officeId, { ...existing, entity: { ...body, id: officeId } });
        return noContent(reply);
      },
    );

    app.delete(
      "/v2/companies/:companyId/legal-entities/:legalEntityId/offices/:officeId",
      async (request, reply) => {
        const companyId = param(request, "companyId");
        const legalEntityId = param(request, "legalEntityId");
        const officeId = param(request, "officeId");
        companyFor(ctx.store, principalOf(request), companyId);
        parseRequest(detachUsersQuery, queryOf(request), "query");
        legalEntityOf(companyId, legalEntityId);
        officeOf(companyId, legalEntityId, officeId);
        offices().delete(officeId);
        return noContent(reply);
      },
    );

    app.post("/v2/companies/:companyId/office-list", async (request) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      const body = parseRequest(listOfficesV2RequestSchema, request.body);
      const nameOf = (legalEntityId: string) => legalEntities().get(legalEntityId)?.entity.name;
      const matching = offices()
        .values()
        .filter((office) => office.companyId === companyId)
        .filter((office) => matchesSearch(body.searchText, office.entity.name))
        .filter((office) =>
          matchesAnyFilter(
            body.filters,
            (filter) =>
              inList(filter.officeIds, office.entity.id) &&
              inList(filter.externalIds, office.entity.externalId) &&
              inList(filter.legalEntityIds, office.legalEntityId) &&
              inList(filter.countries, office.entity.address?.regionCode),
          ),
        );
      if (body.sortParams) {
        const key = sortKey(body.sortParams.sortBy, nameOf);
        const direction = body.sortParams.sortOrder === "DESC" ? -1 : 1;
        matching.sort((a, b) => direction * key(a).localeCompare(key(b)));
      }
      const { page, totalNumResults } = offsetPage(matching, body.paginationParams);
      return {
        offices: page.map((office) => ({
          legalEntityRef: { id: office.legalEntityId, name: nameOf(office.legalEntityId) },
          office: office.entity,
        })),
        paginationParams: { totalNumResults },
      };
    });
  };
}

/** The text an office sorts by; a missing value sorts as the empty string. */
function sortKey(
  sortBy: SortBy,
  legalEntityName: (legalEntityId: string) => string | undefined,
): (office: OfficeRecord) => string {
  const of = (office: OfficeRecord): string | undefined => {
    const entity: Office = office.entity;
    switch (sortBy) {
      case "NAME":
        return entity.name;
      case "LEGAL_ENTITY_NAME":
        return legalEntityName(office.legalEntityId);
      case "COUNTRY_CODE":
        return entity.address?.regionCode;
      case "TAX_ID":
        return entity.taxId;
    }
  };
  return (office) => of(office) ?? "";
}
