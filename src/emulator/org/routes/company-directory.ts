/**
 * The route set shared by a company's directories of named objects, cost centers and
 * departments: `POST` and the deprecated `GET` of `/v2/companies/{companyId}/<segment>`,
 * `GET/PUT/DELETE .../<segment>/{id}` and `POST /v3/companies/{companyId}/<segment>/list`. A spec
 * names what differs: schemas, the id's shape and the list's filter and response key.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { EmulatorContext } from "../../context";
import { markDeprecated } from "../../core/deprecation";
import { noContent, param, queryOf } from "../../core/http";
import { authenticate, principalOf } from "../../identity/authenticate";
import { newId } from "../../core/ids";
import type { CompanyOwned } from "../records";
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
} from "../support";
import { companyFor } from "../../identity/permissions";
import { parseRequest } from "../../core/validate";

/** The fields every directory entry has. */
interface DirectoryEntity {
  name: string;
  externalId?: string | undefined;
}

/** A v3 list request of a directory. */
interface DirectoryListRequest<F> {
  searchText?: string | undefined;
  paginationParams: { offset: number; limit: number };
  filters?: F[] | undefined;
}

/** What distinguishes one directory from another. */
export interface DirectorySpec<E extends DirectoryEntity, R extends CompanyOwned<E>, F> {
  /** Store collection. */
  collection: string;
  /** Path segment, such as `cost-centers`. */
  segment: string;
  /** Path parameter of the object id, such as `costCenterId`. */
  idParam: string;
  singular: string;
  plural: string;
  /** Builds the record of a new object from the create body. */
  create(body: unknown, id: string, companyId: string, nowMs: number): R;
  /** Validates a full-replacement body. */
  replacement: z.ZodType<E>;
  /** Name of the body's id field in errors (`id` or `id.id`) and how to read and write it. */
  idField: string;
  idOf(entity: E): string;
  withId(entity: E, id: string): E;
  /** Validates a v3 list request. */
  list: z.ZodType<DirectoryListRequest<F>>;
  /** The ids a list filter names. */
  filterIds(filter: F): readonly string[] | undefined;
  externalIdsOf(filter: F): readonly string[] | undefined;
  /** Key of the v3 list response's array, such as `costCenters`. */
  listKey: string;
}

const listQuery = z.looseObject({ externalId: z.string().optional() });

/** The vendor's sunset date of the deprecated GET lists. */
const LIST_SUNSET = new Date("2026-07-01T00:00:00Z");

/** Registers a directory's routes and its company deletion guard. */
export function directoryRoutes<E extends DirectoryEntity, R extends CompanyOwned<E>, F>(
  ctx: EmulatorContext,
  spec: DirectorySpec<E, R, F>,
) {
  return async (app: FastifyInstance): Promise<void> => {
    const records = () => ctx.store.collection<R>(spec.collection);
    const ofCompany = (companyId: string) =>
      records()
        .values()
        .filter((record) => record.companyId === companyId);
    const reference = (record: R) => ({ id: spec.idOf(record.entity), name: record.entity.name });
    const collectionPath = `/v2/companies/:companyId/${spec.segment}`;
    const itemPath = `${collectionPath}/:${spec.idParam}`;

    ctx.companyDeletionGuards.push((companyId) => {
      const count = ofCompany(companyId).length;
      return count === 0 ? undefined : countOf(count, spec.singular, spec.plural);
    });
    app.addHook("preHandler", authenticate(ctx));

    const assertUniqueExternalId = (companyId: string, externalId: string | undefined, exceptId?: string) =>
      assertExternalIdFree(
        ofCompany(companyId),
        (record) => record.entity.externalId,
        (record) => spec.idOf(record.entity),
        externalId,
        `the ${spec.plural} of company ${companyId}`,
        exceptId,
      );

    app.post(collectionPath, async (request, reply) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      const id = newId();
      const record = spec.create(request.body, id, companyId, ctx.clock.now());
      assertUniqueExternalId(companyId, record.entity.externalId);
      records().set(id, record);
      return reply.code(201).send({ id });
    });

    app.get(collectionPath, async (request, reply) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      const query = parseRequest(listQuery, queryOf(request), "query");
      markDeprecated(reply, `/v3/companies/${companyId}/${spec.segment}/list`, LIST_SUNSET);
      const matching = ofCompany(companyId).filter(
        (record) => query.externalId === undefined || record.entity.externalId === query.externalId,
      );
      return { length: matching.length, elements: matching.map(reference), totalNumResults: matching.length };
    });

    app.get(itemPath, async (request) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      return ownedRecord(records(), spec.singular, param(request, spec.idParam), companyId).entity;
    });

    app.put(itemPath, async (request, reply) => {
      const companyId = param(request, "companyId");
      const id = param(request, spec.idParam);
      companyFor(ctx.store, principalOf(request), companyId);
      const existing = ownedRecord(records(), spec.singular, id, companyId);
      const body = parseRequest(spec.replacement, request.body);
      requireMatchingId(spec.idField, spec.idOf(body), id);
      assertUniqueExternalId(companyId, body.externalId, id);
      records().set(id, { ...existing, entity: spec.withId(body, id) });
      return noContent(reply);
    });

    app.delete(itemPath, async (request, reply) => {
      const companyId = param(request, "companyId");
      const id = param(request, spec.idParam);
      companyFor(ctx.store, principalOf(request), companyId);
      parseRequest(detachUsersQuery, queryOf(request), "query");
      ownedRecord(records(), spec.singular, id, companyId);
      records().delete(id);
      return noContent(reply);
    });

    app.post(`/v3/companies/:companyId/${spec.segment}/list`, async (request) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      const body = parseRequest(spec.list, request.body);
      const matching = ofCompany(companyId)
        .filter((record) => matchesSearch(body.searchText, record.entity.name))
        .filter((record) =>
          matchesAnyFilter(
            body.filters,
            (filter) =>
              inList(spec.filterIds(filter), spec.idOf(record.entity)) &&
              inList(spec.externalIdsOf(filter), record.entity.externalId),
          ),
        );
      const { page, totalNumResults } = offsetPage(matching, body.paginationParams);
      return { paginationParams: { totalNumResults }, [spec.listKey]: page.map(reference) };
    });
  };
}
