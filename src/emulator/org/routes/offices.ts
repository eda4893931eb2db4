/**
 * Offices: `POST/GET /v2/companies/{companyId}/legal-entities/{legalEntityId}/offices`,
 * `GET/PUT/DELETE .../offices/{officeId}` and the company-wide
 * `POST /v2/companies/{companyId}/office-list`.
 */
import type { FastifyInstance } from "fastify";
import {
  createOfficeRequestSchema,
  type ListOfficesV2Request,
  listOfficesV2RequestSchema,
  type Office,
  officeSchema,
} from "../../../schemas/office";
import type { EmulatorContext } from "../../context";
import { param } from "../../core/http";
import { pageLimit } from "../../core/settings";
import { withZod } from "../../core/request-validation";
import { principalOf } from "../../identity/authenticate";
import { companyFor } from "../permissions";
import { LEGAL_ENTITIES, OFFICES, type OfficeRecord } from "../records";
import { inList, matchesAnyFilter, matchesSearch, offsetPage } from "../list-filters";
import { directoryRoutes, plainIdObjects } from "./company-directory";

type SortBy = NonNullable<ListOfficesV2Request["sortParams"]>["sortBy"];

/** Registers the office routes: the directory under each legal entity and the company-wide list. */
export function officeRoutes(ctx: EmulatorContext) {
  const directory = directoryRoutes(ctx, {
    records: OFFICES,
    segment: "offices",
    idParam: "officeId",
    singular: "office",
    plural: "offices",
    parent: {
      records: LEGAL_ENTITIES,
      segment: "legal-entities",
      idParam: "legalEntityId",
      singular: "legal entity",
      parentIdOf: (office: OfficeRecord) => office.legalEntityId,
    },
    ...plainIdObjects(createOfficeRequestSchema, officeSchema),
    create(fields, id, companyId, nowMs, { ownerId }): OfficeRecord {
      return { companyId, legalEntityId: ownerId, createdAtMs: nowMs, entity: { ...fields, id } };
    },
    legacyList: { deprecated: false },
  });

  return async (fastify: FastifyInstance): Promise<void> => {
    await directory(fastify);
    const app = withZod(fastify);
    const legalEntities = () => ctx.store.records(LEGAL_ENTITIES);
    const offices = () => ctx.store.records(OFFICES);

    const officeList = { schema: { body: listOfficesV2RequestSchema } };
    app.post("/v2/companies/:companyId/office-list", officeList, async (request) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      const body = request.body;
      const nameOf = (legalEntityId: string) => legalEntities().of(companyId).get(legalEntityId)?.entity.name;
      const matching = offices()
        .of(companyId)
        .values()
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
      const { offset, limit } = body.paginationParams;
      const { page, totalNumResults } = offsetPage(matching, {
        offset,
        limit: pageLimit(ctx.settings, limit),
      });
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
