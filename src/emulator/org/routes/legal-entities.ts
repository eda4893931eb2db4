/**
 * Legal entities: `POST/GET /v2/companies/{companyId}/legal-entities` (the GET paged by
 * `pageNumber` and `pageSize`, not deprecated) and
 * `GET/PUT/DELETE /v2/companies/{companyId}/legal-entities/{legalEntityId}`. A legal entity with
 * offices cannot be deleted (400 LEGAL_ENTITY_HAS_OFFICES); the booking TMC defaults to the
 * company's and must be a TMC when given.
 */
import { entityIdSchema } from "../../../schemas/common";
import {
  type LegalEntity,
  legalEntityCreateRequestSchema,
  legalEntityUpdateRequestSchema,
} from "../../../schemas/legal-entity";
import type { Reference } from "../../../schemas/pagination";
import type { EmulatorContext } from "../../context";
import { badRequest } from "../../core/errors";
import { COMPANIES, type CompanyRecord, LEGAL_ENTITIES, type LegalEntityRecord, OFFICES } from "../records";
import { countOf } from "../../core/count-of";
import { directoryRoutes } from "./company-directory";

/** Company roles a booking TMC must have. */
const TMC_ROLES = new Set(["TMC", "PARTNER_TMC"]);

/** Registers the legal entity routes. */
export function legalEntityRoutes(ctx: EmulatorContext) {
  /** The company's booking TMC: a reference the caller gave (checked) or the default. */
  const bookingTmcRef = (company: CompanyRecord, given: Reference | undefined): Reference => {
    if (given) {
      const tmc = ctx.store.records(COMPANIES).get(given.id);
      if (!tmc || !tmc.companyRoles.some((role) => TMC_ROLES.has(role)))
        throw badRequest(`bookingTmcRef.id ${given.id} is not a TMC`, "INVALID_BOOKING_TMC");
      return given;
    }
    const booking = entityIdSchema.safeParse(company.bookingTmcId);
    return { id: booking.success ? booking.data.id : company.tmcId };
  };

  return directoryRoutes(ctx, {
    records: LEGAL_ENTITIES,
    segment: "legal-entities",
    idParam: "legalEntityId",
    singular: "legal entity",
    plural: "legal entities",
    creation: legalEntityCreateRequestSchema,
    create(fields, id, companyId, nowMs, { company }): LegalEntityRecord {
      return {
        companyId,
        createdAtMs: nowMs,
        entity: { ...fields, id, bookingTmcRef: bookingTmcRef(company, undefined) },
      };
    },
    replacement: legalEntityUpdateRequestSchema,
    idField: "id",
    idOf: (body) => body.id,
    withId: (body, id, { company }): LegalEntity => ({
      ...body,
      id,
      bookingTmcRef: bookingTmcRef(company, body.bookingTmcRef),
    }),
    legacyList: { deprecated: false, paged: true },
    detachUsers: false,
    assertDeletable(id, { companyId }) {
      const offices = ctx.store
        .records(OFFICES)
        .of(companyId)
        .values()
        .filter((office) => office.legalEntityId === id).length;
      if (offices > 0)
        throw badRequest(
          `legal entity ${id} still has ${countOf(offices, "office", "offices")}; delete them first`,
          "LEGAL_ENTITY_HAS_OFFICES",
        );
    },
  });
}
