/**
 * The custom-field list of a company at one level, as `CustomField`, `CustomFieldOrder` and their
 * inventories read it: the company's own fields (not those inherited from its TMC), in checkout
 * order, and the levels a company has fields at; and the paths of the collection and of a field,
 * which the custom field and its arms share.
 */
import { apiPath, listAll, type TravelClient } from "../client";
import {
  type CustomFieldLevel,
  customFieldLevelSchema,
  customFieldListResponseSchema,
} from "../schemas/custom-field";

/** The custom-field collection of `companyId` (POST creates here; `/list` lists it). */
export const customFieldsPath = (companyId: string) => apiPath`/v3/companies/${companyId}/custom-fields`;

/** The custom field `id` of `companyId`. */
export const customFieldPath = (companyId: string, id: string) =>
  `${customFieldsPath(companyId)}${apiPath`/${id}`}`;

/** A company's own field as the list shows it. */
export interface OwnField {
  id: string;
  name: string;
  enabled: boolean;
}

/**
 * The list entries of `companyId` at `level` (fields inherited from a parent level included)
 * matching `body`'s filters, every page.
 */
export function listCustomFields(
  client: TravelClient,
  companyId: string,
  level: CustomFieldLevel,
  body: Record<string, unknown> = {},
) {
  return listAll(client, {
    path: `${customFieldsPath(companyId)}/list`,
    shape: "paginationParamsBody",
    page: customFieldListResponseSchema,
    items: (page) => page.fields,
    query: { companyRole: level },
    body,
  });
}

/** The company's own fields at `level`, in checkout order (every page). */
export async function ownFields(
  client: TravelClient,
  companyId: string,
  level: CustomFieldLevel,
): Promise<OwnField[]> {
  const listed = await listCustomFields(client, companyId, level);
  return listed.flatMap((field) =>
    (field.parentInfos ?? []).length === 0
      ? [{ id: field.id, name: field.name, enabled: field.enabled }]
      : [],
  );
}

/**
 * The custom-field levels of `company`: those of its roles that are levels (ORG, TMC,
 * PARTNER_TMC). A list at a level the company does not have is refused (400
 * COMPANY_ROLE_MISMATCH), so a reader of a TMC lists at TMC, not at ORG.
 */
export function fieldLevelsOf(company: Record<string, unknown>): CustomFieldLevel[] {
  const roles: unknown[] = Array.isArray(company.companyRoles) ? company.companyRoles : [];
  return customFieldLevelSchema.options.filter((level) => roles.includes(level));
}
