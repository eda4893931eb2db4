/**
 * The route set shared by a company's directories of named objects (cost centers, departments,
 * grades, legal entities, and offices under a legal entity): `POST` and the legacy `GET` of
 * `/v2/companies/{companyId}[/<parent>/{parentId}]/<segment>`, `GET/PUT/DELETE .../{id}` and the
 * offset-paged list `POST /v3/companies/{companyId}/<segment>/list`. A spec declares what differs:
 * schemas, the parent, the id's shape, which routes exist and how they answer.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { EmulatorContext } from "../../context";
import { markDeprecated } from "../../core/deprecation";
import { notFound } from "../../core/errors";
import { pageLimit } from "../../core/settings";
import type { RecordKind } from "../../core/record-kind";
import { noContent, param } from "../../core/http";
import { newId } from "../../core/ids";
import { checkedBody, withZod, type ZodRoutes } from "../../core/request-validation";
import { authenticate, principalOf } from "../../identity/authenticate";
import { companyFor } from "../permissions";
import type { CompanyRecord } from "../records";
import type { CompanyOwned } from "../records";
import { assertExternalIdFree, ownedRecord, requireMatchingId } from "../record-guards";
import { detachUsersQuery } from "../detach-users-query";
import { inList, matchesAnyFilter, matchesSearch, offsetPage } from "../list-filters";
import { okEmpty } from "../ok-empty";

/** The fields every directory entry has. */
interface DirectoryEntity {
  name?: string | undefined;
  externalId?: string | undefined;
}

/** A v3 list request of a directory. */
interface DirectoryListRequest<F> {
  searchText?: string | undefined;
  paginationParams: { offset: number; limit: number };
  filters?: F[] | undefined;
}

/** Where a request's object lives: its company and the object the directory hangs under. */
export interface DirectoryScope {
  companyId: string;
  company: CompanyRecord;
  /** The parent's id for a directory under a parent; the company's id otherwise. */
  ownerId: string;
}

/** The parent a directory lives under, such as the legal entity of offices. */
export interface DirectoryParent<R> {
  /** The parents' record kind. */
  records: RecordKind<CompanyOwned<unknown>>;
  /** Path segment and parameter, such as `legal-entities` and `legalEntityId`. */
  segment: string;
  idParam: string;
  singular: string;
  /** The parent id a child record belongs to. */
  parentIdOf(record: R): string;
}

/** The offset-paged v3 list of a directory. */
export interface DirectoryV3List<F> {
  schema: z.ZodType<DirectoryListRequest<F>>;
  /** Key of the response's array, such as `costCenters`. */
  key: string;
  /** `v3` (default): `POST /v3/companies/{companyId}/<segment>/list`; `v2`: the same under `/v2`. */
  version?: "v2" | "v3";
  /** The ids and externalIds a list filter names (absent: any). */
  filterIds(filter: F): readonly string[] | undefined;
  externalIdsOf?(filter: F): readonly string[] | undefined;
}

/** The legacy `GET` of the collection, answered as `{ length, elements, totalNumResults }`. */
export interface DirectoryLegacyList {
  /** Marks the answer deprecated in favour of the v3 list (default true). */
  deprecated?: boolean;
  /** Pages by `pageNumber` and `pageSize` (1 to 1000, default 1000) instead of answering all. */
  paged?: boolean;
}

/** What distinguishes one directory from another. */
export interface DirectorySpec<
  E extends DirectoryEntity,
  R extends CompanyOwned<E>,
  F,
  B extends DirectoryEntity = E,
  C = unknown,
