/** Companies: `POST/GET /v2/companies` and `GET/PUT/DELETE /v2/companies/{companyId}`. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { companySchema, createCompanyRequestSchema } from "../../../schemas/company";
import type { EmulatorContext } from "../../context";
import { badRequest, conflict, forbidden } from "../../core/errors";
import { pageLimit } from "../../core/settings";
import { noContent, param } from "../../core/http";
import { authenticate, principalOf } from "../../identity/authenticate";
import { newId } from "../../core/ids";
import { canAccessCompany, companyFor, requireTmcAdmin } from "../permissions";
import { COMPANIES, type CompanyRecord } from "../records";
import type { Collection } from "../../core/store";
import type { Principal } from "../../identity/identity";
import { companyDeletionBlocker, purgeCompany } from "../../core/company-deletion";
import { withZod } from "../../core/request-validation";

const listQuery = z.looseObject({
  externalId: z.string().optional(),
  companyIds: z.union([z.string(), z.array(z.string())]).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

/** Internal fields that never leave the emulator. */
const INTERNAL_FIELDS = ["tmcId", "createdAtMs"] as const;

/** The vendor `Company` view of a stored record. */
export function toCompany(record: CompanyRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { ...record };
  for (const field of INTERNAL_FIELDS) delete out[field];
  return out;
}

/** Throws 409 DUPLICATE_EXTERNAL_ID when another company of the TMC already uses `externalId`. */
function assertCompanyExternalIdFree(
  companies: Collection<CompanyRecord>,
  tmcId: string,
  externalId: string | undefined,
  exceptId?: string,
): void {
  if (externalId === undefined) return;
  const clash = companies
    .values()
    .find((c) => c.tmcId === tmcId && c.externalId === externalId && c.id.id !== exceptId);
  if (clash)
    throw conflict(
      "DUPLICATE_EXTERNAL_ID",
      `externalId ${externalId} is already used by company ${clash.id.id}`,
    );
}

/**
 * Deletes a company the caller (a TMC admin) manages, with everything it owns; 400
 * COMPANY_NOT_EMPTY while it still holds objects that guard it, 403 for the caller's own TMC.
 */
function deleteCompany(ctx: EmulatorContext, principal: Principal, companyId: string): void {
  requireTmcAdmin(principal, "deleting companies");
  const company = companyFor(ctx.store, principal, companyId);
  if (companyId === company.tmcId) throw forbidden("a TMC cannot delete itself");
  const blocker = companyDeletionBlocker(ctx.store, companyId);
  if (blocker)
    throw badRequest(`company ${companyId} still has ${blocker}; delete them first`, "COMPANY_NOT_EMPTY");
  // The company's record goes with everything else it owns.
  purgeCompany(ctx.store, companyId);
}

/** `GET /v2/companies`: the companies the caller may manage, filtered and paged. */
function listCompanies(ctx: EmulatorContext, principal: Principal, query: z.output<typeof listQuery>) {
  const wanted = query.companyIds === undefined ? undefined : new Set([query.companyIds].flat());
  const visible = ctx.store
    .records(COMPANIES)
    .values()
    .filter((c) => canAccessCompany(principal, c))
    .filter((c) => query.externalId === undefined || c.externalId === query.externalId)
    .filter((c) => wanted === undefined || wanted.has(c.id.id));
  const page = visible.slice(query.offset, query.offset + pageLimit(ctx.settings, query.limit));
  return {
    length: page.length,
    elements: page.map((c) => ({ id: c.id.id, name: c.name })),
    totalNumResults: visible.length,
  };
}

/** Registers the company routes. */
export function companyRoutes(ctx: EmulatorContext) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    const companies = () => ctx.store.records(COMPANIES);
    app.addHook("preValidation", authenticate(ctx));

    const assertExternalIdFree = (tmcId: string, externalId: string | undefined, exceptId?: string) =>
      assertCompanyExternalIdFree(companies(), tmcId, externalId, exceptId);

    app.post("/v2/companies", { schema: { body: createCompanyRequestSchema } }, async (request, reply) => {
      const principal = principalOf(request);
      requireTmcAdmin(principal, "creating companies");
      const body = request.body;
      if (body.contractedBy && body.contractedBy.id !== principal.tmcId) {
        throw forbidden(`contractedBy ${body.contractedBy.id} is not the caller's TMC`);
      }
      assertExternalIdFree(principal.tmcId, body.externalId);
      const id = newId();
      // `CreateCompanyRequest` takes the support configs as a list; `Company` holds `SupportConfigs`.
      const { supportConfigs, ...fields } = body;
      companies().set(id, {
        ...fields,
        ...(supportConfigs === undefined
          ? {}
          : { supportConfigs: { length: supportConfigs.length, elements: supportConfigs } }),
        id: { id },
        contractedBy: { id: principal.tmcId },
        isActive: true,
        tmcId: principal.tmcId,
        createdAtMs: ctx.clock.now(),
      });
      return reply.code(201).send({ id });
    });

    app.get("/v2/companies", { schema: { querystring: listQuery } }, async (request) =>
      listCompanies(ctx, principalOf(request), request.query),
    );

    app.get("/v2/companies/:companyId", async (request) => {
      return toCompany(companyFor(ctx.store, principalOf(request), param(request, "companyId")));
    });

    app.put("/v2/companies/:companyId", { schema: { body: companySchema } }, async (request, reply) => {
      const principal = principalOf(request);
      const companyId = param(request, "companyId");
      const existing = companyFor(ctx.store, principal, companyId);
      const body = request.body;
      if (body.id.id !== companyId) {
        throw badRequest(
          `id.id ${body.id.id} does not match the path's companyId ${companyId}`,
          "ID_MISMATCH",
        );
      }
      if (body.contractedBy && body.contractedBy.id !== existing.tmcId) {
        throw forbidden("contractedBy cannot be changed to another TMC");
      }
      assertExternalIdFree(existing.tmcId, body.externalId, companyId);
      companies().set(companyId, {
        ...body,
        id: { id: companyId },
        contractedBy: existing.contractedBy,
        isActive: body.isActive ?? true,
        tmcId: existing.tmcId,
        createdAtMs: existing.createdAtMs,
      });
      return noContent(reply);
    });

    app.delete("/v2/companies/:companyId", async (request, reply) => {
      deleteCompany(ctx, principalOf(request), param(request, "companyId"));
      return noContent(reply);
    });
  };
}
