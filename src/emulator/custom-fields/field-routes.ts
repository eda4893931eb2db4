/**
 * Custom fields: create, list (with inherited TMC fields), get, full-replacement PUT, DELETE
 * (cascading to arms and options), `update-status` and `reorder`.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  createCustomFieldRequestSchema,
  customFieldLevelSchema,
  listCustomFieldsRequestSchema,
  replaceCustomFieldRequestSchema,
  reorderRequestSchema,
  statusLevelSchema,
  updateStatusRequestSchema,
} from "../../schemas/custom-field";
import type { EmulatorContext } from "../context";
import { badRequest, notFound } from "../core/errors";
import { pageLimit } from "../core/settings";
import { newId } from "../core/ids";
import { withZod } from "../core/request-validation";
import { principalOf } from "../identity/authenticate";
import { COMPANIES } from "../org/records";
import type { CustomFieldStore } from "./lookups";
import type { CustomFieldRecord } from "./records";
import { assertLevelAccess, defaultLevel, duplicateName, reordered } from "./rules";

const requiredLevel = z.looseObject({ companyRole: customFieldLevelSchema });
const optionalLevel = z.looseObject({ companyRole: customFieldLevelSchema.optional() });
const statusLevel = z.looseObject({ companyRole: statusLevelSchema });

const iso = (ms: number) => new Date(ms).toISOString();

/** The GET view of a field (no arms, no enabled flag). */
function fieldView(field: CustomFieldRecord) {
  return {
    id: field.id,
    name: field.name,
    ...(field.description === undefined ? {} : { description: field.description }),
    ...(field.includeLocations === undefined ? {} : { includeLocations: field.includeLocations }),
    ...(field.managementTags === undefined ? {} : { managementTags: field.managementTags }),
    ...(field.respondOnlyOnceLevel === undefined ? {} : { respondOnlyOnceLevel: field.respondOnlyOnceLevel }),
  };
}

/** The list view of a field, with `parentInfos` when it is inherited. */
function listView(field: CustomFieldRecord, inherited: boolean) {
  return {
    id: field.id,
    name: field.name,
    ...(field.description === undefined ? {} : { description: field.description }),
    definedAt: field.definedAt,
    enabled: field.enabled,
    createdAt: iso(field.createdAtMs),
    parentInfos: inherited
      ? [{ customFieldId: field.id, companyId: field.companyId, definedAt: field.definedAt }]
      : [],
  };
}

/**
 * `POST .../custom-fields/list`: the company's fields at the requested level in checkout order,
 * then (at ORG level) the fields its TMC defined at TMC level, searched, filtered and paged.
 */
function listFields(
  ctx: EmulatorContext,
  cf: CustomFieldStore,
  request: FastifyRequest,
  query: z.output<typeof optionalLevel>,
  body: z.output<typeof listCustomFieldsRequestSchema>,
) {
  const company = cf.company(request);
  const level = query.companyRole ?? defaultLevel(company);
  assertLevelAccess(principalOf(request), company, level);
  const companyId = company.id.id;
  const own = cf.ordered(companyId).filter((field) => field.definedAt === level);
  const parent =
    level === "ORG" && company.tmcId !== companyId
      ? ctx.store.records(COMPANIES).get(company.tmcId)
      : undefined;
  const inherited = parent ? cf.ordered(company.tmcId).filter((field) => field.definedAt === "TMC") : [];
  const wanted = body.searchText?.trim().toLowerCase() ?? "";
  const filter = body.filter;
  const entries = [
    ...own.map((field) => ({ field, inherited: false })),
    ...inherited.map((field) => ({ field, inherited: true })),
  ].filter(
    ({ field }) =>
      (wanted === "" || field.name.toLowerCase().includes(wanted)) &&
      (filter?.definedAtList === undefined || filter.definedAtList.includes(field.definedAt)) &&
      (filter?.enabled === undefined || filter.enabled === field.enabled) &&
      (filter?.customFieldIds === undefined || filter.customFieldIds.includes(field.id)),
  );
  const { offset } = body.paginationParams;
  const limit = pageLimit(ctx.settings, body.paginationParams.limit);
  return {
    paginationParams: { offset, limit, totalNumResults: entries.length },
    fields: entries.slice(offset, offset + limit).map((entry) => listView(entry.field, entry.inherited)),
  };
}