> {
  /** The objects' record kind, which declares their company and its deletion guard. */
  records: RecordKind<R>;
  /** Path segment, such as `cost-centers`. */
  segment: string;
  /** Path parameter of the object id, such as `costCenterId`. */
  idParam: string;
  singular: string;
  plural: string;
  /** The parent the objects live under; their externalIds are unique per parent. */
  parent?: DirectoryParent<R>;
  /** Validates a create body. */
  creation: z.ZodType<C>;
  /** Builds the record of a new object from the create body. */
  create(body: C, id: string, companyId: string, nowMs: number, scope: DirectoryScope): R;
  /** Validates a full-replacement body. */
  replacement: z.ZodType<B>;
  /** Name of the body's id field in errors (`id` or `id.id`) and how to read it from a body. */
  idField: string;
  idOf(body: B): string | undefined;
  /** The stored object of a replacement body. */
  withId(body: B, id: string, scope: DirectoryScope): E;
  /** The v3 list, when the directory has one. */
  v3List?: DirectoryV3List<F>;
  /** The legacy collection `GET` (default: deprecated, unpaged); `false` when there is none. */
  legacyList?: DirectoryLegacyList | false;
  /** Status of a successful create (default 201). */
  createStatus?: 200 | 201;
  /** Answer of a successful PUT and DELETE: 204 (default) or 200, both without a body. */
  emptyStatus?: 200 | 204;
  /** Whether externalIds must be unique per owner (default true). */
  uniqueExternalIds?: boolean;
  /** Whether DELETE accepts the `detachUsers` query (default true). */
  detachUsers?: boolean;
  /** Throws when the object may not be deleted yet (for example, while it has children). */
  assertDeletable?(id: string, record: R): void;
}

const listQuery = z.looseObject({ externalId: z.string().optional() });

const pagedListQuery = listQuery.extend({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(1000),
});

/** The vendor's sunset date of the deprecated GET lists. */
const LIST_SUNSET = new Date("2026-07-01T00:00:00Z");

type Request = Parameters<typeof param>[0];

/**
 * The lookups of a directory's routes; each sees the path's company's records only: the company
 * of the path (checked against the caller), the parent of the path, the object of the path.
 */
function directoryLookups<
  E extends DirectoryEntity,
  R extends CompanyOwned<E>,
  F,
  B extends DirectoryEntity,
  C,
>(ctx: EmulatorContext, spec: DirectorySpec<E, R, F, B, C>) {
  const { parent } = spec;
  const records = () => ctx.store.records(spec.records);
  const ownerOf = (record: R) => (parent ? parent.parentIdOf(record) : record.companyId);
  /** The `[id, record]` pairs of the scope's company under its owner (the company, or the parent). */
  const ofOwner = (scope: DirectoryScope) =>
    records()
      .of(scope.companyId)
      .entries()
      .filter(([, record]) => ownerOf(record) === scope.ownerId);
  /** The company of the path, checked against the caller. */
  const companyOf = (request: Request) => {
    const companyId = param(request, "companyId");
    return { companyId, company: companyFor(ctx.store, principalOf(request), companyId) };
  };
  /** The company, then the parent of the path (404 unless it is the company's). */
  const scopeOf = (request: Request, { companyId, company } = companyOf(request)): DirectoryScope => {
    if (!parent) return { companyId, company, ownerId: companyId };
    const parentId = param(request, parent.idParam);
    ownedRecord(ctx.store.records(parent.records), parent.singular, parentId, companyId);
    return { companyId, company, ownerId: parentId };
  };
  /** The object of the path; 404 unless it belongs to the company and the path's parent. */
  const itemOf = (scope: DirectoryScope, id: string): R => {
    const record = ownedRecord(records(), spec.singular, id, scope.companyId);
    if (ownerOf(record) !== scope.ownerId) throw notFound(spec.singular, id);
    return record;
  };
  const where = (scope: DirectoryScope) =>
    parent
      ? `the ${spec.plural} of ${parent.singular} ${scope.ownerId}`
      : `the ${spec.plural} of company ${scope.companyId}`;
  const assertUniqueExternalId = (
    scope: DirectoryScope,
    externalId: string | undefined,
    exceptId?: string,
  ) => {
    if (spec.uniqueExternalIds === false) return;
    assertExternalIdFree(
      ofOwner(scope),
      ([, record]) => record.entity.externalId,
      ([id]) => id,
      externalId,
      where(scope),
      exceptId,
    );
  };
  const reference = ([id, record]: [string, R]) => ({ id, name: record.entity.name });
  return { records, ofOwner, companyOf, scopeOf, itemOf, assertUniqueExternalId, reference };
}

/** The legacy `GET` of the collection, unless the spec has none. */
function legacyListRoute<
  E extends DirectoryEntity,
  R extends CompanyOwned<E>,
  F,
  B extends DirectoryEntity,
  C,
>(
  ctx: EmulatorContext,
  app: ZodRoutes,
  spec: DirectorySpec<E, R, F, B, C>,
  lookups: ReturnType<typeof directoryLookups<E, R, F, B, C>>,
  collectionPath: string,
): void {
  const legacy = spec.legacyList ?? {};
  if (legacy === false) return;
  /** The answer: the owner's objects with the query's externalId, all of them or one page. */
  const answer = (
    request: Request,
    reply: FastifyReply,
    externalId: string | undefined,
    paging?: { pageNumber: number; pageSize: number },
  ) => {
    const scope = lookups.scopeOf(request);
    if (legacy.deprecated ?? true)
      markDeprecated(reply, `/v3/companies/${scope.companyId}/${spec.segment}/list`, LIST_SUNSET);
    const matching = lookups
      .ofOwner(scope)
      .filter(([, record]) => externalId === undefined || record.entity.externalId === externalId);
    const page = paging
      ? pageOf(matching, paging.pageNumber, pageLimit(ctx.settings, paging.pageSize))
      : matching;
    return { length: page.length, elements: page.map(lookups.reference), totalNumResults: matching.length };
  };
  if (legacy.paged) {
    app.get(collectionPath, { schema: { querystring: pagedListQuery } }, async (request, reply) =>
      answer(request, reply, request.query.externalId, request.query),
    );
  } else {
    app.get(collectionPath, { schema: { querystring: listQuery } }, async (request, reply) =>
      answer(request, reply, request.query.externalId),
    );
  }
}

/** The offset-paged list `POST /v3/companies/{companyId}/<segment>/list`, when the spec has one. */
function v3ListRoute<E extends DirectoryEntity, R extends CompanyOwned<E>, F, B extends DirectoryEntity, C>(
  ctx: EmulatorContext,
  app: ZodRoutes,
  spec: DirectorySpec<E, R, F, B, C>,
  lookups: ReturnType<typeof directoryLookups<E, R, F, B, C>>,
): void {
  const { v3List } = spec;
  if (!v3List) return;
  const path = `/${v3List.version ?? "v3"}/companies/:companyId/${spec.segment}/list`;
  app.post(path, { schema: { body: v3List.schema } }, async (request) => {
    const { companyId } = lookups.companyOf(request);
    const body = request.body;
    const matching = lookups
      .records()
      .of(companyId)
      .entries()
      .filter(([, record]) => matchesSearch(body.searchText, record.entity.name))
      .filter(([id, record]) =>
        matchesAnyFilter(
          body.filters,
          (filter) =>
            inList(v3List.filterIds(filter), id) &&
            inList(v3List.externalIdsOf?.(filter), record.entity.externalId),
        ),
      );
    const { offset, limit } = body.paginationParams;
    const { page, totalNumResults } = offsetPage(matching, { offset, limit: pageLimit(ctx.settings, limit) });
    return { paginationParams: { totalNumResults }, [v3List.key]: page.map(lookups.reference) };
  });
}

/** Registers a directory's routes; every lookup sees the path's company's records only. */
export function directoryRoutes<
  E extends DirectoryEntity,
  R extends CompanyOwned<E>,
  F,
  B extends DirectoryEntity = E,
  C = unknown,