/** Throws 409 when another field of the company has `name` (case-insensitive). */
function assertFieldNameFree(cf: CustomFieldStore, companyId: string, name: string, exceptId?: string): void {
  const wanted = name.toLowerCase();
  const clash = cf.fields
    .of(companyId)
    .values()
    .find((f) => f.id !== exceptId && f.name.toLowerCase() === wanted);
  if (clash) throw duplicateName(name, companyId, clash.id);
}

/** Registers the field routes (authentication is added by the caller). */
export function fieldRoutes(ctx: EmulatorContext, cf: CustomFieldStore) {
  const assertNameFree = (companyId: string, name: string, exceptId?: string) =>
    assertFieldNameFree(cf, companyId, name, exceptId);
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    app.post(
      "/v3/companies/:companyId/custom-fields",
      { schema: { querystring: requiredLevel, body: createCustomFieldRequestSchema } },
      async (request, reply) => {
        const company = cf.company(request);
        const { companyRole } = request.query;
        assertLevelAccess(principalOf(request), company, companyRole);
        const body = request.body;
        assertNameFree(company.id.id, body.name);
        const id = newId();
        cf.fields.set(id, {
          ...body,
          id,
          companyId: company.id.id,
          definedAt: companyRole,
          enabled: false,
          createdAtMs: ctx.clock.now(),
        });
        cf.setOrder(company.id.id, [...cf.ordered(company.id.id).map((f) => f.id)]);
        return reply.code(201).send({ id });
      },
    );

    const list = { schema: { querystring: optionalLevel, body: listCustomFieldsRequestSchema } };
    app.post("/v3/companies/:companyId/custom-fields/list", list, async (request) =>
      listFields(ctx, cf, request, request.query, request.body),
    );

    app.patch(
      "/v3/companies/:companyId/custom-fields/update-status",
      { schema: { querystring: statusLevel, body: updateStatusRequestSchema } },
      async (request, reply) => {
        const company = cf.company(request);
        const { companyRole } = request.query;
        assertLevelAccess(principalOf(request), company, companyRole);
        const body = request.body;
        const targets = body.fieldsToUpdate.map((entry) => {
          const field = cf.fields.of(company.id.id).get(entry.id);
          if (!field || field.definedAt !== companyRole) throw notFound("custom field", entry.id);
          return { field, enabled: entry.enabled };
        });
        for (const { field, enabled } of targets) cf.fields.set(field.id, { ...field, enabled });
        return reply.code(200).send();
      },
    );

    app.post(
      "/v3/companies/:companyId/custom-fields/reorder",
      { schema: { body: reorderRequestSchema } },
      async (request, reply) => {
        const company = cf.company(request);
        const body = request.body;
        const order = cf.ordered(company.id.id).map((field) => field.id);
        cf.setOrder(company.id.id, reordered(order, body.targetFieldId, body.direction, body.fieldIdsToMove));
        return reply.code(200).send();
      },
    );

    app.get("/v3/companies/:companyId/custom-fields/:customFieldId", async (request) =>
      fieldView(cf.field(request)),
    );

    app.put(
      "/v3/companies/:companyId/custom-fields/:customFieldId",
      { schema: { body: replaceCustomFieldRequestSchema } },
      async (request, reply) => {
        const field = cf.field(request);
        const body = request.body;
        if (body.id !== field.id)
          throw badRequest(`id ${body.id} does not match the path's id ${field.id}`, "ID_MISMATCH");
        assertNameFree(field.companyId, body.name, field.id);
        cf.fields.set(field.id, {
          id: field.id,
          companyId: field.companyId,
          definedAt: field.definedAt,
          enabled: field.enabled,
          createdAtMs: field.createdAtMs,
          name: body.name,
          description: body.description,
          includeLocations: body.includeLocations,
          managementTags: body.managementTags,
          respondOnlyOnceLevel: body.respondOnlyOnceLevel,
        });
        return reply.code(200).send();
      },
    );

    app.delete("/v3/companies/:companyId/custom-fields/:customFieldId", async (request, reply) => {
      cf.deleteField(cf.field(request));
      return reply.code(200).send();
    });
  };
}