>(ctx: EmulatorContext, spec: DirectorySpec<E, R, F, B, C>) {
  const lookups = directoryLookups(ctx, spec);
  const { records, companyOf, scopeOf, itemOf, assertUniqueExternalId } = lookups;
  const parentPath = spec.parent ? `/${spec.parent.segment}/:${spec.parent.idParam}` : "";
  const collectionPath = `/v2/companies/:companyId${parentPath}/${spec.segment}`;
  const itemPath = `${collectionPath}/:${spec.idParam}`;
  const emptyReply = (reply: FastifyReply) => (spec.emptyStatus === 200 ? okEmpty(reply) : noContent(reply));

  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    app.addHook("preValidation", authenticate(ctx));

    app.post(collectionPath, { schema: { body: spec.creation } }, async (request, reply) => {
      const scope = scopeOf(request);
      const id = newId();
      const body = checkedBody(request, spec.creation);
      const record = spec.create(body, id, scope.companyId, ctx.clock.now(), scope);
      assertUniqueExternalId(scope, record.entity.externalId);
      records().set(id, record);
      return reply.code(spec.createStatus ?? 201).send({ id });
    });

    legacyListRoute(ctx, app, spec, lookups, collectionPath);

    app.get(itemPath, async (request) => itemOf(scopeOf(request), param(request, spec.idParam)).entity);

    app.put(itemPath, { schema: { body: spec.replacement } }, async (request, reply) => {
      const scope = scopeOf(request);
      const id = param(request, spec.idParam);
      const existing = itemOf(scope, id);
      const body = checkedBody(request, spec.replacement);
      requireMatchingId(spec.idField, spec.idOf(body), id);
      assertUniqueExternalId(scope, body.externalId, id);
      records().set(id, { ...existing, entity: spec.withId(body, id, scope) });
      return emptyReply(reply);
    });

    const deletion = (spec.detachUsers ?? true) ? { schema: { querystring: detachUsersQuery } } : {};
    app.delete(itemPath, deletion, async (request, reply) => {
      const company = companyOf(request);
      const id = param(request, spec.idParam);
      const record = itemOf(scopeOf(request, company), id);
      spec.assertDeletable?.(id, record);
      records().delete(id);
      return emptyReply(reply);
    });

    v3ListRoute(ctx, app, spec, lookups);
  };
}

/** The routes of one directory, given the emulator's context. */
export type DirectoryRoutes = (ctx: EmulatorContext) => (app: FastifyInstance) => Promise<void>;

/**
 * A company directory: the record kind of its objects (the store is built with it, so it gets
 * tenant scoping and its part in a company deletion) and its routes.
 */
export interface CompanyDirectory {
  records: RecordKind<CompanyOwned<unknown>>;
  routes: DirectoryRoutes;
}

/** A directory declared whole by its spec, registered with the emulator's context. */
export function directory<
  E extends DirectoryEntity,
  R extends CompanyOwned<E>,
  F,
  B extends DirectoryEntity = E,
  C = unknown,
>(spec: DirectorySpec<E, R, F, B, C>): CompanyDirectory {
  return { records: spec.records, routes: (ctx) => directoryRoutes(ctx, spec) };
}

/** Page `pageNumber` (from 1) of `pageSize` items. */
function pageOf<T>(items: readonly T[], pageNumber: number, pageSize: number): T[] {
  const start = (pageNumber - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

/**
 * The create, replacement and id parts of a spec whose objects carry a plain-string `id`: created
 * from `createSchema`, replaced whole by `replacement` (an `id` in the body must match the path).
 */
export function plainIdObjects<
  C extends DirectoryEntity,
  B extends DirectoryEntity & { id?: string | undefined },
>(createSchema: z.ZodType<C>, replacement: z.ZodType<B>) {
  return {
    creation: createSchema,
    create: (body: C, id: string, companyId: string, nowMs: number): CompanyOwned<C & { id: string }> => ({
      companyId,
      createdAtMs: nowMs,
      entity: { ...body, id },
    }),
    replacement,
    idField: "id",
    idOf: (body: B) => body.id,
    withId: (body: B, id: string): B & { id: string } => ({ ...body, id }),
  };
}
